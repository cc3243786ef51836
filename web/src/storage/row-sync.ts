import type { Table } from 'dexie';

import { isApiError } from '@/lib/api';

import type { AppDatabase, LocalFolder, LocalManuscript, PendingOp } from './app-db';
import type { Clock } from './clock';
import type { Folder, Manuscript, ShelfKind } from './entities';
import type { ProblemHub } from './problems';
import { isRetryable } from './remote';
import type { ShelfRemote, WireRow } from './remote';

/**
 * The small, replaceable sync step behind the manuscripts port: it sends the rows marked
 * pending (one call at a time, in the order their changes were made) and merges the server's
 * listings into the local rows. A real outbox and the live channel will take its place; the
 * port's interface does not change when they do.
 */
export interface RowSync {
  /** Sends the pending changes of these rows (after any send already under way). */
  push(kind: ShelfKind, ids: readonly string[]): Promise<void>;
  /** Sends every pending change of the user. Stops quietly at the first missing answer. */
  flushPending(): Promise<void>;
  /**
   * Lists folders and manuscripts (live and in the trash) and merges them: a row the server
   * has newer replaces a local one that is not pending; a local row that is not pending and
   * that the server no longer lists is removed. Rejects when a listing fails.
   */
  refresh(): Promise<void>;
  /** Runs `task` after the sends under way, so it sees the server up to date. */
  after<T>(task: () => Promise<T>): Promise<T>;
}

export type LocalShelfRow = LocalFolder | LocalManuscript;

export const SHELF_KINDS: readonly ShelfKind[] = ['folders', 'manuscripts'];

export function shelfTable(db: AppDatabase, kind: ShelfKind): Table<LocalShelfRow, string> {
  return db[kind] as Table<LocalShelfRow, string>;
}

/** The local marks and the listing-only fields are not sent. */
export function toWire(row: LocalShelfRow): WireRow {
  const wire: WireRow = { ...row };
  for (const key of ['pending', 'pending_ops', 'user_id', 'days_left', 'synced_at']) {
    Reflect.deleteProperty(wire, key);
  }
  return wire;
}

/** A server row as kept locally: accepted, nothing pending. */
export function fromServer(row: Folder | Manuscript, userId: string): LocalShelfRow {
  return { ...row, user_id: userId, pending: 0, pending_ops: [] };
}

/** Refusals that mean the change is already true on the server. */
const ALREADY_DONE: Partial<Record<PendingOp, readonly string[]>> = {
  delete: ['was_not_deleted'],
  undelete: ['was_not_undeleted'],
  hard_delete: ['not_found'],
};

/** Thrown inside a send to stop it: the server did not answer; everything stays pending. */
class NoAnswer extends Error {}

export interface RowSyncDeps {
  db: AppDatabase;
  remote: ShelfRemote;
  userId: string;
  clock: Clock;
  problems: ProblemHub;
}

