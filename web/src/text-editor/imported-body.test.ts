/**
 * A chapter document written by the server's import (`quire_collab::model::body_to_update`,
 * the committed fixture beside the harness) is what this editor writes: it loads without a
 * deletion, shows the derivation's text, and converting the editor's document back to Yjs gives
 * the very same tree, attributes and marks.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { commentsStore } from './comments-store';
import { createChapterExtensions } from './extensions';
import { footnotesStore } from './footnotes-store';
import { checkChapterContent } from './load-check';
import { chapterEditor } from './testing/editor-harness';
import { editorText } from './text';
import { countWords } from './word-count';

/** Vitest runs in `web/`. */
const fixture = (name: string) => join(process.cwd(), 'src/text-editor/testing/fixtures', name);

function importedDoc(): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, new Uint8Array(readFileSync(fixture('imported-body.bin'))));
  return doc;
}

/** A Yjs tree as plain data: names, attributes (with their types) and text deltas. */
function tree(node: Y.XmlElement | Y.XmlText | Y.XmlFragment): unknown {
  if (node instanceof Y.XmlText) return { delta: node.toDelta() as unknown };
  const children = node.toArray().map((child) => tree(child as Y.XmlElement));
  if (node instanceof Y.XmlElement)
    return { name: node.nodeName, attrs: node.getAttributes(), children };
  return children;
}

describe('a chapter written by the import', () => {
  it('loads into the chapter schema without deleting anything', () => {
    const doc = importedDoc();
    const fragment = doc.getXmlFragment('default');
    expect(checkChapterContent(doc, fragment, createChapterExtensions({ fragment }))).toEqual({
      ok: true,
    });
  });

  it("shows the server derivation's text and leaves the stored tree as it was", () => {
    const doc = importedDoc();
    const before = tree(doc.getXmlFragment('default'));
    const { editor, fragment } = chapterEditor(doc);
    // The editor separates every block, containers (lists, quotes, tables) and leaves
    // (rules, images) included, so it has blank lines the derivation has not; its lines of
    // text and its words are the same.
    const shown = editorText(editor);
    const derived = readFileSync(fixture('imported-body.txt'), 'utf8');
    const lines = (text: string) => text.split('\n').filter((line) => line !== '');
    expect(lines(shown)).toEqual(lines(derived));
    expect(countWords(shown)).toBe(countWords(derived));
    expect(tree(fragment)).toEqual(before);
    editor.destroy();
  });

  it('is the tree the editor itself writes for the same document', () => {
    const doc = importedDoc();
    const { editor, fragment } = chapterEditor(doc);
    const rewritten = new Y.Doc();
    prosemirrorToYXmlFragment(editor.state.doc, rewritten.getXmlFragment('default'));
    expect(tree(rewritten.getXmlFragment('default'))).toEqual(tree(fragment));
    editor.destroy();
  });

  it('brings its footnote bodies and comment threads with replies', () => {
    const doc = importedDoc();
    const footnotes = footnotesStore(doc);
    expect(footnotes.body('fn1')).toBe('A note, with <angle> brackets.');
    const threads = commentsStore(doc).list();
    expect(threads.map((t) => [t.id, t.authorId, t.authorName, t.resolved])).toEqual([
      ['c1', 'user-1', 'Ana Editor', false],
      ['c2', 'user-1', 'Bo Writer', true],
    ]);
    expect(threads[0]?.replies.map((r) => [r.authorName, r.body])).toEqual([
      ['Bo Writer', 'Done.'],
      ['Ana Editor', 'Thanks!'],
    ]);
  });
});
