/**
 * Sends the pending changes of local rows, one call at a time and in the order they were made
 * (`put`, `delete`, `undelete`, `hard_delete`; ADR 0007 routes by the row's kind). A change
 * the server accepts is settled (a put adopts the stored row: last writer wins); one it
 * refuses is dropped and reported, except a put answered `not_found` while a row it lives in
 * is still pending here (sent again after it); with no answer (offline, 5xx, 401/403/408/429) everything
 * stays pending and the send stops. Plain TypeScript over the local database and the remote.
 */
import { isApiError } from '@/lib/api';
import type { AppDatabase } from '@/storage/app-db';
import type { ShelfKind } from '@/storage/entities';
import { SELF_PARENT_FIELD } from '@/storage/entity-kinds';
import type { EntityKind, PendingOp } from '@/storage/entity-kinds';
import {
  fromServer,
  keepLocalMarks,
  removeManuscriptLocally,
  rowTable,
  toWire,
} from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { ProblemHub } from '@/storage/problems';
import { isRetryable } from '@/storage/remote';
import type { ServerRow, ShelfRemote } from '@/storage/remote';

/** The server did not answer: the change stays pending and the sync stops. */
export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
}

/** The sync was reset (it ran too long) or stopped: leave everything as it is. */
export class SyncAborted extends Error {
  override readonly name = 'SyncAborted';
}

/** The server answered that the manuscript is deleted (`manuscript_is_deleted`). */
export class ManuscriptIsDeleted extends Error {
  override readonly name = 'ManuscriptIsDeleted';
}

export interface SendContext {
  db: AppDatabase;
  remote: ShelfRemote;
  userId: string;
  problems: ProblemHub;
  signal: AbortSignal;
}

/** Refusals that mean the change is already true on the server. */
const ALREADY_DONE: Partial<Record<PendingOp, readonly string[]>> = {
  delete: ['was_not_deleted'],
  undelete: ['was_not_undeleted'],
  hard_delete: ['not_found'],
};

async function current(ctx: SendContext, kind: EntityKind, id: string) {
  const row = await rowTable(ctx.db, kind).get(id);
  return row?.user_id === ctx.userId ? row : undefined;
}

/**
 * Removes `op` from the head of the row's pending changes, once the server has it. A put
 * settles only the row it sent (`sentUpdatedAt`): a row changed again while the put was on its
 * way keeps its change and its pending put (that change queued the row again, and its sync
 * sends the newer row). The check is in the same transaction as the write, so no local change
 * can land between them and be replaced by the server's older answer.
 */
async function settle(
  ctx: SendContext,
  kind: EntityKind,
  id: string,
  op: PendingOp,
  adopt?: ServerRow,
  sentUpdatedAt?: number,
): Promise<'settled' | 'changed since sent'> {
  const table = rowTable(ctx.db, kind);
  return ctx.problems.guard(() =>
    ctx.db.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (row?.user_id !== ctx.userId || row.pending_ops[0] !== op) return 'settled';
      if (sentUpdatedAt !== undefined && row.updated_at !== sentUpdatedAt) {
        return 'changed since sent';
      }
      if (op === 'hard_delete') {
        await table.delete(id);
        return 'settled';
      }
      const rest = row.pending_ops.slice(1);
      let next: LocalRow = row;
      if (adopt) {
        next = keepLocalMarks(fromServer(adopt, ctx.userId, kind) as LocalRow, row);
        // While later trash changes wait, the local `deleted_at` is the one to show.
        if (rest.length > 0) next = { ...next, deleted_at: row.deleted_at ?? null };
        // Word counts: the server may keep the hour's record under another id.
        if (next.id !== id) await table.delete(id);
      }
      next = { ...next, pending_ops: rest, pending: rest.length > 0 ? 1 : 0 };
      await table.put(next);
      return 'settled';
    }),
  );
}

/** Drops every pending change of a row the server refused; the next load corrects it. */
async function drop(ctx: SendContext, kind: EntityKind, id: string, op: PendingOp) {
  const table = rowTable(ctx.db, kind);
  await ctx.problems.guard(() =>
    ctx.db.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (row?.user_id !== ctx.userId) return;
      if (op === 'hard_delete') await table.delete(id);
      else await table.put({ ...row, pending_ops: [], pending: 0 });
    }),
  );
}

function checkAborted(ctx: SendContext) {
  if (ctx.signal.aborted) throw new SyncAborted();
}

/** The fields of a row that name a row it lives in, and the table that row is kept in. */
const PARENT_FIELDS = [
  ['manuscript_id', 'manuscripts'],
  ['folder_id', 'folders'],
  ['chapter_id', 'contents'],
] as const;

/**
 * Whether a row the server does not know of a `put`'s row lives in is still pending here: the
 * server answers `not_found` for a missing parent, and the change must wait for it, not go.
 */
async function waitsForParent(ctx: SendContext, kind: EntityKind, id: string): Promise<boolean> {
  const row = await current(ctx, kind, id);
  if (!row) return false;
  for (const [field, table] of PARENT_FIELDS) {
    const parentId = row[field];
    if (typeof parentId !== 'string' || parentId === id) continue;
    const parent = (await ctx.db.table(table).get(parentId)) as LocalRow | undefined;
    if (parent?.user_id === ctx.userId && parent.pending === 1) return true;
  }
  return false;
}

