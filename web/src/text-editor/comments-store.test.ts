import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { commentsStore } from './comments-store';
import { COMMENT_ID } from './extensions/comment-mark';
import { chapterEditor, connect } from './testing/editor-harness';

const ana = { id: 'u-ana', name: 'Ana' };
const ben = { id: 'u-ben', name: 'Ben' };

function clock(): () => Date {
  let t = Date.parse('2026-11-24T10:00:00Z');
  return () => new Date((t += 1000));
}

describe('comments store', { timeout: 30_000 }, () => {
  it('adds a thread with a valid id, replies to it and resolves it, all in the Y.Doc', () => {
    const doc = new Y.Doc();
    const store = commentsStore(doc, { now: clock() });
    const id = store.add(ana, 'Too slow here?');
    expect(id).toMatch(COMMENT_ID);
    expect(store.reply(id, ben, 'Agreed')).toBe(true);
    expect(store.setResolved(id, true)).toBe(true);
    const thread = store.get(id);
    expect(thread).toMatchObject({
      id,
      authorId: 'u-ana',
      authorName: 'Ana',
      body: 'Too slow here?',
      resolved: true,
      createdAt: '2026-11-24T10:00:01.000Z',
    });
    expect(thread?.replies.map((r) => [r.authorName, r.body])).toEqual([['Ben', 'Agreed']]);
    expect(doc.getMap('comments').size).toBe(1);
    expect(store.setResolved(id, false)).toBe(true);
    expect(store.get(id)?.resolved).toBe(false);
  });

  it('deletes a thread and refuses replies to unknown threads', () => {
    const store = commentsStore(new Y.Doc());
    const id = store.add(ana, 'x');
    expect(store.remove(id)).toBe(true);
    expect(store.list()).toEqual([]);
    expect(store.reply(id, ben, 'y')).toBe(false);
    expect(store.remove(id)).toBe(false);
  });

  it('two documents exchanging updates converge, concurrent replies both kept', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    connect(a, b);
    const storeA = commentsStore(a);
    const storeB = commentsStore(b);
    const id = storeA.add(ana, 'Name?');
    expect(storeB.get(id)?.body).toBe('Name?');

    // Offline: both reply, B also resolves.
    const offlineA = new Y.Doc();
    const offlineB = new Y.Doc();
    Y.applyUpdate(offlineA, Y.encodeStateAsUpdate(a));
    Y.applyUpdate(offlineB, Y.encodeStateAsUpdate(b));
    commentsStore(offlineA).reply(id, ana, 'from A');
    commentsStore(offlineB).reply(id, ben, 'from B');
    commentsStore(offlineB).setResolved(id, true);
    Y.applyUpdate(offlineA, Y.encodeStateAsUpdate(offlineB));
    Y.applyUpdate(offlineB, Y.encodeStateAsUpdate(offlineA));

    const left = commentsStore(offlineA).get(id);
    const right = commentsStore(offlineB).get(id);
    expect(left).toEqual(right);
    expect(left?.replies.map((r) => r.body).sort()).toEqual(['from A', 'from B']);
    expect(left?.resolved).toBe(true);
  });

  it('notifies observers of remote changes', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    connect(a, b);
    let calls = 0;
    const stop = commentsStore(b).observe(() => (calls += 1));
    const id = commentsStore(a).add(ana, 'hi');
    commentsStore(a).reply(id, ana, 'again');
    expect(calls).toBe(2);
    stop();
    commentsStore(a).setResolved(id, true);
    expect(calls).toBe(2);
  });

  it('the comment mark anchors the thread id in the text and is removed by id', () => {
    const { editor, doc } = chapterEditor();
    editor.commands.setContent('<p>Anchor this word</p>');
    const id = commentsStore(doc).add(ana, 'note');
    editor.commands.setTextSelection({ from: 8, to: 12 });
    expect(editor.commands.setComment(id)).toBe(true);
    expect(editor.getHTML()).toBe(
      `<p>Anchor <span data-comment-id="${id}" class="comment-anchor">this</span> word</p>`,
    );
    expect(editor.commands.setComment('bad id!')).toBe(false);
    expect(editor.commands.unsetComment(id)).toBe(true);
    expect(editor.getHTML()).toBe('<p>Anchor this word</p>');
    editor.destroy();
  });
});
