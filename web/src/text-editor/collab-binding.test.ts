/**
 * The Yjs binding as patched for typing speed (web/patches/@tiptap+y-tiptap+*.patch, ADR 0013):
 * the fragment takes one changed top-level block without walking the others, and the selection
 * before a change is computed only when something reads it. These check that what the writer
 * relies on is unchanged: the fragment always holds the document, a remote change keeps the
 * caret where it was in the text, undo steps restore the text and the caret.
 */
import type { Editor } from '@tiptap/core';
import {
  relativePositionToAbsolutePosition,
  yUndoPluginKey,
  ySyncPluginKey,
  yXmlFragmentToProseMirrorRootNode,
} from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';

import { chapterEditor, connect, separateUndoSteps, type } from './testing/editor-harness';

const paragraphs = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} has some words in it.</p>`).join('');

/** The fragment, read back as a ProseMirror document, is the editor's document. */
function expectInSync(editor: Editor, fragment: Y.XmlFragment) {
  const fromY = yXmlFragmentToProseMirrorRootNode(fragment, editor.schema);
  expect(fromY.toJSON()).toEqual(editor.state.doc.toJSON());
}

/** The position just after the text of top-level block `index`. */
const endOf = (editor: Editor, index: number) => {
  let pos = 0;
  for (let i = 0; i <= index; i += 1) pos += editor.state.doc.child(i).nodeSize;
  return pos - 1;
};

function undoManager(editor: Editor): Y.UndoManager {
  return (yUndoPluginKey.getState(editor.state) as { undoManager: Y.UndoManager }).undoManager;
}

/** Where the caret was before the last undo step, as the step recorded it. */
function caretBeforeLastStep(editor: Editor, doc: Y.Doc, fragment: Y.XmlFragment) {
  const { binding } = ySyncPluginKey.getState(editor.state) as {
    binding: { mapping: Parameters<typeof relativePositionToAbsolutePosition>[3] };
  };
  const before = undoManager(editor).undoStack.at(-1)?.meta.get(binding) as {
    anchor: Y.RelativePosition;
  };
  return relativePositionToAbsolutePosition(doc, fragment, before.anchor, binding.mapping);
}

describe('the binding keeps the fragment equal to the document', { timeout: 30_000 }, () => {
  it('while typing into, splitting, joining, restyling and deleting blocks', () => {
    const { editor, fragment } = chapterEditor();
    editor.commands.setContent(paragraphs(12));
    expectInSync(editor, fragment);
    editor.commands.setTextSelection(endOf(editor, 6));
    type(editor, ' More words');
    expectInSync(editor, fragment);
    editor.commands.toggleBold();
    type(editor, ' bold');
    expectInSync(editor, fragment);
    editor.commands.splitBlock();
    type(editor, 'A new paragraph');
    expect(editor.state.doc.childCount).toBe(13);
    expectInSync(editor, fragment);
    editor.commands.setNode('heading', { level: 2 });
    expectInSync(editor, fragment);
    editor.commands.setTextSelection({ from: endOf(editor, 2) - 4, to: endOf(editor, 9) - 3 });
    editor.commands.deleteSelection();
    expect(editor.state.doc.childCount).toBe(6);
    expectInSync(editor, fragment);
    editor.commands.setTextSelection(endOf(editor, 0));
    type(editor, '!');
    expectInSync(editor, fragment);
    expect(fragment.toArray()).toHaveLength(editor.state.doc.childCount);
    editor.destroy();
  });

  it('when a remote change lands between two keystrokes', () => {
    const local = chapterEditor();
    const remote = chapterEditor();
    connect(local.doc, remote.doc);
    local.editor.commands.setContent(paragraphs(8));
    local.editor.commands.setTextSelection(endOf(local.editor, 5));
    type(local.editor, ' one');
    remote.editor.commands.insertContentAt(endOf(remote.editor, 5), ' two');
    type(local.editor, ' three');
    remote.editor.commands.insertContentAt(1, 'Remote. ');
    type(local.editor, ' four');
    expectInSync(local.editor, local.fragment);
    expect(remote.editor.state.doc.toJSON()).toEqual(local.editor.state.doc.toJSON());
    // The caret keeps to the character before it: text the other device added there follows it.
    expect(local.editor.state.doc.child(5).textContent).toBe(
      'Paragraph 5 has some words in it. one three four two',
    );
    local.editor.destroy();
    remote.editor.destroy();
  });
});

describe('the caret across a remote change', { timeout: 30_000 }, () => {
  it('stays after the same character when text is inserted before it', () => {
    const local = chapterEditor();
    const remote = chapterEditor();
    connect(local.doc, remote.doc);
    local.editor.commands.setContent(paragraphs(6));
    local.editor.commands.setTextSelection(endOf(local.editor, 3));
    type(local.editor, ' typed');
    const caret = local.editor.state.selection.from;

    remote.editor.commands.insertContentAt(endOf(remote.editor, 1), ' Remote words.');
    remote.editor.commands.insertContentAt(endOf(remote.editor, 3) - 6, 'X');

    const { from, empty } = local.editor.state.selection;
    expect(empty).toBe(true);
    expect(from).toBe(caret + ' Remote words.'.length + 1);
    expect(local.editor.state.doc.textBetween(from - 6, from)).toBe(' typed');
    type(local.editor, '!');
    expect(local.editor.state.doc.child(3).textContent).toBe(
      'Paragraph 3 has some words in it.X typed!',
    );
    local.editor.destroy();
    remote.editor.destroy();
  });
});

describe('undo steps', { timeout: 30_000 }, () => {
  it('record the caret before the step, and undo and redo restore text and caret', () => {
    const { editor, fragment, doc } = chapterEditor();
    editor.commands.setContent(paragraphs(6));
    separateUndoSteps(editor);
    const start = endOf(editor, 4);
    editor.commands.setTextSelection(start);
    type(editor, ' first');
    separateUndoSteps(editor);
    type(editor, ' second');

    expect(caretBeforeLastStep(editor, doc, fragment)).toBe(start + ' first'.length);

    editor.commands.undo();
    expect(editor.state.doc.child(4).textContent).toBe('Paragraph 4 has some words in it. first');
    expect(editor.state.selection.from).toBe(start + ' first'.length);
    editor.commands.undo();
    expect(editor.state.doc.child(4).textContent).toBe('Paragraph 4 has some words in it.');
    expect(editor.state.selection.from).toBe(start);
    editor.commands.redo();
    editor.commands.redo();
    expect(editor.state.doc.child(4).textContent).toBe(
      'Paragraph 4 has some words in it. first second',
    );
    expectInSync(editor, fragment);
    editor.destroy();
  });

  it('restore a deleted selection', () => {
    const { editor } = chapterEditor();
    editor.commands.setContent(paragraphs(4));
    separateUndoSteps(editor);
    const to = endOf(editor, 2) - ' in it.'.length;
    const from = to - 'words'.length;
    editor.commands.setTextSelection({ from, to });
    editor.commands.deleteSelection();
    expect(editor.state.doc.child(2).textContent).toBe('Paragraph 2 has some  in it.');
    editor.commands.undo();
    expect(editor.state.doc.child(2).textContent).toBe('Paragraph 2 has some words in it.');
    expect(editor.state.selection.from).toBe(from);
    editor.destroy();
  });

  it('still record the caret when a step starts that was expected to merge', () => {
    const { editor, fragment, doc } = chapterEditor();
    editor.commands.setContent(paragraphs(4));
    const start = endOf(editor, 1);
    editor.commands.setTextSelection(start);
    type(editor, 'a');
    const um = undoManager(editor);
    const steps = um.undoStack.length;
    // Past the binding's check (it expects a merge, 'a' was just typed) the step times out.
    const expire = () => {
      um.lastChange = Date.now() - 10_000;
    };
    doc.on('beforeTransaction', expire);
    type(editor, 'b');
    doc.off('beforeTransaction', expire);
    expect(um.undoStack.length).toBe(steps + 1);
    expect(caretBeforeLastStep(editor, doc, fragment)).toBe(start + 1);
    editor.destroy();
  });
});
