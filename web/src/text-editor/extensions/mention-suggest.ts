/**
 * The mention suggestion while typing: `@` or the start of a known name opens it, the arrows
 * move through it, Tab makes the mention, and so does Enter after `@` or once the arrows chose
 * one (after a plain name Enter still ends the paragraph: prose is typed with Enter), Escape
 * closes it. The plugin holds the state and
 * tells the screen (`onChange`), which draws the list; the editor keeps the focus and points
 * at the active option (`aria-activedescendant`).
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

import { NO_MENTIONS, type MentionDirectory } from '../mention-directory';
import { QUERY_REACH, suggestFor, type Suggestion } from '../mention-suggest-rules';

/** What the screen draws: the options, the active one, where the query is on screen. */
export interface MentionSuggestView {
  listId: string;
  items: Suggestion[];
  active: number;
  anchor: { left: number; top: number; bottom: number };
  /** Makes the mention of option `index`. */
  pick(index: number): void;
}

export interface MentionSuggestOptions {
  directory: MentionDirectory;
  onChange: ((view: MentionSuggestView | null) => void) | null;
}

interface Open {
  from: number;
  to: number;
  items: Suggestion[];
  active: number;
  trigger: '@' | 'name';
  /** The writer moved through the options (so Enter takes the active one). */
  chosen: boolean;
}

interface SuggestState {
  open: Open | null;
  /** Where a suggestion was closed with Escape: it stays closed while its query starts there. */
  dismissed: number | null;
}

type Action = { move: number } | { dismiss: true };

export const mentionSuggestKey = new PluginKey<SuggestState>('mentionSuggest');

let lists = 0;

/** The query before the caret, if an edit of this device's just typed there. */
function queryAt(
  state: EditorState,
  directory: MentionDirectory,
): Omit<Open, 'active' | 'chosen'> | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $from = selection.$from;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return null;
  const offset = $from.parentOffset;
  const before = $from.parent.textBetween(
    Math.max(0, offset - QUERY_REACH),
    offset,
    undefined,
    '\uFFFC',
  );
  if ($from.marks().some((mark) => mark.type.name === 'link' || mark.type.name === 'code'))
    return null;
  const found = suggestFor(before, directory.list());
  if (!found) return null;
  const from = $from.pos - (before.length - found.start);
  return { from, to: $from.pos, items: found.items, trigger: found.trigger };
}

function next(
  tr: Transaction,
  value: SuggestState,
  state: EditorState,
  directory: MentionDirectory,
  typed: boolean,
): SuggestState {
  const action = tr.getMeta(mentionSuggestKey) as Action | undefined;
  const dismissed = value.dismissed === null ? null : tr.mapping.map(value.dismissed);
  if (action && 'dismiss' in action) return { open: null, dismissed: value.open?.from ?? null };
  if (action && value.open) {
    const count = value.open.items.length;
    return {
      open: {
        ...value.open,
        active: (value.open.active + action.move + count) % count,
        chosen: true,
      },
      dismissed,
    };
  }
  if (!tr.docChanged && !tr.selectionSet) return { open: value.open, dismissed };
  // Opens on what the writer types; once open it follows the caret and the query.
  if (!value.open && !typed) return { open: null, dismissed };
  const found = queryAt(state, directory);
  if (!found || found.from === dismissed)
    return { open: null, dismissed: found ? dismissed : null };
  const same =
    value.open?.from === found.from &&
    value.open.items.length === found.items.length &&
    value.open.items.every((item, i) => item.element.id === found.items[i]?.element.id);
  return {
    open: {
      ...found,
      active: same ? (value.open?.active ?? 0) : 0,
      chosen: same ? (value.open?.chosen ?? false) : false,
    },
    dismissed: null,
  };
}

export const MentionSuggest = Extension.create<MentionSuggestOptions>({
  name: 'mentionSuggest',

  addOptions() {
    return { directory: NO_MENTIONS, onChange: null };
  },

  addProseMirrorPlugins() {
    const { directory, onChange } = this.options;
    const editor = this.editor;
    lists += 1;
    const listId = `mention-suggestions-${lists}`;
    const pick = (view: EditorView, index: number) => {
      const open = mentionSuggestKey.getState(view.state)?.open;
      const item = open?.items[index];
      if (!open || !item) return;
      editor
        .chain()
        .focus()
        .insertMention({ id: item.element.id, label: item.label }, { from: open.from, to: open.to })
        .run();
    };
    let told: Open | null = null;
    // Set by the text input the next transaction carries: only typing opens the suggestion.
    let typing = false;
    return [
      new Plugin<SuggestState>({
        key: mentionSuggestKey,
        state: {
          init: () => ({ open: null, dismissed: null }),
          apply: (tr, value, _old, state) => {
            const typed = typing && tr.docChanged;
            if (tr.docChanged) typing = false;
            return next(tr, value, state, directory, typed);
          },
        },
        view: () => ({
          update(view) {
            const open = mentionSuggestKey.getState(view.state)?.open ?? null;
            if (open === told) return;
            told = open;
            if (!open || !view.editable) {
              onChange?.(null);
              return;
            }
            const coords = view.coordsAtPos(open.from);
            onChange?.({
              listId,
              items: open.items,
              active: open.active,
              anchor: { left: coords.left, top: coords.top, bottom: coords.bottom },
              pick: (index) => {
                pick(view, index);
              },
            });
          },
          destroy() {
            if (told) onChange?.(null);
          },
        }),
        props: {
          attributes(state): Record<string, string> {
            const open = mentionSuggestKey.getState(state)?.open;
            if (!open) return {};
            return {
              'aria-autocomplete': 'list',
              'aria-controls': listId,
              'aria-activedescendant': `${listId}-${open.active}`,
            };
          },
          handleTextInput() {
            typing = true;
            return false;
          },
          handleKeyDown(view, event) {
            const open = mentionSuggestKey.getState(view.state)?.open;
            if (!open || event.isComposing) return false;
            const act = (action: Action) => {
              view.dispatch(view.state.tr.setMeta(mentionSuggestKey, action));
              return true;
            };
            switch (event.key) {
              case 'ArrowDown':
                return act({ move: 1 });
              case 'ArrowUp':
                return act({ move: -1 });
              case 'Escape':
                return act({ dismiss: true });
              case 'Tab':
                pick(view, open.active);
                return true;
              case 'Enter':
                if (open.trigger === '@' || open.chosen) {
                  pick(view, open.active);
                  return true;
                }
                act({ dismiss: true });
                return false;
              default:
                return false;
            }
          },
        },
      }),
    ];
  },
});
