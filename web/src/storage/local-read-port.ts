/**
 * `ReadPort` over the local Dexie database: every query is scoped to the signed-in user, and the
 * live ones are Dexie's `liveQuery` (a new answer after each write to the tables they read).
 * Rows are read with `rowsWhere` (one `getAll` by an index, then filtered).
 */
import { liveQuery } from 'dexie';

import type { AppDatabase, LocalRecord } from './app-db';
import { isHidden, rowTable, rowsWhere, shelfTable } from './local-rows';
import type { LocalShelfRow } from './local-rows';
import type { ReadPort } from './read-port';

export interface LocalReadPortDeps {
  db: AppDatabase;
  /** The signed-in user: rows are scoped to them. */
  userId: string;
}

export function createLocalReadPort({ db, userId }: LocalReadPortDeps): ReadPort {
  const isMine = (row: LocalRecord | undefined): row is LocalRecord => row?.user_id === userId;

  async function shelf(kind: 'folders' | 'manuscripts'): Promise<LocalShelfRow[]> {
    return rowsWhere(shelfTable(db, kind), 'user_id', userId, (row) => !isHidden(row));
  }

  async function manuscript(id: string): Promise<LocalRecord | undefined> {
    const row = await db.manuscripts.get(id);
    return isMine(row) ? row : undefined;
  }

  const isLiveTodo = (row: LocalRecord) =>
    isMine(row) && row.kind === 'to_dos' && (row.deleted_at ?? null) === null;

  /** IndexedDB does not index `null`: the global to-dos are found among the user's rows. */
  function todos(manuscriptId: string | null): Promise<LocalRecord[]> {
    if (manuscriptId !== null) {
      return rowsWhere(db.contents, 'manuscript_id', manuscriptId, isLiveTodo);
    }
    return rowsWhere(
      db.contents,
      'user_id',
      userId,
      (row) => isLiveTodo(row) && (row.manuscript_id ?? null) === null,
    );
  }

  const ofKind = (kind: string) => (row: LocalRecord | undefined) =>
    isMine(row) && row.kind === kind ? row : undefined;

  return {
    liveShelf: (kind) => liveQuery(() => shelf(kind)),
    liveManuscript: (id) => liveQuery(async () => (await manuscript(id)) ?? null),
    liveContents: (manuscriptId) =>
      liveQuery(() => rowsWhere(db.contents, 'manuscript_id', manuscriptId, isMine)),
    liveTodos: (manuscriptId) => liveQuery(() => todos(manuscriptId)),
    liveNotes: (manuscriptId) =>
      liveQuery(() =>
        rowsWhere(
          db.notes,
          manuscriptId === null ? 'user_id' : 'manuscript_id',
          manuscriptId ?? userId,
          (row) =>
            isMine(row) &&
            !isHidden(row) &&
            (row.manuscript_id ?? null) === manuscriptId &&
            (row.deleted_at ?? null) === null,
        ),
      ),
    liveParts: (kind, manuscriptId) =>
      liveQuery(() =>
        rowsWhere(
          rowTable(db, kind),
          'manuscript_id',
          manuscriptId,
          (row) => isMine(row) && row.kind === kind && !isHidden(row),
        ),
      ),
    liveUserParts: (kind) =>
      liveQuery(() =>
        rowsWhere(
          rowTable(db, kind),
          'user_id',
          userId,
          (row) => row.kind === kind && (row.deleted_at ?? null) === null,
        ),
      ),
    shelf,
    manuscript,
    part: async (kind, id) => ofKind(kind)(await rowTable(db, kind).get(id)),
    parts: async (kind, ids) => (await rowTable(db, kind).bulkGet([...ids])).map(ofKind(kind)),
    partsOf: (kind, manuscriptId) =>
      rowsWhere(
        rowTable(db, kind),
        'manuscript_id',
        manuscriptId,
        (row) => isMine(row) && row.kind === kind && (row.deleted_at ?? null) === null,
      ),
  };
}
