import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { insertStashAtCursor, moveSelectionToStash, stashCutOf } from './stash';
import { chapterEditor, connect, separateUndoSteps, type } from './testing/editor-harness';

let editors: Editor[] = [];

function start(html: string): Editor {
  const { editor } = chapterEditor();
  editor.commands.setContent(html);
  separateUndoSteps(editor);
  editors.push(editor);
  return editor;
}

/** The position of `text`'s first character in the document, and just after its last. */
function rangeOf(editor: Editor, text: string): { from: number; to: number } {
  const found: { from: number; to: number }[] = [];
  editor.state.doc.descendants((node, pos) => {
    const at = node.isText ? (node.text?.indexOf(text) ?? -1) : -1;
    if (at >= 0) found.push({ from: pos + at, to: pos + at + text.length });
    return found.length === 0;
  });
  const [first] = found;
  if (!first) throw new Error(`no "${text}" in the text`);
  return first;
}

/** A `keep` that stores the stashes' HTML in `into`. */
function keepIn(into: string[]) {
  return (html: string) => {
    into.push(html);
    return Promise.resolve();
  };
}

afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

describe('moving the selection to a stash', { timeout: 30_000 }, () => {
  it('keeps part of a paragraph as inline HTML with its marks and removes it in one undo step', async () => {
    const editor = start('<p>Call me <strong>Ishmael</strong> today.</p>');
    const { from } = rangeOf(editor, 'me');
    const { to } = rangeOf(editor, 'Ishmael');
    editor.commands.setTextSelection({ from, to });
    const kept: string[] = [];
    expect(await moveSelectionToStash(editor, keepIn(kept))).toBe(true);
    expect(kept).toEqual(['me <strong>Ishmael</strong>']);
    expect(editor.getHTML()).toBe('<p>Call  today.</p>');
    editor.commands.undo();
    expect(editor.getHTML()).toBe('<p>Call me <strong>Ishmael</strong> today.</p>');
  });

  it('takes a whole paragraph with its block (heading, alignment) and leaves no empty one', async () => {
    const editor = start(
      '<p>First paragraph.</p><h2 style="text-align: center;">Second part</h2><p>Third.</p>',
    );
    editor.commands.setTextSelection(rangeOf(editor, 'Second part'));
    expect(stashCutOf(editor.state)?.wholeBlocks).toBe(true);
    const kept: string[] = [];
    await moveSelectionToStash(editor, keepIn(kept));
    expect(kept).toEqual(['<h2 style="text-align: center;">Second part</h2>']);
    expect(editor.getHTML()).toBe('<p>First paragraph.</p><p>Third.</p>');
    editor.commands.undo();
    expect(editor.getHTML()).toContain('Second part');
    expect(editor.state.doc.childCount).toBe(3);
  });

  it('keeps several blocks as blocks', async () => {
    const editor = start('<p>One two</p><p>Three four</p>');
    editor.commands.setTextSelection({
      from: rangeOf(editor, 'two').from,
      to: rangeOf(editor, 'Three').to,
    });
    const kept: string[] = [];
    await moveSelectionToStash(editor, keepIn(kept));
    expect(kept).toEqual(['<p>two</p><p>Three</p>']);
    expect(editor.getHTML()).toBe('<p>One  four</p>');
  });

  it('does nothing without a selection, with blanks only, or read-only', async () => {
    const editor = start('<p>Some   text</p>');
    editor.commands.setTextSelection(3);
    expect(stashCutOf(editor.state)).toBeNull();
    editor.commands.setTextSelection({ from: 5, to: 6 });
    expect(stashCutOf(editor.state)).toBeNull();
    editor.commands.setTextSelection({ from: 1, to: 5 });
    editor.setEditable(false);
    const kept: string[] = [];
    expect(await moveSelectionToStash(editor, keepIn(kept))).toBe(false);
    expect(kept).toEqual([]);
  });

  it('leaves the text untouched when the stash cannot be kept', async () => {
    const editor = start('<p>Keep me safe</p>');
    editor.commands.setTextSelection(rangeOf(editor, 'me'));
    await expect(
      moveSelectionToStash(editor, () => Promise.reject(new Error('quota'))),
    ).rejects.toThrow('quota');
    expect(editor.getHTML()).toBe('<p>Keep me safe</p>');
  });

  it('removes the right text when edits arrive while the stash is kept', async () => {
    const { editor, doc } = chapterEditor();
    editors.push(editor);
    editor.commands.setContent('<p>Alpha beta gamma</p>');
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const other = chapterEditor(copy);
    editors.push(other.editor);
    connect(doc, other.doc);
    editor.commands.setTextSelection(rangeOf(editor, 'gamma'));
    await moveSelectionToStash(editor, async () => {
      // Another device writes before the selected word while this one keeps the stash.
      other.editor.commands.setTextSelection(1);
      type(other.editor, 'Zeta ');
      await Promise.resolve();
    });
    expect(editor.getHTML()).toBe('<p>Zeta Alpha beta </p>');
    expect(other.editor.getHTML()).toBe('<p>Zeta Alpha beta </p>');
  });
});

describe('inserting a stash at the cursor', { timeout: 30_000 }, () => {
  it('puts inline HTML back at the caret with its marks', () => {
    const editor = start('<p>Call today.</p>');
    editor.commands.setTextSelection(6);
    // Spaces at either end of a stash are part of it.
    expect(insertStashAtCursor(editor, 'me <strong>Ishmael</strong> ')).toBe(true);
    expect(editor.getHTML()).toBe('<p>Call me <strong>Ishmael</strong> today.</p>');
  });

  it('puts blocks back as blocks', () => {
    const editor = start('<p>First.</p><p>Third.</p>');
    editor.commands.setTextSelection(rangeOf(editor, 'First.').to);
    insertStashAtCursor(editor, '<h2 style="text-align: center;">Second part</h2>');
    expect(editor.getHTML()).toBe(
      '<p>First.</p><h2 style="text-align: center;">Second part</h2><p>Third.</p>',
    );
  });

  it('refuses in a read-only editor', () => {
    const editor = start('<p>Text</p>');
    editor.setEditable(false);
    expect(insertStashAtCursor(editor, '<p>More</p>')).toBe(false);
    expect(editor.getHTML()).toBe('<p>Text</p>');
  });
});
