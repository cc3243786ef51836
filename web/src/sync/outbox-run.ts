/**
 * One outbox run: sends what one queue key has pending (the user's folders, the rows outside
 * any manuscript, or one manuscript's parts by update type) and says which parts failed. The
 * scheduling (debounce, one at a time, stuck reset) is `outbox.ts`. Other devices learn of
 * what reached the server from the server itself (it announces every committed change).
 */
import {
  KINDS_OF_UPDATE_TYPE,
  tableOfKind,
  UPDATE_TYPES,
  updateTypeOfKind,
} from '@/storage/entity-kinds';
import type { EntityKind, UpdateType } from '@/storage/entity-kinds';
import { kindOfRow, rowTable } from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { PendingChange } from '@/storage/local-writer';

import { NoAnswer, sendRow, sendRows } from './row-sender';
import type { SendContext } from './row-sender';

/** Folders are not manuscripts: they have their own key, as do global notes and to-dos. */
export type QueueKey = 'folders' | 'global' | `manuscript:${string}`;

export function manuscriptKey(id: string): QueueKey {
  return `manuscript:${id}`;
}

export function manuscriptIdOfKey(key: QueueKey): string | null {
  return key.startsWith('manuscript:') ? key.slice('manuscript:'.length) : null;
}

/** Where a change is queued, and under which update type (none for folders and global rows). */
export function queueOf(change: PendingChange): { key: QueueKey; type: UpdateType | null } {
  if (change.kind === 'folders') return { key: 'folders', type: null };
  if (change.kind === 'manuscripts') return { key: manuscriptKey(change.id), type: 'self' };
  if (change.manuscript_id === null) return { key: 'global', type: null };
  return { key: manuscriptKey(change.manuscript_id), type: updateTypeOfKind(change.kind) };
}

export interface RunResult {
  /** Parts that did not all reach the server (refused, or not tried for lack of an answer). */
  failed: Set<UpdateType | 'rows'>;
  /** The server did not answer: the parts left must be tried again later. */
  noAnswer: boolean;
}

async function pendingRows(
  ctx: SendContext,
  kind: EntityKind,
  manuscriptId: string | null,
): Promise<LocalRow[]> {
  const rows = await rowTable(ctx.db, kind).where('pending').equals(1).toArray();
  return rows.filter(
    (row) =>
      row.user_id === ctx.userId &&
      kindOfRow(tableOfKind(kind), row) === kind &&
      (kind === 'folders' || (row.manuscript_id ?? null) === manuscriptId),
  );
}

/** A manuscript's trash call is sent after its parts' changes (they would be refused after it). */
const isTrashing = (op: string) => op === 'delete' || op === 'hard_delete';

async function runManuscript(
  ctx: SendContext,
  manuscriptId: string,
  types: ReadonlySet<UpdateType>,
  failed: Set<UpdateType | 'rows'>,
  syncFolders: () => Promise<boolean>,
): Promise<void> {
  const order = UPDATE_TYPES.filter((type) => types.has(type));
  const left = new Set(order);
  try {
    if (types.has('self')) {
      const row = await rowTable(ctx.db, 'manuscripts').get(manuscriptId);
      const folderId = row?.folder_id;
      // A manuscript filed in a folder made on this device: the folder goes first.
      if (typeof folderId === 'string') {
        const folder = await ctx.db.folders.get(folderId);
        if (folder?.pending === 1 && !(await syncFolders())) failed.add('self');
      }
      if (!(await sendRow(ctx, 'manuscripts', manuscriptId, { stopBefore: isTrashing }))) {
        failed.add('self');
      }
    }
    for (const type of order) {
      if (type === 'self') continue;
      for (const kind of KINDS_OF_UPDATE_TYPE[type]) {
        const rows = await pendingRows(ctx, kind, manuscriptId);
        if (!(await sendRows(ctx, kind, rows))) failed.add(type);
      }
      left.delete(type);
    }
    if (types.has('self') && !(await sendRow(ctx, 'manuscripts', manuscriptId))) {
      failed.add('self');
    }
    left.delete('self');
  } catch (error) {
    for (const type of left) failed.add(type);
    throw error;
  }
}

/**
 * Sends what `key` has pending. Throws `NoAnswer` (with `result.failed` filled in),
 * `ManuscriptIsDeleted` or `SyncAborted`; anything else is a local failure.
 */
export async function runKey(
  ctx: SendContext,
  key: QueueKey,
  types: ReadonlySet<UpdateType>,
  result: RunResult,
): Promise<void> {
  const manuscriptId = manuscriptIdOfKey(key);
  if (manuscriptId) {
    const syncFolders = async () =>
      sendRows(ctx, 'folders', await pendingRows(ctx, 'folders', null));
    await runManuscript(ctx, manuscriptId, types, result.failed, syncFolders);
    return;
  }
  const kinds: EntityKind[] = key === 'folders' ? ['folders'] : ['notes', 'to_dos'];
  try {
    for (const kind of kinds) {
      if (!(await sendRows(ctx, kind, await pendingRows(ctx, kind, null))))
        result.failed.add('rows');
    }
  } catch (error) {
    if (error instanceof NoAnswer) result.failed.add('rows');
    throw error;
  }
}
