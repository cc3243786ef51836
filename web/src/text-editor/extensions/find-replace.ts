import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export interface FindMatch {
  from: number;
  to: number;
}

export interface FindState {
  query: string;
  caseSensitive: boolean;
  matches: FindMatch[];
  /** Index of the current match in `matches`, -1 when there is none. */
  current: number;
  decorations: DecorationSet;
}

export const findReplaceKey = new PluginKey<FindState>('findReplace');

interface FindMeta {
  query?: string;
  caseSensitive?: boolean;
  current?: number;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    findReplace: {
      /** Sets the search (an empty query clears it: no work on later keystrokes). */
      setSearch: (query: string, options?: { caseSensitive?: boolean }) => ReturnType;
      clearSearch: () => ReturnType;
      findNext: () => ReturnType;
      /** Makes match `index` the current one; -1 leaves none current (it is elsewhere). */
      findGoTo: (index: number) => ReturnType;
      findPrevious: () => ReturnType;
      /** Replaces the current match and moves to the next. */
      replaceCurrent: (replacement: string) => ReturnType;
      /** Replaces every match in one transaction (one undo step). */
      replaceAll: (replacement: string) => ReturnType;
    };
  }
}

/** Where `needle` (already lower-cased unless `caseSensitive`) starts in `text`, left to right. */
export function occurrences(text: string, needle: string, caseSensitive: boolean): number[] {
  const haystack = caseSensitive ? text : text.toLowerCase();
  const found: number[] = [];
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    found.push(at);
    at = haystack.indexOf(needle, at + needle.length);
  }
  return found;
}

/** Occurrences of `needle` in one text block at `pos` (inline atoms count as one character). */
function blockMatches(
  node: PmNode,
  pos: number,
  needle: string,
  caseSensitive: boolean,
  out: FindMatch[],
): void {
  const text = node.textBetween(0, node.content.size, undefined, '\ufffc');
  for (const at of occurrences(text, needle, caseSensitive))
    out.push({ from: pos + 1 + at, to: pos + 1 + at + needle.length });
}

export const needleOf = (query: string, caseSensitive: boolean) =>
  caseSensitive ? query : query.toLowerCase();

/** Every occurrence of `query` inside a text block (matches do not cross blocks). */
export function findMatches(doc: PmNode, query: string, caseSensitive: boolean): FindMatch[] {
  if (query === '') return [];
  const needle = needleOf(query, caseSensitive);
  const matches: FindMatch[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    blockMatches(node, pos, needle, caseSensitive, matches);
    return false;
  });
  return matches;
}

const matchDecoration = (m: FindMatch) => Decoration.inline(m.from, m.to, { class: 'find-match' });

function build(doc: PmNode, query: string, caseSensitive: boolean, wanted: number): FindState {
  const matches = findMatches(doc, query, caseSensitive);
  const current = matches.length === 0 ? -1 : Math.min(Math.max(wanted, 0), matches.length - 1);
  const decorations =
    matches.length === 0
      ? DecorationSet.empty
      : DecorationSet.create(doc, matches.map(matchDecoration));
  return { query, caseSensitive, matches, current, decorations };
}

/**
 * After an edit while searching: matches are mapped through the change and only the text
 * blocks the change touched are searched again, so a keystroke costs the size of its
 * paragraph (plus a position map per match), not of the chapter.
 */
function update(tr: Transaction, previous: FindState, doc: PmNode): FindState {
  const blocks: { from: number; to: number; node: PmNode; pos: number }[] = [];
  tr.mapping.maps.forEach((map, index) => {
    const rest = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = Math.max(0, rest.map(newStart, -1) - 1);
      const to = Math.min(doc.content.size, rest.map(newEnd, 1) + 1);
      doc.nodesBetween(from, to, (node, pos) => {
        if (!node.isTextblock) return true;
        if (!blocks.some((b) => b.pos === pos))
          blocks.push({ from: pos, to: pos + node.nodeSize, node, pos });
        return false;
      });
    });
  });
  const inChanged = (m: FindMatch) => blocks.some((b) => m.from >= b.from && m.to <= b.to);
  const length = previous.query.length;
  const kept: FindMatch[] = [];
  for (const m of previous.matches) {
    const from = tr.mapping.mapResult(m.from, 1);
    const to = tr.mapping.mapResult(m.to, -1);
    const mapped = { from: from.pos, to: to.pos };
    if (!from.deleted && !to.deleted && mapped.to - mapped.from === length && !inChanged(mapped))
      kept.push(mapped);
  }
  const found: FindMatch[] = [];
  const needle = needleOf(previous.query, previous.caseSensitive);
  for (const block of blocks)
    blockMatches(block.node, block.pos, needle, previous.caseSensitive, found);
  const matches = kept.concat(found).sort((x, y) => x.from - y.from);

  let decorations = previous.decorations.map(tr.mapping, doc);
  for (const block of blocks)
    decorations = decorations.remove(decorations.find(block.from, block.to));
  decorations = decorations.add(doc, found.map(matchDecoration));
  const current =
    matches.length === 0 ? -1 : Math.min(Math.max(previous.current, 0), matches.length - 1);
  return { ...previous, matches, current, decorations };
}

