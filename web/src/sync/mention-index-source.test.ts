import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import type { LocalRecord } from '@/storage';
import { buildLocalRow } from '@/testing/build-local-row';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';
import type { MentionIndexState } from '@/text-editor/mention-index';

import { CollabDatabase, openChapterDoc } from './collab';
import { createManuscriptMentions } from './mention-index-source';

const BOOK = 'BookKarenina000000001';
const ONE = 'ChapterOne00000000001';
const TWO = 'ChapterTwo00000000001';
const ANNA = 'ElementAnna0000000001';

let databases = 0;
const opened: CollabDatabase[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
  await disposeTestEngines();
});

function freshDb(): CollabDatabase {
  databases += 1;
  const db = new CollabDatabase(`quire-collab-mentions-test-${String(databases)}`);
  opened.push(db);
  return db;
}

const row = (fields: Partial<LocalRecord> & { id: string }) =>
  buildLocalRow({ manuscript_id: BOOK, ...fields });

/** Stores `mentions` paragraphs, each mentioning Anna, as the chapter's text on this device. */
async function storeText(db: CollabDatabase, chapterId: string, mentions: number) {
  const chapter = await openChapterDoc(chapterId, TEST_USER, { db });
  chapter.doc.transact(() => {
    for (let i = 0; i < mentions; i += 1) {
      const paragraph = new Y.XmlElement('paragraph');
      chapter.doc.getXmlFragment('default').push([paragraph]);
      const mention = new Y.XmlElement('mention');
      mention.setAttribute('id', ANNA);
      mention.setAttribute('label', 'Anna');
      paragraph.push([new Y.XmlText('Here is '), mention]);
    }
  });
  await chapter.close();
  chapter.doc.destroy();
}

function annaCounts(state: MentionIndexState | undefined) {
  return Object.fromEntries(
    [...(state?.chapters ?? [])].map(([id, summary]) => [id, summary.get(ANNA)?.count ?? 0]),
  );
}

describe('the mention index over this device', () => {
  it('reads the stored text of the live chapters, and again when another device changed one', async () => {
    const test = createTestEngine();
    const db = freshDb();
    await storeText(db, ONE, 2);
    await storeText(db, TWO, 1);
    await test.store('contents', [
      row({ id: ONE, kind: 'chapters', name: 'One', updated_at: 100 }),
      row({ id: TWO, kind: 'chapters', name: 'Two', updated_at: 100 }),
      row({ id: 'Trashed00000000000001', kind: 'chapters', deleted_at: 50 }),
      row({
        id: 'ContentTwo00000000001',
        kind: 'chapter_contents',
        chapter_id: TWO,
        updated_at: 120,
      }),
    ]);
    const index = createManuscriptMentions({
      userId: TEST_USER,
      manuscriptId: BOOK,
      reads: test.engine.reads,
      connection: { openDoc: () => null, onChapterStatus: () => () => undefined },
      db,
    });
    let last: MentionIndexState | undefined;
    const subscription = index.subscribe({ next: (state) => (last = state) });
    await expect
      .poll(() => last?.loading === false && annaCounts(last))
      .toEqual({ [ONE]: 2, [TWO]: 1 });

    // The loader keeps a newer content row when another device changed the text (and that
    // text reached this device's copy): the chapter is read again.
    await storeText(db, TWO, 2);
    await test.store('contents', [
      row({
        id: 'ContentTwo00000000001',
        kind: 'chapter_contents',
        chapter_id: TWO,
        updated_at: 200,
      }),
    ]);
    await expect.poll(() => annaCounts(last)).toEqual({ [ONE]: 2, [TWO]: 3 });
    subscription.unsubscribe();
    index.dispose();
  });
});
