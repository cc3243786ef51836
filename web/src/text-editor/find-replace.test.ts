import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';

import { findMatches, findState } from './extensions/find-replace';
import { chapterEditor, separateUndoSteps } from './testing/editor-harness';

let editor: Editor;

afterEach(() => {
  editor.destroy();
});

describe('find and replace', { timeout: 30_000 }, () => {
  it('finds every match inside blocks, case-insensitive by default, and decorates them', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>The cat sat.</p><p>Cat and cat.</p>');
    editor.commands.setSearch('cat');
    const state = findState(editor.state);
    expect(state.matches).toHaveLength(3);
    expect(state.current).toBe(0);
    expect(state.decorations.find()).toHaveLength(3);
    expect(editor.view.dom.querySelectorAll('.find-match')).toHaveLength(3);
    editor.commands.setSearch('cat', { caseSensitive: true });
    expect(findState(editor.state).matches).toHaveLength(2);
  });

  it('moves between matches and selects the current one', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>a b a b a</p>');
    editor.commands.setSearch('a');
    editor.commands.findNext();
    expect(findState(editor.state).current).toBe(1);
    expect(editor.state.selection.from).toBe(5);
    editor.commands.findPrevious();
    editor.commands.findPrevious();
    expect(findState(editor.state).current).toBe(2);
  });

  it('follows edits while searching, and costs nothing once cleared', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>one</p>');
    editor.commands.setSearch('one');
    editor.commands.insertContentAt(4, ' one');
    expect(findState(editor.state).matches).toHaveLength(2);
    editor.commands.clearSearch();
    const cleared = findState(editor.state);
    editor.commands.insertContentAt(1, 'one ');
    expect(findState(editor.state)).toBe(cleared);
    expect(cleared.matches).toEqual([]);
  });

  it('replaces all in one transaction, undone in one step', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>colour, colour</p><p>Colour!</p>');
    separateUndoSteps(editor);
    editor.commands.setSearch('colour');
    let transactions = 0;
    editor.on('transaction', ({ transaction }) => {
      if (transaction.docChanged) transactions += 1;
    });
    expect(editor.commands.replaceAll('color')).toBe(true);
    expect(transactions).toBe(1);
    expect(editor.getText({ blockSeparator: '\n' })).toBe('color, color\ncolor!');
    expect(findState(editor.state).matches).toEqual([]);
    editor.commands.undo();
    expect(editor.getText({ blockSeparator: '\n' })).toBe('colour, colour\nColour!');
  });

  it('replaces the current match only', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>x y x</p>');
    editor.commands.setSearch('x');
    editor.commands.replaceCurrent('z');
    expect(editor.getText()).toBe('z y x');
    expect(findState(editor.state).matches).toHaveLength(1);
  });
});

describe('find while writing', { timeout: 30_000 }, () => {
  it('keeps matches and decorations right through edits, splits and deletions, as a fresh search would', () => {
    editor = chapterEditor().editor;
    editor.commands.setContent('<p>tea for two</p><p>two teas</p><p>no tea here</p>');
    editor.commands.setSearch('tea');
    const edits: (() => void)[] = [
      () => editor.commands.insertContentAt(1, 'green '),
      () => editor.commands.insertContentAt(8, 'x'),
      () => editor.commands.deleteRange({ from: 7, to: 10 }),
      () => editor.chain().setTextSelection(5).splitBlock().run(),
      () => editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' and tea'),
      () => editor.commands.deleteRange({ from: 1, to: 15 }),
      () => editor.commands.insertContent('<p>tea tea</p>'),
    ];
    for (const edit of edits) {
      edit();
      const state = findState(editor.state);
      const fresh = findMatches(editor.state.doc, 'tea', false);
      expect(state.matches).toEqual(fresh);
      expect(
        state.decorations
          .find()
          .map((d): [number, number] => [d.from, d.to])
          .sort((a, b) => a[0] - b[0]),
      ).toEqual(fresh.map((m) => [m.from, m.to]));
    }
  });
});