const EMPTY: FindState = {
  query: '',
  caseSensitive: false,
  matches: [],
  current: -1,
  decorations: DecorationSet.empty,
};

export function findState(state: EditorState): FindState {
  return findReplaceKey.getState(state) ?? EMPTY;
}

function moveTo(state: EditorState, tr: Transaction, index: number): Transaction {
  const found = findState(state);
  const match = found.matches[index];
  tr.setMeta(findReplaceKey, { current: index } satisfies FindMeta);
  if (match) tr.setSelection(TextSelection.create(tr.doc, match.from, match.to)).scrollIntoView();
  return tr;
}

/**
 * Find and replace with decorations. Matches are recomputed only while a query is set (the
 * panel is open) and only when the query or the document changes; otherwise a transaction
 * costs nothing here.
 */
export interface FindReplaceOptions {
  /** Opens the panel (Mod-f: find, Mod-h: replace); without it the browser keeps the keys. */
  onOpen: ((replace: boolean) => void) | null;
}

export const FindReplace = Extension.create<FindReplaceOptions>({
  name: 'findReplace',

  addCommands() {
    return {
      setSearch:
        (query, options) =>
        ({ tr, dispatch }) => {
          if (dispatch) {
            const meta: FindMeta = {
              query,
              caseSensitive: options?.caseSensitive ?? false,
              current: 0,
            };
            dispatch(tr.setMeta(findReplaceKey, meta));
          }
          return true;
        },
      clearSearch:
        () =>
        ({ tr, dispatch }) => {
          if (dispatch) dispatch(tr.setMeta(findReplaceKey, { query: '' } satisfies FindMeta));
          return true;
        },
      findNext:
        () =>
        ({ state, tr, dispatch }) => {
          const { matches, current } = findState(state);
          if (matches.length === 0) return false;
          if (dispatch) dispatch(moveTo(state, tr, (current + 1) % matches.length));
          return true;
        },
      findGoTo:
        (index) =>
        ({ state, tr, dispatch }) => {
          if (index >= findState(state).matches.length) return false;
          if (dispatch) dispatch(moveTo(state, tr, Math.max(index, -1)));
          return true;
        },
      findPrevious:
        () =>
        ({ state, tr, dispatch }) => {
          const { matches, current } = findState(state);
          if (matches.length === 0) return false;
          if (dispatch)
            dispatch(moveTo(state, tr, (current - 1 + matches.length) % matches.length));
          return true;
        },
      replaceCurrent:
        (replacement) =>
        ({ state, tr, dispatch }) => {
          const { matches, current } = findState(state);
          const match = matches[current];
          if (!match) return false;
          if (dispatch) {
            if (replacement === '') tr.delete(match.from, match.to);
            else tr.insertText(replacement, match.from, match.to);
            tr.setMeta(findReplaceKey, { current } satisfies FindMeta);
            dispatch(tr);
          }
          return true;
        },
      replaceAll:
        (replacement) =>
        ({ state, tr, dispatch }) => {
          const { matches } = findState(state);
          if (matches.length === 0) return false;
          if (dispatch) {
            // From the end, so earlier positions stay valid.
            for (let i = matches.length - 1; i >= 0; i -= 1) {
              const match = matches[i];
              if (!match) continue;
              if (replacement === '') tr.delete(match.from, match.to);
              else tr.insertText(replacement, match.from, match.to);
            }
            dispatch(tr);
          }
          return true;
        },
    };
  },

  addOptions() {
    return { onOpen: null };
  },

  addKeyboardShortcuts() {
    const open = (replace: boolean) => {
      if (!this.options.onOpen) return false;
      this.options.onOpen(replace);
      return true;
    };
    return { 'Mod-f': () => open(false), 'Mod-h': () => open(true) };
  },

  addProseMirrorPlugins() {
    return [
      new Plugin<FindState>({
        key: findReplaceKey,
        state: {
          init: () => EMPTY,
          apply(tr, previous, _old, newState) {
            const meta = tr.getMeta(findReplaceKey) as FindMeta | undefined;
            if (meta) {
              const query = meta.query ?? previous.query;
              if (query === '') return EMPTY;
              const caseSensitive = meta.caseSensitive ?? previous.caseSensitive;
              return build(newState.doc, query, caseSensitive, meta.current ?? previous.current);
            }
            if (previous.query === '' || !tr.docChanged) return previous;
            return update(tr, previous, newState.doc);
          },
        },
        props: {
          decorations: (state) => findState(state).decorations,
        },
      }),
      // The current match, drawn on top (one decoration, rebuilt cheaply).
      new Plugin({
        key: new PluginKey('findReplaceCurrent'),
        props: {
          decorations: (state) => {
            const { matches, current } = findState(state);
            const match = matches[current];
            if (!match) return DecorationSet.empty;
            return DecorationSet.create(state.doc, [
              Decoration.inline(match.from, match.to, { class: 'find-match-current' }),
            ]);
          },
        },
      }),
    ];
  },
});