/** `true` when the server has the change; `false` when it refused it (dropped, reported). */
async function call(
  ctx: SendContext,
  kind: EntityKind,
  id: string,
  op: PendingOp,
  send: () => Promise<void>,
): Promise<boolean> {
  checkAborted(ctx);
  try {
    await send();
    return true;
  } catch (error) {
    checkAborted(ctx);
    if (isRetryable(error)) throw new NoAnswer();
    const code = isApiError(error) ? error.code : 'failed';
    if (code === 'manuscript_is_deleted' && kind !== 'folders') throw new ManuscriptIsDeleted();
    if (ALREADY_DONE[op]?.includes(code)) return true;
    // Sent again after its parent, never dropped for arriving first.
    if (op === 'put' && code === 'not_found' && (await waitsForParent(ctx, kind, id))) {
      throw new NoAnswer();
    }
    await drop(ctx, kind, id, op);
    ctx.problems.report({ type: 'refused', kind, id, op, code });
    return false;
  }
}

export interface SendRowOptions {
  /** Stops (successfully) before the first change this returns true for. */
  stopBefore?: (op: PendingOp) => boolean;
}

/** Sends one row's pending changes in order. Resolves to `false` if one was refused. */
export async function sendRow(
  ctx: SendContext,
  kind: EntityKind,
  id: string,
  options: SendRowOptions = {},
): Promise<boolean> {
  for (;;) {
    const row = await current(ctx, kind, id);
    const op = row?.pending_ops[0];
    if (!row || !op || options.stopBefore?.(op)) return true;
    let adopted: ServerRow | undefined;
    const ok = await call(ctx, kind, id, op, async () => {
      switch (op) {
        case 'put':
          adopted = await ctx.remote.put(kind, toWire(row), ctx.signal);
          return;
        case 'delete':
          return ctx.remote.softDelete(kind, id, ctx.signal);
        case 'undelete':
          return ctx.remote.undelete(kind, id, ctx.signal);
        case 'hard_delete':
          return ctx.remote.hardDelete(kind, id, ctx.signal);
      }
    });
    if (!ok) return false;
    // A reset run leaves everything as it is; the run after it sends the change again.
    checkAborted(ctx);
    const sent = op === 'put' ? row.updated_at : undefined;
    // Changed again while the put was on its way: left pending for the sync that change queued.
    if ((await settle(ctx, kind, id, op, adopted, sent)) === 'changed since sent') return true;
    if (op === 'hard_delete' && kind === 'manuscripts') {
      await ctx.problems.guard(() =>
        removeManuscriptLocally(ctx.db, ctx.userId, id, { keepPending: false }),
      );
    }
  }
}

/**
 * Orders rows so that a row whose parent (of the same kind) is also being sent comes after
 * it: a folder made inside a new folder, a subchapter under a new chapter.
 */
export function parentsFirst(kind: EntityKind, rows: readonly LocalRow[]): LocalRow[] {
  const field = SELF_PARENT_FIELD[kind];
  if (!field) return [...rows];
  const waiting = new Map(rows.map((row) => [row.id, row]));
  const ordered: LocalRow[] = [];
  while (waiting.size > 0) {
    const ready = [...waiting.values()].filter((row) => {
      const parent = row[field];
      return typeof parent !== 'string' || !waiting.has(parent) || parent === row.id;
    });
    // A cycle (never made locally, but possible in bad data): send the rest as they are.
    const next = ready.length > 0 ? ready : [...waiting.values()];
    for (const row of next) {
      ordered.push(row);
      waiting.delete(row.id);
    }
  }
  return ordered;
}

/**
 * Rows of a shelf kind whose only change is the same trash call go in one bulk call
 * (`recover_all`, `delete_all`); refused as a whole, they are sent one by one so that each
 * refusal names its row. Resolves to `false` if one was refused.
 */
export async function sendBulk(
  ctx: SendContext,
  kind: ShelfKind,
  rows: readonly LocalRow[],
  op: 'undelete' | 'hard_delete',
): Promise<boolean> {
  const ids = rows.map((row) => row.id);
  checkAborted(ctx);
  try {
    await (op === 'undelete' ? ctx.remote.recoverAll(kind, ids) : ctx.remote.deleteAll(kind, ids));
  } catch (error) {
    checkAborted(ctx);
    if (isRetryable(error)) throw new NoAnswer();
    let allSent = true;
    for (const id of ids) allSent = (await sendRow(ctx, kind, id)) && allSent;
    return allSent;
  }
  for (const row of rows) {
    await settle(ctx, kind, row.id, op);
    if (op === 'hard_delete' && kind === 'manuscripts') {
      await ctx.problems.guard(() =>
        removeManuscriptLocally(ctx.db, ctx.userId, row.id, { keepPending: false }),
      );
    }
  }
  return true;
}

/** The single trash call a row waits for, if that is its only change. */
export function onlyTrashOp(row: LocalRow): 'undelete' | 'hard_delete' | null {
  if (row.pending_ops.length !== 1) return null;
  const [op] = row.pending_ops;
  return op === 'undelete' || op === 'hard_delete' ? op : null;
}

/**
 * Sends the pending changes of `rows` (all of one kind), parents first; rows sharing a single
 * trash call go in bulk (shelf kinds). Resolves to `false` if any change was refused.
 */
export async function sendRows(
  ctx: SendContext,
  kind: EntityKind,
  rows: readonly LocalRow[],
): Promise<boolean> {
  let allSent = true;
  const bulk = new Set<string>();
  if (kind === 'folders' || kind === 'manuscripts') {
    for (const op of ['undelete', 'hard_delete'] as const) {
      const group = rows.filter((row) => onlyTrashOp(row) === op);
      if (group.length < 2) continue;
      for (const row of group) bulk.add(row.id);
      allSent = (await sendBulk(ctx, kind, group, op)) && allSent;
    }
  }
  for (const row of parentsFirst(kind, rows)) {
    if (!bulk.has(row.id)) allSent = (await sendRow(ctx, kind, row.id)) && allSent;
  }
  return allSent;
}
