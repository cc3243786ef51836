import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { footnoteOrder } from './extensions/footnote-node';
import { footnotesHtml, footnotesStore } from './footnotes-store';
import { chapterEditor, connect } from './testing/editor-harness';

describe('footnotes store', { timeout: 30_000 }, () => {
  it('creates bodies in the Y.Doc and edits them by the smallest change', () => {
    const doc = new Y.Doc();
    const store = footnotesStore(doc);
    const id = store.create();
    expect(store.body(id)).toBe('');
    store.setBody(id, 'Ibid., p. 4');
    store.setBody(id, 'Ibid., p. 42');
    expect(store.body(id)).toBe('Ibid., p. 42');
    expect(store.ids()).toEqual([id]);
    expect(store.remove(id)).toBe(true);
    expect(store.ids()).toEqual([]);
  });

  it('creates several bodies with their text in one transaction', () => {
    const doc = new Y.Doc();
    const store = footnotesStore(doc);
    let updates = 0;
    doc.on('update', () => {
      updates += 1;
    });
    const ids = store.createAll(['First.', '']);
    expect(updates).toBe(1);
    expect(new Set(ids).size).toBe(2);
    expect(ids.map((id) => store.body(id))).toEqual(['First.', '']);
  });

  it('concurrent edits to one body merge', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    const id = footnotesStore(a).create();
    footnotesStore(a).setBody(id, 'middle');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    footnotesStore(a).setBody(id, 'start middle');
    footnotesStore(b).setBody(id, 'middle end');
    connect(a, b);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(footnotesStore(a).body(id)).toBe('start middle end');
    expect(footnotesStore(b).body(id)).toBe('start middle end');
  });

  it('references are inline atoms numbered in document order', () => {
    const { editor, doc } = chapterEditor();
    const store = footnotesStore(doc);
    editor.commands.setContent('<p>First claim. Second claim.</p>');
    const second = store.create();
    editor.commands.setTextSelection(28);
    editor.commands.insertFootnote(second);
    const first = store.create();
    editor.commands.setTextSelection(13);
    editor.commands.insertFootnote(first);
    expect(footnoteOrder(editor.state.doc)).toEqual([first, second]);
    expect(editor.getHTML()).toContain(
      `<sup data-id="${first}" data-type="footnote" class="footnote-ref"></sup>`,
    );
    expect(editor.getText()).toBe('First claim. Second claim.');
    editor.destroy();
  });

  it('writes the bodies after a chapter the way the server does, escaped, in the order given', () => {
    let n = 0;
    const store = footnotesStore(new Y.Doc(), () => `f${String((n += 1))}`);
    const first = store.create();
    const second = store.create();
    store.setBody(first, 'Tom & "Jerry" <3');
    store.setBody(second, 'Plain.');
    expect(footnotesHtml(store, [second, first])).toBe(
      '<section data-type="footnotes"><ol><li data-id="f2"><p>Plain.</p></li>' +
        '<li data-id="f1"><p>Tom &amp; &quot;Jerry&quot; &lt;3</p></li></ol></section>',
    );
    expect(footnotesHtml(store, [])).toBe('');
  });
});