export function createRowSync({ db, remote, userId, clock, problems }: RowSyncDeps): RowSync {
  let queue: Promise<unknown> = Promise.resolve();

  function after<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function current(kind: ShelfKind, id: string): Promise<LocalShelfRow | undefined> {
    const row = await shelfTable(db, kind).get(id);
    return row?.user_id === userId ? row : undefined;
  }

  /** Removes `op` from the head of the row's pending changes, once the server has it. */
  async function settle(kind: ShelfKind, id: string, op: PendingOp, adopt?: Folder | Manuscript) {
    const table = shelfTable(db, kind);
    await problems.guard(() =>
      db.transaction('rw', table, async () => {
        const row = await table.get(id);
        if (row?.user_id !== userId || row.pending_ops[0] !== op) return;
        if (op === 'hard_delete') {
          await table.delete(id);
          return;
        }
        const rest = row.pending_ops.slice(1);
        let next: LocalShelfRow = row;
        if (adopt) {
          next = fromServer(adopt, userId);
          // While later trash changes wait, the local `deleted_at` is the one to show.
          if (rest.length > 0) next = { ...next, deleted_at: row.deleted_at };
        }
        await table.put({ ...next, pending_ops: rest, pending: rest.length > 0 ? 1 : 0 });
      }),
    );
  }

  /** Drops every pending change of a row the server refused; the next refresh corrects it. */
  async function drop(kind: ShelfKind, id: string, op: PendingOp) {
    const table = shelfTable(db, kind);
    await problems.guard(() =>
      db.transaction('rw', table, async () => {
        const row = await table.get(id);
        if (row?.user_id !== userId) return;
        if (op === 'hard_delete') await table.delete(id);
        else await table.put({ ...row, pending_ops: [], pending: 0 });
      }),
    );
  }

  async function call(
    kind: ShelfKind,
    id: string,
    op: PendingOp,
    send: () => Promise<void>,
  ): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      if (isRetryable(error)) throw new NoAnswer();
      const code = isApiError(error) ? error.code : 'failed';
      if (ALREADY_DONE[op]?.includes(code)) return true;
      await drop(kind, id, op);
      problems.report({ type: 'refused', kind, id, op, code });
      return false;
    }
  }

  async function sendRow(kind: ShelfKind, id: string): Promise<void> {
    for (;;) {
      const row = await current(kind, id);
      const op = row?.pending_ops[0];
      if (!row || !op) return;
      let adopted: Folder | Manuscript | undefined;
      const ok = await call(kind, id, op, async () => {
        switch (op) {
          case 'put': {
            const sent = toWire(row);
            adopted = await remote.put(kind, sent);
            return;
          }
          case 'delete':
            return remote.softDelete(kind, id);
          case 'undelete':
            return remote.undelete(kind, id);
          case 'hard_delete':
            return remote.hardDelete(kind, id);
        }
      });
      if (!ok) return;
      if (op === 'put') {
        const now = await current(kind, id);
        // Changed again while the put was on its way: the next put sends the newer row.
        if (now?.updated_at !== row.updated_at) return;
      }
      await settle(kind, id, op, adopted);
    }
  }

  /** Rows whose only change is the same trash call go in one bulk call. */
  async function sendBulk(kind: ShelfKind, rows: LocalShelfRow[], op: 'undelete' | 'hard_delete') {
    const ids = rows.map((row) => row.id);
    try {
      await (op === 'undelete' ? remote.recoverAll(kind, ids) : remote.deleteAll(kind, ids));
    } catch (error) {
      if (isRetryable(error)) throw new NoAnswer();
      // Refused as a whole: one by one, so that each refusal names its row.
      for (const id of ids) await sendRow(kind, id);
      return;
    }
    for (const id of ids) await settle(kind, id, op);
  }

  async function sendRows(kind: ShelfKind, ids: readonly string[]): Promise<void> {
    const rows = (await shelfTable(db, kind).bulkGet([...ids])).filter(
      (row): row is LocalShelfRow => row?.user_id === userId && row.pending === 1,
    );
    const only = (op: PendingOp) =>
      rows.filter((row) => row.pending_ops.length === 1 && row.pending_ops[0] === op);
    const bulk = new Set<string>();
    for (const op of ['undelete', 'hard_delete'] as const) {
      const group = only(op);
      if (group.length < 2) continue;
      for (const row of group) bulk.add(row.id);
      await sendBulk(kind, group, op);
    }
    for (const row of rows) {
      if (!bulk.has(row.id)) await sendRow(kind, row.id);
    }
  }

  async function quietly(send: () => Promise<void>): Promise<void> {
    try {
      await send();
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
    }
  }

  async function merge(kind: ShelfKind, serverRows: (Folder | Manuscript)[]): Promise<void> {
    const table = shelfTable(db, kind);
    await problems.guard(() =>
      db.transaction('rw', table, async () => {
        const locals = await table.where('user_id').equals(userId).toArray();
        const localById = new Map(locals.map((row) => [row.id, row]));
        const listed = new Set<string>();
        const replace: LocalShelfRow[] = [];
        for (const row of serverRows) {
          listed.add(row.id);
          const local = localById.get(row.id);
          if (local?.pending === 1) continue;
          if (!local || row.updated_at > local.updated_at) replace.push(fromServer(row, userId));
        }
        const gone = locals
          .filter((row) => row.pending === 0 && !listed.has(row.id))
          .map((row) => row.id);
        await table.bulkPut(replace);
        await table.bulkDelete(gone);
      }),
    );
  }

  return {
    after,
    push: (kind, ids) => after(() => quietly(() => sendRows(kind, ids))),
    flushPending: () =>
      after(() =>
        quietly(async () => {
          for (const kind of SHELF_KINDS) {
            const pending = await shelfTable(db, kind).where('pending').equals(1).toArray();
            await sendRows(
              kind,
              pending.filter((row) => row.user_id === userId).map((row) => row.id),
            );
          }
        }),
      ),
    refresh: () =>
      after(async () => {
        await clock.sync();
        const [folders, trashedFolders, manuscripts, trashedManuscripts] = await Promise.all([
          remote.list('folders', false),
          remote.list('folders', true),
          remote.list('manuscripts', false),
          remote.list('manuscripts', true),
        ]);
        await merge('folders', [...folders, ...trashedFolders]);
        await merge('manuscripts', [...manuscripts, ...trashedManuscripts]);
      }),
  };
}
