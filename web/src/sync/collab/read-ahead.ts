/**
 * A chapter's stored rows read ahead of the code that opens it: a page load on the editor's address
 * starts the read (`app/early-start.ts`) while the app's modules are still being evaluated, and
 * `openChapterDoc` takes the answer instead of reading again, so the chapter shows sooner. A read
 * ahead is taken once; one not taken within `READ_AHEAD_KEPT_MS` is dropped, so a chapter that was
 * not opened holds no memory.
 *
 * Reading early is as safe as reading on open: either way another tab may append rows after
 * the read, and the chapter takes them in when it compacts (`chapter-doc.ts`) or from the server.
 */
import type { CollabDatabase, StoredDoc, StoredUpdate } from './collab-db';

/** How long an untaken read ahead is kept. */
export const READ_AHEAD_KEPT_MS = 10_000;

/** A chapter's rows as `openChapterDoc` reads them: its update log and what is known of it. */
export interface ChapterRows {
  rows: StoredUpdate[];
  stored: StoredDoc | undefined;
}

/** Reads `chapterId`'s update log and its `docs` row in one transaction. */
export async function readChapterRows(db: CollabDatabase, chapterId: string): Promise<ChapterRows> {
  const [rows, stored] = await db.transaction('r', db.updates, db.docs, async () =>
    Promise.all([db.updates.where('doc').equals(chapterId).toArray(), db.docs.get(chapterId)]),
  );
  return { rows, stored };
}

interface Ahead {
  db: CollabDatabase;
  read: Promise<ChapterRows>;
  drop: ReturnType<typeof setTimeout>;
}

const ahead = new Map<string, Ahead>();

/** Starts reading `chapterId`'s rows from `db` now, for the open that follows. */
export function readAhead(db: CollabDatabase, chapterId: string): void {
  if (ahead.has(chapterId)) return;
  const read = readChapterRows(db, chapterId);
  // Whoever takes it meets the failure; an untaken one fails quietly.
  read.catch(() => undefined);
  const drop = setTimeout(() => {
    ahead.delete(chapterId);
  }, READ_AHEAD_KEPT_MS);
  ahead.set(chapterId, { db, read, drop });
}

/** The read started by `readAhead` for `chapterId` in `db`, once; `null` if there is none. */
export function takeReadAhead(db: CollabDatabase, chapterId: string): Promise<ChapterRows> | null {
  const found = ahead.get(chapterId);
  if (found?.db !== db) return null;
  ahead.delete(chapterId);
  clearTimeout(found.drop);
  return found.read;
}
