/**
 * Merging what the server lists into the local rows: a server row replaces a local one only
 * when its `updated_at` is newer and the local one has no pending change; local rows the listing
 * covers but no longer holds are removed unless pending; a row of another kind under the same id
 * is never replaced. Runs inside the caller's transaction.
 */
import type { Table } from 'dexie';

import type { AppDatabase } from '@/storage/app-db';
import { MANUSCRIPT_CHILDREN, withoutChildren } from '@/storage/entities';
import type { EntityKind } from '@/storage/entity-kinds';
import { fromServer, keepLocalMarks, kindOfRow, rowTable, rowsWhere } from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { ManuscriptTree, ServerRow } from '@/storage/remote';

export interface MergeOptions {
  userId: string;
  /** The local rows the listing covers (to find the ones it no longer holds). */
  covered: () => Promise<LocalRow[]>;
  serverRows: readonly ServerRow[];
  /** The local row for a server row (marks added, device-only fields kept). */
  toLocal: (server: ServerRow, local: LocalRow | undefined) => LocalRow;
  /** Whether covered rows missing from the listing are removed (default: yes). */
  removeUnlisted?: boolean;
}

export interface MergeResult {
  /** Ids written from the server (new or newer). */
  written: string[];
  /** Ids removed because the listing no longer holds them. */
  removed: string[];
}

export async function mergeListing(
  table: Table<LocalRow, string>,
  { userId, covered, serverRows, toLocal, removeUnlisted = true }: MergeOptions,
): Promise<MergeResult> {
  const existing = await table.bulkGet(serverRows.map((row) => row.id));
  const listed = new Set<string>();
  const writes: LocalRow[] = [];
  serverRows.forEach((server, index) => {
    listed.add(server.id);
    const local = existing[index];
    if (local && local.user_id !== userId) return;
    if (local?.pending === 1) return;
    if (local && server.updated_at <= local.updated_at) return;
    const row = toLocal(server, local);
    // Kinds sharing a table may share an id (a chapter and its first content row do): a row of
    // one kind never takes the place of another's.
    if (local && kindOfRow(table.name, local) !== kindOfRow(table.name, row)) return;
    writes.push(row);
  });
  const removed = removeUnlisted
    ? (await covered())
        .filter((row) => row.user_id === userId && row.pending !== 1 && !listed.has(row.id))
        .map((row) => row.id)
    : [];
  await table.bulkPut(writes);
  await table.bulkDelete(removed);
  return { written: writes.map((row) => row.id), removed };
}

/** The tables a manuscript's rows live in (for the transaction merging its tree). */
export function treeTables(db: AppDatabase): Table[] {
  return [db.manuscripts, db.contents, db.notes, db.words, db.sessions, db.versions];
}

/**
 * Merges `GET manuscripts/{id}` (or one `multiple` item): the manuscript's row, then each part
 * the answer lists (its live rows; rows it no longer lists go unless pending). Call inside a
 * transaction over `treeTables`. Resolves to whether the manuscript row is on this device.
 */
export async function mergeTree(
  db: AppDatabase,
  userId: string,
  tree: ManuscriptTree,
): Promise<boolean> {
  const manuscripts = rowTable(db, 'manuscripts');
  const row = withoutChildren(tree) as ServerRow;
  await mergeListing(manuscripts, {
    userId,
    covered: () => Promise.resolve([]),
    serverRows: [row],
    toLocal: (server, local) => keepLocalMarks(fromServer(server, userId) as LocalRow, local),
    removeUnlisted: false,
  });
  for (const key of MANUSCRIPT_CHILDREN) {
    const serverRows = tree[key];
    if (!serverRows) continue;
    const kind: EntityKind = key;
    const table = rowTable(db, kind);
    await mergeListing(table, {
      userId,
      covered: () => rowsWhere(table, 'manuscript_id', tree.id, (local) => local.kind === kind),
      serverRows,
      toLocal: (server) => fromServer(server, userId, kind),
    });
  }
  const local = await manuscripts.get(tree.id);
  return local?.user_id === userId;
}
