/**
 * Which chapters this device holds edits of that the server has not acknowledged, read from
 * `quire-collab` itself (each stored update against the stored acknowledgement), never from
 * memory: a reload, a new tab or the app opened days later finds the same answer.
 */
import type { CollabDatabase, StoredDoc, StoredUpdate } from './collab-db';
import { readChapterRows } from './read-ahead';
import { ackedContains, ackedSnapshotOf } from './status';

/** Whether any of `userId`'s stored updates of one chapter is not in what the server acknowledged. */
export function holdsUnackedEdits(
  rows: readonly StoredUpdate[],
  stored: StoredDoc | undefined,
  userId: string,
): boolean {
  const acked = ackedSnapshotOf(stored, userId);
  return rows.some((row) => row.user_id === userId && !ackedContains(acked, row.update));
}

/** Every chapter stored on this device (any user's rows). */
export async function storedChapterIds(db: CollabDatabase): Promise<string[]> {
  return (await db.updates.orderBy('doc').uniqueKeys()) as string[];
}

/**
 * The chapters of `userId` whose stored edits the server has not all acknowledged, in the
 * order they are stored; `skip` leaves out chapters whose answer is known otherwise (open ones).
 */
export async function unsyncedChapterIds(
  db: CollabDatabase,
  userId: string,
  skip: (chapterId: string) => boolean = () => false,
): Promise<string[]> {
  const unsynced: string[] = [];
  for (const chapterId of await storedChapterIds(db)) {
    if (skip(chapterId)) continue;
    const { rows, stored } = await readChapterRows(db, chapterId);
    if (holdsUnackedEdits(rows, stored, userId)) unsynced.push(chapterId);
  }
  return unsynced;
}
