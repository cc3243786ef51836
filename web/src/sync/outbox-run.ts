/**
 * One outbox run: sends what one queue key has pending (the user's folders, the rows outside
 * any manuscript, or one manuscript's parts by update type) and says which parts failed and
 * what to announce. The scheduling (debounce, one at a time, stuck reset) is `outbox.ts`.
 */
import {
  KINDS_OF_UPDATE_TYPE,
  tableOfKind,
  UPDATE_TYPES,
  updateTypeOfKind,
} from '@/storage/entity-kinds';
import type { EntityKind, UpdateType } from '@/storage/entity-kinds';
import type { PendingChange } from '@/storage/local-first-port';
import { kindOfRow, rowTable } from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';

import type { AnnouncedValues } from './live-messages';
import { NoAnswer, sendRow, sendRows } from './row-sender';
import type { SendContext, SentChange } from './row-sender';

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

/** What a sync tells other devices: updates, deletes, recovers and new manuscripts. */
export interface Announcement {
  name: 'update' | 'delete' | 'recover' | 'new_manuscript';
  values: AnnouncedValues;
}

export interface RunResult {
  /** Parts that did not all reach the server (refused, or not tried for lack of an answer). */
  failed: Set<UpdateType | 'rows'>;
  /** The server did not answer: the parts left must be tried again later. */
  noAnswer: boolean;
  announcements: Announcement[];
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

/** Word counts and writing sessions change as one writes: other devices need not reload for them. */
const UNANNOUNCED_KINDS: ReadonlySet<EntityKind> = new Set([
  'stats_word_counts',
  'writing_sessions',
]);

/** The announcements for what a run sent (coalesced: one per type and id). */
export function announcementsFor(
  changes: readonly SentChange[],
  manuscriptId: string | null,
  now: number,
): Announcement[] {
  const out = new Map<string, Announcement>();
  const add = (name: Announcement['name'], values: AnnouncedValues) => {
    out.set(JSON.stringify([name, values.type, values.id]), { name, values });
  };
  for (const { kind, op, row, created } of changes) {
    const updatedAt = typeof row.updated_at === 'number' ? row.updated_at : now;
    if (kind === 'manuscripts') {
      const values = {
        type: 'manuscript',
        id: row.id,
        manuscript_id: row.id,
        updated_at: updatedAt,
      };
      if (op === 'put') add(created ? 'new_manuscript' : 'update', values);
      else if (op === 'delete') add('delete', values);
      // Gone for good: the relay cannot check access to it, so it goes to the user's devices only.
      else if (op === 'hard_delete')
        add('delete', { ...values, manuscript_id: null, updated_at: now });
      else {
        add('recover', values);
        // Devices act on updates only (none handles an incoming recover): reload it there.
        add('update', values);
      }
    } else if (kind === 'folders') {
      add('update', { type: 'folder', id: row.id, manuscript_id: null, updated_at: updatedAt });
    } else if (kind === 'notes' && (row.manuscript_id ?? null) === null) {
      add('update', {
        type: 'global_note',
        id: row.id,
        manuscript_id: null,
        updated_at: updatedAt,
      });
    } else if (kind === 'chapter_contents' && manuscriptId) {
      const chapterId = typeof row.chapter_id === 'string' ? row.chapter_id : row.id;
      add('update', {
        type: 'chapter_content',
        id: chapterId,
        manuscript_id: manuscriptId,
        updated_at: updatedAt,
      });
    } else if (manuscriptId && !UNANNOUNCED_KINDS.has(kind)) {
      const key = JSON.stringify(['new_manuscript', 'manuscript', manuscriptId]);
      if (!out.has(key)) {
        add('update', {
          type: 'manuscript',
          id: manuscriptId,
          manuscript_id: manuscriptId,
          updated_at: updatedAt,
        });
      }
    }
  }
  return [...out.values()];
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
