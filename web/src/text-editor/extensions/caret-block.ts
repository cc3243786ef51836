import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** The class on each top-level block that holds an end of the selection. */
export const CARET_BLOCK_CLASS = 'caret-block';

const caretBlockKey = new PluginKey<DecorationSet>('caretBlock');

interface Range {
  from: number;
  to: number;
}

/**
 * The top-level block at `pos`: the one it is inside, else (a position between top-level
 * blocks, as a node selection's ends are) the one after it for a selection's start and the one
 * before it for its end.
 */
function topLevelBlock(state: EditorState, pos: number, side: 'start' | 'end'): Range | null {
  const $pos = state.doc.resolve(pos);
  if ($pos.depth > 0) {
    const from = $pos.before(1);
    return { from, to: from + $pos.node(1).nodeSize };
  }
  const node = side === 'start' ? $pos.nodeAfter : $pos.nodeBefore;
  if (!node) return null;
  return side === 'start'
    ? { from: pos, to: pos + node.nodeSize }
    : { from: pos - node.nodeSize, to: pos };
}

/** The top-level blocks holding the selection's start and end, in document order, once each. */
export function caretBlocks(state: EditorState): Range[] {
  const { from, to } = state.selection;
  const start = topLevelBlock(state, from, 'start');
  const end = from === to ? start : topLevelBlock(state, to, 'end');
  const blocks = end && end.from !== start?.from ? [start, end] : [start];
  return blocks.filter((block): block is Range => block !== null);
}

function sameRanges(set: DecorationSet, ranges: Range[]): boolean {
  const found = set.find();
  if (found.length !== ranges.length) return false;
  for (const [i, range] of ranges.entries()) {
    const deco = found[i];
    if (deco?.from !== range.from || deco.to !== range.to) return false;
  }
  return true;
}

function decorate(state: EditorState, ranges: Range[]): DecorationSet {
  return DecorationSet.create(
    state.doc,
    ranges.map(({ from, to }) => Decoration.node(from, to, { class: CARET_BLOCK_CLASS })),
  );
}

function nextSet(tr: Transaction, set: DecorationSet, state: EditorState): DecorationSet {
  if (!tr.docChanged && !tr.selectionSet) return set;
  const mapped = tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
  const ranges = caretBlocks(state);
  return sameRanges(mapped, ranges) ? mapped : decorate(state, ranges);
}

/**
 * Marks the top-level block the caret is in (and the other end's, for a selection across
 * blocks) with `CARET_BLOCK_CLASS`, so the chapter's stylesheet leaves it out of
 * `content-visibility: auto`. A block made by a key (Enter) is otherwise skipped by layout until
 * the next frame decides whether it is on screen, and a letter typed into it before that frame
 * (fast fingers on a slow phone, or on a busy page) was put out of place: after the rest of the
 * word ("ord…W" for "Word…"), or at the end of the chapter. The block holding the caret is on
 * screen anyway, so leaving it laid out takes nothing from the open-time saving. While the caret
 * stays in one block, a keystroke only maps the one decoration.
 */
export const CaretBlock = Extension.create({
  name: 'caretBlock',

  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: caretBlockKey,
        state: {
          init: (_, state) => decorate(state, caretBlocks(state)),
          apply: (tr, set, _old, state) => nextSet(tr, set, state),
        },
        props: {
          decorations: (state) => caretBlockKey.getState(state),
        },
      }),
    ];
  },
});
