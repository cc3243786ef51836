import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { openChapterDoc, type ChapterDoc } from './chapter-doc';
import { CollabDatabase } from './collab-db';
import { unsyncedChapterIds } from './unsynced';

const USER = 'UserAnaWriter000000001';
const OTHER = 'UserBenReader000000002';
const A = 'ChapterAaaaaaaaaaaaaa1';
const B = 'ChapterBbbbbbbbbbbbbb2';
const silentLog = { warn: () => undefined };

let count = 0;
const opened: CollabDatabase[] = [];

function freshDb(): CollabDatabase {
  count += 1;
  const db = new CollabDatabase(`quire-collab-unsynced-test-${String(count)}`);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function typeInto(doc: Y.Doc, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment('default').push([paragraph]);
}

function open(db: CollabDatabase, chapterId: string, userId = USER): Promise<ChapterDoc> {
  return openChapterDoc(chapterId, userId, { db, log: silentLog });
}

/** Types `text` into the stored chapter and, if asked, stores the server's acknowledgement. */
async function typeStored(
  db: CollabDatabase,
  chapterId: string,
  text: string,
  options: { acked?: boolean; userId?: string } = {},
): Promise<void> {
  const chapter = await open(db, chapterId, options.userId);
  typeInto(chapter.doc, text);
  await chapter.flush();
  if (options.acked) {
    chapter.markAcked();
    await chapter.flush();
  }
  await chapter.close();
}

describe('unsyncedChapterIds', () => {
  it('leaves out a chapter typed and acknowledged by the server', async () => {
    const db = freshDb();
    await typeStored(db, A, 'It was a dark and stormy night.', { acked: true });
    expect((await db.docs.get(A))?.acked_snapshot?.byteLength).toBeGreaterThan(0);
    expect(await unsyncedChapterIds(db, USER)).toEqual([]);
  });

  it('lists a chapter typed after the acknowledgement', async () => {
    const db = freshDb();
    await typeStored(db, A, 'Acknowledged words.', { acked: true });
    await typeStored(db, A, 'Typed afterwards, offline.');
    expect(await unsyncedChapterIds(db, USER)).toEqual([A]);
  });

  it('lists a chapter after a deletion made after the acknowledgement (no clock moves)', async () => {
    const db = freshDb();
    await typeStored(db, A, 'A sentence to be cut.', { acked: true });
    const chapter = await open(db, A);
    const before = Y.encodeStateVector(chapter.doc);
    const text = chapter.doc.getXmlFragment('default').get(0) as Y.XmlElement;
    (text.get(0) as Y.XmlText).delete(0, 2);
    // A deletion alone moves no clock: the state vector is what the server acknowledged.
    expect(Y.encodeStateVector(chapter.doc)).toEqual(before);
    await chapter.close();

    expect(await unsyncedChapterIds(db, USER)).toEqual([A]);
  });

  it('ignores another user’s rows on the same device', async () => {
    const db = freshDb();
    await typeStored(db, A, 'The other writer’s unsent words.', { userId: OTHER });
    await typeStored(db, B, 'Mine, acknowledged.', { acked: true });
    expect(await unsyncedChapterIds(db, USER)).toEqual([]);
    expect(await unsyncedChapterIds(db, OTHER)).toEqual([A]);
  });

  it('lists a chapter whose row holds only the old acked_sv when a deletion came after it', async () => {
    const db = freshDb();
    const doc = new Y.Doc();
    typeInto(doc, 'Stored by an older version.');
    const acked = Y.encodeStateVector(doc);
    await db.updates.add({ doc: A, user_id: USER, update: Y.encodeStateAsUpdate(doc) });
    await db.docs.put({ doc: A, user_id: USER, compacted_at: null, acked_sv: acked });
    expect(await unsyncedChapterIds(db, USER)).toEqual([]);

    const before = Y.encodeStateVector(doc);
    const onDelete = (update: Uint8Array) => {
      void db.updates.add({ doc: A, user_id: USER, update });
    };
    doc.on('update', onDelete);
    ((doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(0, 6);
    doc.off('update', onDelete);
    expect(Y.encodeStateVector(doc)).toEqual(before);
    await expect.poll(() => db.updates.count()).toBe(2);

    expect(await unsyncedChapterIds(db, USER)).toEqual([A]);
  });

  it('honours skip (an open chapter’s answer is known otherwise)', async () => {
    const db = freshDb();
    await typeStored(db, A, 'Unsent in A.');
    await typeStored(db, B, 'Unsent in B.');
    expect(await unsyncedChapterIds(db, USER)).toEqual([A, B]);
    expect(await unsyncedChapterIds(db, USER, (id) => id === A)).toEqual([B]);
    expect(await unsyncedChapterIds(db, USER, () => true)).toEqual([]);
  });
});
