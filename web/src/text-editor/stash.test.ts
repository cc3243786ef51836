import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { commentsStore } from './comments-store';
import { footnoteOrder } from './extensions/footnote-node';
import { footnotesStore } from './footnotes-store';
import { insertStashAtCursor, moveSelectionToStash, stashCutOf } from './stash';
import { type StashChapter } from './stash-notes';
import { chapterEditor, connect, separateUndoSteps, type } from './testing/editor-harness';

let editors: Editor[] = [];
/** The footnote bodies and comment threads of each editor's chapter (its Y.Doc). */
const chapters = new WeakMap<Editor, StashChapter>();

function start(html: string): Editor {
  const { editor, doc } = chapterEditor();
  chapters.set(editor, { footnotes: footnotesStore(doc), comments: commentsStore(doc) });
  editor.commands.setContent(html);
  separateUndoSteps(editor);
  editors.push(editor);
  return editor;
}

function chapterOf(editor: Editor): StashChapter {
  const chapter = chapters.get(editor);
  if (!chapter) throw new Error('an editor not made by start()');
  return chapter;
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
    expect(await moveSelectionToStash(editor, keepIn(kept), chapterOf(editor))).toBe(true);
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
    await moveSelectionToStash(editor, keepIn(kept), chapterOf(editor));
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
    await moveSelectionToStash(editor, keepIn(kept), chapterOf(editor));
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
    expect(await moveSelectionToStash(editor, keepIn(kept), chapterOf(editor))).toBe(false);
    expect(kept).toEqual([]);
  });

  it('leaves the text untouched when the stash cannot be kept', async () => {
    const editor = start('<p>Keep me safe</p>');
    editor.commands.setTextSelection(rangeOf(editor, 'me'));
    await expect(
      moveSelectionToStash(editor, () => Promise.reject(new Error('quota')), chapterOf(editor)),
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
    const keep = async () => {
      // Another device writes before the selected word while this one keeps the stash.
      other.editor.commands.setTextSelection(1);
      type(other.editor, 'Zeta ');
      await Promise.resolve();
    };
    await moveSelectionToStash(editor, keep, { footnotes: footnotesStore(doc) });
    expect(editor.getHTML()).toBe('<p>Zeta Alpha beta </p>');
    expect(other.editor.getHTML()).toBe('<p>Zeta Alpha beta </p>');
  });
});

describe('inserting a stash at the cursor', { timeout: 30_000 }, () => {
  it('puts inline HTML back at the caret with its marks', () => {
    const editor = start('<p>Call today.</p>');
    editor.commands.setTextSelection(6);
    // Spaces at either end of a stash are part of it.
    expect(insertStashAtCursor(editor, 'me <strong>Ishmael</strong> ', chapterOf(editor))).toBe(
      true,
    );
    expect(editor.getHTML()).toBe('<p>Call me <strong>Ishmael</strong> today.</p>');
  });

  it('puts blocks back as blocks', () => {
    const editor = start('<p>First.</p><p>Third.</p>');
    editor.commands.setTextSelection(rangeOf(editor, 'First.').to);
    insertStashAtCursor(
      editor,
      '<h2 style="text-align: center;">Second part</h2>',
      chapterOf(editor),
    );
    expect(editor.getHTML()).toBe(
      '<p>First.</p><h2 style="text-align: center;">Second part</h2><p>Third.</p>',
    );
  });

  it('refuses in a read-only editor', () => {
    const editor = start('<p>Text</p>');
    editor.setEditable(false);
    expect(insertStashAtCursor(editor, '<p>More</p>', chapterOf(editor))).toBe(false);
    expect(editor.getHTML()).toBe('<p>Text</p>');
  });
});

/** How many separate places of the text thread `id` is anchored at. */
function anchorsOf(editor: Editor, id: string): number {
  let anchors = 0;
  let inside = false;
  editor.state.doc.descendants((node) => {
    if (!node.isText) return true;
    const marked = node.marks.some((m) => m.type.name === 'comment' && m.attrs.id === id);
    if (marked && !inside) anchors += 1;
    inside = marked;
    return false;
  });
  return anchors;
}

const AUTHOR = { id: 'u1', name: 'Ann' };

