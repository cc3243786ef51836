import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { openChapterDoc } from './chapter-doc';
import { CollabDatabase } from './collab-db';
import { READ_AHEAD_KEPT_MS, readAhead, takeReadAhead } from './read-ahead';

const CHAPTER = 'ChapterReadAhead000001';
const USER = 'UserAnaWriter000000001';
let count = 0;
const opened: CollabDatabase[] = [];

function freshDb(): CollabDatabase {
  count += 1;
  const db = new CollabDatabase(`quire-collab-read-ahead-${String(count)}`);
  opened.push(db);
  return db;
}

async function storeText(db: CollabDatabase, text: string): Promise<void> {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  await db.updates.add({ doc: CHAPTER, user_id: USER, update: Y.encodeStateAsUpdate(doc) });
}

afterEach(async () => {
  vi.useRealTimers();
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('reading a chapter ahead', () => {
  it('hands the open the rows read ahead, once', async () => {
    const db = freshDb();
    await storeText(db, 'read ahead');
    const reads = vi.spyOn(db.updates, 'where');
    readAhead(db, CHAPTER);
    const chapter = await openChapterDoc(CHAPTER, USER, { db, afterPaint: () => () => undefined });
    expect(chapter.doc.getText('t').toJSON()).toBe('read ahead');
    // The log was read once, ahead, and not again by the open; the read ahead is gone.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(takeReadAhead(db, CHAPTER)).toBeNull();
    await chapter.close();
  });

  it('is only taken for the database it read', async () => {
    const [first, second] = [freshDb(), freshDb()];
    readAhead(first, CHAPTER);
    expect(takeReadAhead(second, CHAPTER)).toBeNull();
    await expect(takeReadAhead(first, CHAPTER)).resolves.toEqual({ rows: [], stored: undefined });
  });

  it('opens from the database when nothing was read ahead', async () => {
    const db = freshDb();
    await storeText(db, 'read on open');
    const chapter = await openChapterDoc(CHAPTER, USER, { db, afterPaint: () => () => undefined });
    expect(chapter.doc.getText('t').toJSON()).toBe('read on open');
    await chapter.close();
  });

  it('drops a read that nobody took', () => {
    vi.useFakeTimers();
    const db = freshDb();
    readAhead(db, CHAPTER);
    vi.advanceTimersByTime(READ_AHEAD_KEPT_MS);
    expect(takeReadAhead(db, CHAPTER)).toBeNull();
  });
});
