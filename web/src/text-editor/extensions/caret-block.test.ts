import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';

import { chapterEditor, type } from '../testing/editor-harness';
import { CARET_BLOCK_CLASS } from './caret-block';

/** The text of each top-level block the editor's DOM marks as holding the caret. */
function marked(editor: Editor): string[] {
  return [...editor.view.dom.children]
    .filter((block) => block.classList.contains(CARET_BLOCK_CLASS))
    .map((block) => block.textContent);
}

describe('the caret block', { timeout: 30_000 }, () => {
  it('marks the block holding the caret, and a block Enter makes as soon as it exists', () => {
    const { editor } = chapterEditor();
    editor.commands.setContent('<p>One</p><p>Two</p><p>Three</p>');
    editor.commands.focus('end');
    expect(marked(editor)).toEqual(['Three']);

    editor.commands.enter();
    expect(editor.view.dom.children).toHaveLength(4);
    expect(editor.view.dom.children[3]?.classList.contains(CARET_BLOCK_CLASS)).toBe(true);
    type(editor, 'Four');
    expect(marked(editor)).toEqual(['Four']);

    editor.commands.setTextSelection(2);
    expect(marked(editor)).toEqual(['One']);
    editor.destroy();
  });

  it('marks both ends of a selection across blocks, once for a selection inside one', () => {
    const { editor } = chapterEditor();
    editor.commands.setContent('<p>One</p><p>Two</p><p>Three</p>');
    const { doc } = editor.state;
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(doc, 2, 12)));
    expect(marked(editor)).toEqual(['One', 'Three']);
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(doc, 7, 9)));
    expect(marked(editor)).toEqual(['Two']);
    editor.destroy();
  });

  it('marks a selected top-level block that holds no text (a page break)', () => {
    const { editor } = chapterEditor();
    editor.commands.setContent('<p>One</p><div data-type="page-break"></div><p>Two</p>');
    const breakAt = editor.state.doc.child(0).nodeSize;
    expect(editor.state.doc.nodeAt(breakAt)?.type.name).toBe('pageBreak');
    editor.view.dispatch(
      editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, breakAt)),
    );
    const block = editor.view.dom.children[1];
    expect(block?.classList.contains(CARET_BLOCK_CLASS)).toBe(true);
    expect(marked(editor)).toHaveLength(1);
    editor.destroy();
  });

  it('keeps the same decoration while typing within a block', () => {
    const { editor } = chapterEditor();
    editor.commands.setContent('<p>One</p><p>Two</p>');
    editor.commands.focus('end');
    const before = editor.view.dom.children[1];
    type(editor, ' more words');
    expect(editor.view.dom.children[1]).toBe(before);
    expect(marked(editor)).toEqual(['Two more words']);
    editor.destroy();
  });
});
