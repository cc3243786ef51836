import type { Table } from 'dexie';

import type { AppDatabase, LocalFolder, LocalManuscript, LocalMarks } from './app-db';
import type { ShelfKind } from './entities';
import { KINDED_TABLES, tableOfKind } from './entity-kinds';
import type { EntityKind, KindedTableName } from './entity-kinds';
import type { WireRow } from './remote';

/**
 * Local rows of any kind, as the sync engine handles them: the wire fields, the local marks
 * and (in the tables that hold several kinds) the row's `kind`.
 */
export type LocalRow = {
  id: string;
  updated_at: number;
  deleted_at?: number | null;
  manuscript_id?: string | null;
  kind?: EntityKind;
} & LocalMarks &
  Record<string, unknown>;

export type LocalShelfRow = LocalFolder | LocalManuscript;

/**
 * The rows of `table` whose `index` is `value` that pass `keep`, read in one `getAll` and then
 * filtered: a Dexie `.filter()` would step a cursor through the rows instead, many times slower
 * for thousands of them.
 */
export async function rowsWhere<Row>(
  table: Table<Row, string>,
  index: string,
  value: string,
  keep: (row: Row) => boolean,
): Promise<Row[]> {
  return (await table.where(index).equals(value).toArray()).filter(keep);
}

export function shelfTable(db: AppDatabase, kind: ShelfKind): Table<LocalShelfRow, string> {
  return db[kind] as Table<LocalShelfRow, string>;
}

/** The table of a kind's rows, typed loosely for the code that handles every kind. */
export function rowTable(db: AppDatabase, kind: EntityKind): Table<LocalRow, string> {
  return db[tableOfKind(kind)] as unknown as Table<LocalRow, string>;
}

/** The tables whose rows carry `kind`, by name. */
export function kindedTables(db: AppDatabase): [KindedTableName, Table<LocalRow, string>][] {
  return KINDED_TABLES.map((name) => [name, db[name] as unknown as Table<LocalRow, string>]);
}

/** The kind of a local row read from `table` (the table's own kind for folders and manuscripts). */
export function kindOfRow(table: string, row: { kind?: unknown }): EntityKind | null {
  if (table === 'folders' || table === 'manuscripts') return table;
  return typeof row.kind === 'string' ? (row.kind as EntityKind) : null;
}

/**
 * Rows no screen shows and no local write changes: deleted for good and waiting for the server
 * to agree, and manuscripts others share with the user (the shelf lists the user's own).
 */
export function isHidden(row: { pending_ops?: readonly string[]; shared_with_me?: unknown }) {
  return (row.pending_ops ?? []).includes('hard_delete') || row.shared_with_me === 1;
}

/** Fields that exist only on this device (marks, listing-only values): never sent. */
const LOCAL_ONLY_FIELDS = [
  'pending',
  'pending_ops',
  'user_id',
  'days_left',
  'synced_at',
  'kind',
  'content_loaded',
  'content_load_failed',
  'shared_with_me',
  'owner_id',
  'shared_permissions',
];

/** The row as sent to the server. */
export function toWire(row: Record<string, unknown> & { id: string }): WireRow {
  const wire: WireRow = { ...row };
  for (const key of LOCAL_ONLY_FIELDS) Reflect.deleteProperty(wire, key);
  return wire;
}

/**
 * A server row as kept locally: accepted, nothing pending, scoped to the signed-in user;
 * rows of the tables that hold several kinds say their kind.
 */
export function fromServer<T extends { id: string }>(
  row: T,
  userId: string,
  kind?: EntityKind,
): T & LocalMarks & { kind?: EntityKind } {
  const local = { ...row, user_id: userId, pending: 0 as const, pending_ops: [] };
  if (kind && kind !== 'folders' && kind !== 'manuscripts') return { ...local, kind };
  return local;
}

/** Marks that belong to this device and survive a server row replacing the local one. */
const KEPT_MARKS = [
  'content_loaded',
  'content_load_failed',
  'shared_with_me',
  'owner_id',
  'shared_permissions',
];

/** `next` with the device-only marks of `previous` (a server row does not carry them). */
export function keepLocalMarks<T extends Record<string, unknown>>(
  next: T,
  previous: Record<string, unknown> | undefined,
): T {
  if (!previous) return next;
  const kept: Record<string, unknown> = { ...next };
  for (const key of KEPT_MARKS) {
    if (key in previous && !(key in next)) kept[key] = previous[key];
  }
  return kept as T;
}

/**
 * Removes a manuscript and the rows of its parts from this device (`keepPending`: except
 * rows with changes the server does not have yet). Returns whether the manuscript row went.
 */
export async function removeManuscriptLocally(
  db: AppDatabase,
  userId: string,
  manuscriptId: string,
  { keepPending }: { keepPending: boolean },
): Promise<boolean> {
  const tables = [db.manuscripts, ...kindedTables(db).map(([, table]) => table)];
  return db.transaction('rw', tables, async () => {
    const manuscript = await db.manuscripts.get(manuscriptId);
    const removable = (row: { user_id?: string; pending?: number }) =>
      row.user_id === userId && !(keepPending && row.pending === 1);
    for (const [, table] of kindedTables(db)) {
      await table.where('manuscript_id').equals(manuscriptId).filter(removable).delete();
    }
    if (!manuscript || !removable(manuscript)) return false;
    await db.manuscripts.delete(manuscriptId);
    return true;
  });
}
