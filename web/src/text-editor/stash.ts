/**
 * Stashes in the text: the selection cut aside as HTML (its formatting kept, its footnotes with
 * their bodies), removed in one undo step once the stash is kept, and a stash's HTML put back at
 * the caret with footnotes of its own and no thread anchored twice (rules: `stash-notes.ts`).
 */
import { Extension, type Editor } from '@tiptap/core';
import { TextSelection, type EditorState } from '@tiptap/pm/state';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';
import type * as Y from 'yjs';

import {
  commentAnchorsOutside,
  stashForInsert,
  stashHtmlOf,
  type StashChapter,
} from './stash-notes';

/** What a cut takes: the HTML kept in the stash and the range it leaves the text from. */
export interface StashCut {
  html: string;
  /** The range removed: whole blocks when whole blocks were selected, else the selection. */
  from: number;
  to: number;
  /** The selected blocks are removed whole (no empty paragraph left behind). */
  wholeBlocks: boolean;
}

/**
 * The stash the selection makes, or null when it holds nothing to keep (empty, or blanks only).
 * Part of one block's text keeps its inline formatting (bold, links) and goes back inline; one
 * whole top-level block, or a selection over several, keeps its blocks (headings, alignment).
 * Each footnote reference carries its body (`bodyOf` its id; empty without it).
 */
export function stashCutOf(
  state: EditorState,
  bodyOf: (id: string) => string = () => '',
): StashCut | null {
  const { selection, schema, doc } = state;
  if (selection.empty) return null;
  const slice = selection.content();
  // A leaf without text (a picture, a scene break) is something to keep too.
  const text = slice.content.textBetween(0, slice.content.size, '\n', '\uFFFC');
  if (text.trim() === '') return null;
  const { $from, $to } = selection;
  if ($from.sameParent($to) && $from.parent.isTextblock) {
    const block = $from.parent;
    const whole = $from.parentOffset === 0 && $to.parentOffset === block.content.size;
    if (whole && $from.depth === 1 && doc.childCount > 1) {
      return {
        html: stashHtmlOf(slice.content, schema, bodyOf),
        from: $from.before(1),
        to: $from.after(1),
        wholeBlocks: true,
      };
    }
    const inline = slice.content.firstChild?.content ?? slice.content;
    return {
      html: stashHtmlOf(inline, schema, bodyOf),
      from: selection.from,
      to: selection.to,
      wholeBlocks: false,
    };
  }
  return {
    html: stashHtmlOf(slice.content, schema, bodyOf),
    from: selection.from,
    to: selection.to,
    wholeBlocks: false,
  };
}

interface YBinding {
  type: Y.XmlFragment;
  doc: Y.Doc;
  mapping: Parameters<typeof absolutePositionToRelativePosition>[2];
}

/**
 * Where a range is now, after the document changed: followed through the Yjs document the
 * editor is bound to (another device's edit rebuilds the changed part, which a ProseMirror
 * mapping would count as deleted); unknown (null) without one.
 */
function followPositions(editor: Editor, from: number, to: number) {
  const binding = (ySyncPluginKey.getState(editor.state) as { binding?: YBinding } | undefined)
    ?.binding;
  if (!binding) return () => null;
  const start: unknown = absolutePositionToRelativePosition(from, binding.type, binding.mapping);
  const end: unknown = absolutePositionToRelativePosition(to, binding.type, binding.mapping);
  return (): { from: number; to: number } | null => {
    const at = (rel: unknown) =>
      relativePositionToAbsolutePosition(binding.doc, binding.type, rel, binding.mapping);
    const [a, b] = [at(start), at(end)];
    return a === null || b === null ? null : { from: a, to: b };
  };
}

/** Whether "Move to stash" can act now: an editable editor with something selected to keep. */
export function canMoveToStash(editor: Editor): boolean {
  return editor.isEditable && stashCutOf(editor.state) !== null;
}

/**
 * Moves the selection into a stash: `keep` stores the HTML first (the text is only removed once
 * the stash is safely kept, so a failed write loses nothing), then the range leaves the text in
 * one transaction — one undo step. Edits arriving meanwhile (typing, another device) are
 * followed through the Yjs document, so the right text is removed. The stash carries the
 * bodies of its footnotes from `chapter`. Resolves false when there was nothing to move; rejects
 * with `keep`'s error, the text untouched.
 */
export async function moveSelectionToStash(
  editor: Editor,
  keep: (html: string) => Promise<unknown>,
  chapter: Pick<StashChapter, 'footnotes'>,
): Promise<boolean> {
  if (!editor.isEditable) return false;
  const cut = stashCutOf(editor.state, (id) => chapter.footnotes.body(id));
  if (!cut) return false;
  const { selection, doc: before } = editor.state;
  const followed = followPositions(editor, cut.from, cut.to);
  await keep(cut.html);
  if (editor.isDestroyed) return true;
  const { state } = editor;
  const tr = state.tr;
  const range = state.doc === before ? cut : followed();
  if (range && range.to > range.from) {
    if (cut.wholeBlocks) tr.delete(range.from, range.to);
    else if (state.doc === before) tr.setSelection(selection).deleteSelection();
    else {
      const { doc } = state;
      tr.setSelection(TextSelection.between(doc.resolve(range.from), doc.resolve(range.to)));
      tr.deleteSelection();
    }
  }
  if (tr.docChanged) editor.view.dispatch(tr.scrollIntoView());
  return true;
}

/**
 * Puts a stash's HTML back where the caret is (over the selection, if any), formatting kept:
 * its footnotes as new footnotes of `chapter` with their own bodies, its comment marks only for
 * threads not anchored elsewhere (see `stash-notes.ts`). The bodies are made in their own Yjs
 * transaction just before the text's (the editor's binding writes the text in its own: wrapping
 * both in one would make it read its own write back), as the footnote button does; an undo
 * takes the references out and leaves the bodies, which a redo finds again.
 */
export function insertStashAtCursor(editor: Editor, html: string, chapter: StashChapter): boolean {
  if (!editor.isEditable) return false;
  const { from, to } = editor.state.selection;
  const anchored = commentAnchorsOutside(editor.state.doc, from, to);
  const stash = stashForInsert(html, chapter, anchored);
  // Spaces at either end of a stash are part of it ("me Ishmael " cut from mid-sentence).
  const inserted = editor
    .chain()
    .focus()
    .insertContent(stash.html, { parseOptions: { preserveWhitespace: 'full' } })
    .scrollIntoView()
    .run();
  if (!inserted) for (const id of stash.footnoteIds) chapter.footnotes.remove(id);
  return inserted;
}

/** The shortcut of "Move to stash" (Ctrl/Cmd-Shift-X: cut, aside). */
export const MOVE_TO_STASH_SHORTCUT = 'Mod-Shift-x';

/** Ctrl/Cmd-Shift-X: asks the screen to move the selection to the chapter's stash. */
export const StashShortcut = Extension.create<{ onMove: (() => void) | null }>({
  name: 'stashShortcut',
  addOptions() {
    return { onMove: null };
  },
  addKeyboardShortcuts() {
    return {
      [MOVE_TO_STASH_SHORTCUT]: () => {
        if (!this.options.onMove || !canMoveToStash(this.editor)) return false;
        this.options.onMove();
        return true;
      },
    };
  },
});
