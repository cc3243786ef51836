/**
 * `ReadPort` over the local Dexie database: every query is scoped to the signed-in user, and the
 * live ones are Dexie's `liveQuery` (a new answer after each write to the tables they read).
 */
import { liveQuery } from 'dexie';

import type { AppDatabase, LocalRecord } from './app-db';
import { isHidden, rowTable, shelfTable } from './local-rows';
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
    const rows = await shelfTable(db, kind).where('user_id').equals(userId).toArray();
    return rows.filter((row) => !isHidden(row));
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
      return db.contents.where('manuscript_id').equals(manuscriptId).filter(isLiveTodo).toArray();
    }
    return db.contents
      .where('user_id')
      .equals(userId)
      .filter((row) => isLiveTodo(row) && (row.manuscript_id ?? null) === null)
      .toArray();
  }

  const ofKind = (kind: string) => (row: LocalRecord | undefined) =>
    isMine(row) && row.kind === kind ? row : undefined;

  return {
    liveShelf: (kind) => liveQuery(() => shelf(kind)),
    liveManuscript: (id) => liveQuery(async () => (await manuscript(id)) ?? null),
    liveContents: (manuscriptId) =>
      liveQuery(() =>
        db.contents.where('manuscript_id').equals(manuscriptId).filter(isMine).toArray(),
      ),
    liveTodos: (manuscriptId) => liveQuery(() => todos(manuscriptId)),
    liveNotes: (manuscriptId) =>
      liveQuery(() =>
        (manuscriptId === null
          ? db.notes.where('user_id').equals(userId)
          : db.notes.where('manuscript_id').equals(manuscriptId)
        )
          .filter(
            (row) =>
              isMine(row) &&
              !isHidden(row) &&
              (row.manuscript_id ?? null) === manuscriptId &&
              (row.deleted_at ?? null) === null,
          )
          .toArray(),
      ),
    liveParts: (kind, manuscriptId) =>
      liveQuery(() =>
        rowTable(db, kind)
          .where('manuscript_id')
          .equals(manuscriptId)
          .filter((row) => isMine(row) && row.kind === kind && !isHidden(row))
          .toArray(),
      ),
    liveUserParts: (kind) =>
      liveQuery(() =>
        rowTable(db, kind)
          .where('user_id')
          .equals(userId)
          .filter((row) => row.kind === kind && (row.deleted_at ?? null) === null)
          .toArray(),
      ),
    shelf,
    manuscript,
    part: async (kind, id) => ofKind(kind)(await rowTable(db, kind).get(id)),
    parts: async (kind, ids) => (await rowTable(db, kind).bulkGet([...ids])).map(ofKind(kind)),
    partsOf: (kind, manuscriptId) =>
      rowTable(db, kind)
        .where('manuscript_id')
        .equals(manuscriptId)
        .filter((row) => isMine(row) && row.kind === kind && (row.deleted_at ?? null) === null)
        .toArray(),
  };
}