describe('footnotes and comments in a stash', { timeout: 30_000 }, () => {
  it('carries footnote bodies, brings back new footnotes each time and anchors a thread once', async () => {
    const editor = start('<p>Intro.</p>');
    const { footnotes, comments } = chapterOf(editor);
    const thread = comments.add(AUTHOR, 'Check the name');
    footnotes.setBody('fn1', 'Herman, 1851.');
    editor.commands.setContent(
      `<p>Intro.</p><p>Call me <span data-comment-id="${thread}">Ishmael</span>` +
        '<sup data-type="footnote" data-id="fn1"></sup> today.</p>',
    );
    separateUndoSteps(editor);
    editor.commands.setTextSelection({
      from: rangeOf(editor, 'me').from,
      to: rangeOf(editor, ' today').from,
    });
    const kept: string[] = [];
    await moveSelectionToStash(editor, keepIn(kept), chapterOf(editor));
    const [stash = ''] = kept;
    expect(stash).toContain('data-footnote-body="Herman, 1851."');
    expect(stash).toContain(`data-comment-id="${thread}"`);
    expect(footnoteOrder(editor.state.doc)).toEqual([]);
    expect(anchorsOf(editor, thread)).toBe(0);
    // The body is gone by the time the stash comes back: the stash has its own copy.
    footnotes.remove('fn1');

    editor.commands.setTextSelection(rangeOf(editor, 'Intro.').to);
    expect(insertStashAtCursor(editor, stash, chapterOf(editor))).toBe(true);
    separateUndoSteps(editor);
    expect(anchorsOf(editor, thread)).toBe(1);
    editor.commands.setTextSelection(rangeOf(editor, 'Call').to);
    expect(insertStashAtCursor(editor, ` ${stash}`, chapterOf(editor))).toBe(true);

    const ids = footnoteOrder(editor.state.doc);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids).not.toContain('fn1');
    expect(ids.map((id) => footnotes.body(id))).toEqual(['Herman, 1851.', 'Herman, 1851.']);
    // Each footnote has a body of its own.
    footnotes.setBody(ids[0] ?? '', 'Melville, 1851.');
    expect(footnotes.body(ids[1] ?? '')).toBe('Herman, 1851.');
    // The thread came back with the first copy; the second copy's mark is dropped, its text kept.
    expect(anchorsOf(editor, thread)).toBe(1);
    expect(editor.state.doc.textContent).toBe('Intro.me IshmaelCall me Ishmael  today.');
    expect(editor.getHTML()).not.toContain('data-footnote-body');
  });

  it('brings an old stash without bodies back, copying a body the chapter still has', () => {
    const editor = start('<p>Text</p>');
    const { footnotes } = chapterOf(editor);
    footnotes.setBody('kept', 'Still here.');
    editor.commands.setTextSelection(rangeOf(editor, 'Text').to);
    const old =
      'one<sup data-type="footnote" data-id="kept"></sup> two<sup data-type="footnote" data-id="gone"></sup>';
    expect(insertStashAtCursor(editor, old, chapterOf(editor))).toBe(true);
    const ids = footnoteOrder(editor.state.doc);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain('kept');
    expect(ids).not.toContain('gone');
    expect(ids.map((id) => footnotes.body(id))).toEqual(['Still here.', '']);
    expect(footnotes.body('kept')).toBe('Still here.');
    expect(editor.state.doc.textContent).toBe('Textone two');
  });

  it('drops the mark of a thread anchored elsewhere or deleted, keeping its text', () => {
    const editor = start('<p>Start</p>');
    const chapter = chapterOf(editor);
    const anchored = chapter.comments.add(AUTHOR, 'Here already');
    const deleted = chapter.comments.add(AUTHOR, 'Gone soon');
    const free = chapter.comments.add(AUTHOR, 'Comes back');
    chapter.comments.remove(deleted);
    editor.commands.setContent(`<p>Start <span data-comment-id="${anchored}">here</span></p>`);
    editor.commands.setTextSelection(rangeOf(editor, 'Start').from);
    const stash =
      `<span data-comment-id="${anchored}">a</span> <span data-comment-id="${deleted}">b</span> ` +
      `<span data-comment-id="${free}">c</span> `;
    insertStashAtCursor(editor, stash, chapter);
    expect(editor.state.doc.textContent).toBe('a b c Start here');
    expect(anchorsOf(editor, anchored)).toBe(1);
    expect(anchorsOf(editor, deleted)).toBe(0);
    expect(anchorsOf(editor, free)).toBe(1);
  });

  it('keeps a thread whose only anchor the stash replaces', () => {
    const editor = start('<p>Start</p>');
    const chapter = chapterOf(editor);
    const thread = chapter.comments.add(AUTHOR, 'Moves');
    editor.commands.setContent(`<p>Start <span data-comment-id="${thread}">old</span></p>`);
    editor.commands.setTextSelection(rangeOf(editor, 'old'));
    insertStashAtCursor(editor, `<span data-comment-id="${thread}">new</span>`, chapter);
    expect(editor.state.doc.textContent).toBe('Start new');
    expect(anchorsOf(editor, thread)).toBe(1);
  });

  it('makes no footnote when the editor is read-only', () => {
    const editor = start('<p>Text</p>');
    const chapter = chapterOf(editor);
    editor.setEditable(false);
    const stash = 'x<sup data-type="footnote" data-id="a" data-footnote-body="Body"></sup>';
    expect(insertStashAtCursor(editor, stash, chapter)).toBe(false);
    expect(chapter.footnotes.ids()).toEqual([]);
  });
});
