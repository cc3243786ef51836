/**
 * Loading from the server: local first (screens read the local database),
 * then the server. The listings (folders and manuscripts, live and in the trash, and the
 * manuscripts shared with the user) come first, so manuscripts show as loaded without their
 * contents; then their contents are fetched 5 at a time in sort order until all are loaded or
 * failed (`content_load_failed`). Newer `updated_at` wins, pending rows are never replaced,
 * and what the server reports not found or not authorized is removed. Also the single reloads
 * the live channel asks for. Plain TypeScript, no React.
 */
import { isApiError } from '@/lib/api';
import type { AppDatabase, LocalManuscript } from '@/storage/app-db';
import type { Clock } from '@/storage/clock';
import {
  fromServer,
  keepLocalMarks,
  removeManuscriptLocally,
  rowTable,
  rowsWhere,
} from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { ProblemHub } from '@/storage/problems';
import type { ManuscriptTree, ServerRow, ShelfRemote } from '@/storage/remote';

import { mergeListing, mergeTree, treeTables } from './merge';

/** Spec §9: contents loaded 5 manuscripts per batch. */
export const CONTENT_BATCH_SIZE = 5;

export interface LoaderDeps {
  db: AppDatabase;
  remote: ShelfRemote;
  userId: string;
  problems: ProblemHub;
  clock: Clock;
  log?: { info: (message: string) => void; warn: (message: string, detail?: unknown) => void };
  /** The manuscripts list's order (default: last updated first, as the list sorts). */
  compare?: (a: LocalManuscript, b: LocalManuscript) => number;
}

export interface Loader {
  /** Listings, then contents (in the background of the returned promise). Shared by concurrent callers. */
  load(): Promise<void>;
  /** Folders and manuscripts (live, trash, shared with the user); rejects when a listing fails. */
  refreshShelf(): Promise<void>;
  /** Every live manuscript's rows, 5 at a time in sort order; never rejects. */
  loadContents(): Promise<void>;
  /** `GET manuscripts/{id}` merged in; a manuscript the server no longer gives is removed. */
  loadManuscript(id: string): Promise<void>;
  /** `GET chapters/content/{id}` when the announced time is newer than the local row's. */
  loadChapterContent(chapterId: string, updatedAt: number | null): Promise<void>;
  /** Removes a manuscript and its rows from this device (keeping unsent changes). */
  forgetManuscript(id: string): Promise<void>;
  /**
   * The global notes (`GET notes/global`, those outside any manuscript) merged in: newer wins,
   * pending rows are kept, ones the server no longer lists are removed.
   */
  reloadGlobalNotes(): Promise<void>;
  /**
   * The global to-dos (`GET to_dos/global`, live ones only): new and newer ones kept, live
   * ones gone from the server removed, unsent ones untouched. `load` does it after the
   * contents; it never rejects there.
   */
  reloadGlobalTodos(): Promise<void>;
  /**
   * The user's hourly word counts and writing sessions from every device (`GET
   * stats_word_counts`, `GET writing_sessions`), merged like a listing: newer wins, pending rows
   * are kept, and rows the server no longer lists go — unless they reached the server after
   * the listings were asked for. Rejects when a listing fails (offline).
   */
  reloadWritingRecords(): Promise<void>;
  /** Live manuscripts others share with the user, from the local database. */
  sharedManuscriptIds(): Promise<string[]>;
}

/** Outside the trash. */
const isLive = (row: LocalRow) => (row.deleted_at ?? null) === null;

const byLastUpdated = (a: LocalManuscript, b: LocalManuscript) =>
  b.updated_at - a.updated_at || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1);

/** A code of a refusal meaning "you will not get this manuscript". */
function isGone(error: unknown): boolean {
  return isApiError(error) && ['not_found', 'not_authorized'].includes(error.code);
}

export function createLoader(deps: LoaderDeps): Loader {
  const { db, remote, userId, problems } = deps;
  const log = deps.log ?? {
    info: () => undefined,
    warn: (message: string, detail?: unknown) => {
      console.warn(message, detail);
    },
  };
  const compare = deps.compare ?? byLastUpdated;
  let shelfRun: Promise<void> | null = null;
  let contentsRun: Promise<void> | null = null;

  const isShared = (row: LocalRow) => row.shared_with_me === 1;

  /** Marks `row` as someone else's (`server`'s owner), shared with the user. */
  function markShared(row: LocalRow, server: ServerRow | undefined) {
    row.shared_with_me = 1;
    row.owner_id = typeof server?.user_id === 'string' ? server.user_id : undefined;
  }

  /** A listed manuscript: loaded without contents until its rows are merged again. */
  function listedManuscript(server: ServerRow, local: LocalRow | undefined, shared: boolean) {
    const row = keepLocalMarks(fromServer(server, userId) as LocalRow, local);
    row.content_loaded = false;
    row.content_load_failed = false;
    if (shared) markShared(row, server);
    return row;
  }

  async function mergeShelf(
    folders: ServerRow[],
    manuscripts: ServerRow[],
    shared: ServerRow[],
  ): Promise<string[]> {
    const folderTable = rowTable(db, 'folders');
    const manuscriptTable = rowTable(db, 'manuscripts');
    const mine = (table: typeof folderTable, keep: (row: LocalRow) => boolean) => () =>
      rowsWhere(table, 'user_id', userId, keep);
    // A shared manuscript opened by its address before the shelf listed it was stored from its
    // own answer, without the shared marks. It belongs to the shared listing: it is not one of
    // the user's own that has gone, and it gets the marks (whether the user may write) now.
    const sharedById = new Map(shared.map((row) => [row.id, row]));
    const inShared = (row: LocalRow) => isShared(row) || sharedById.has(row.id);
    return db.transaction('rw', folderTable, manuscriptTable, async () => {
      await mergeListing(folderTable, {
        userId,
        covered: mine(folderTable, () => true),
        serverRows: folders,
        toLocal: (server) => fromServer(server, userId),
      });
      const own = await mergeListing(manuscriptTable, {
        userId,
        covered: mine(manuscriptTable, (row) => !inShared(row)),
        serverRows: manuscripts,
        toLocal: (server, local) => listedManuscript(server, local, false),
      });
      const others = await mergeListing(manuscriptTable, {
        userId,
        covered: mine(manuscriptTable, inShared),
        serverRows: shared,
        toLocal: (server, local) => listedManuscript(server, local, true),
      });
      await manuscriptTable
        .where('id')
        .anyOf([...sharedById.keys()])
        .filter((row) => row.user_id === userId && !isShared(row))
        .modify((row) => {
          const server = sharedById.get(row.id);
          markShared(row, server);
          row.shared_permissions = server?.shared_permissions;
        });
      return [...own.removed, ...others.removed];
    });
  }

  async function refreshShelfOnce(): Promise<void> {
    await deps.clock.sync();
    const [folders, trashedFolders, manuscripts, trashedManuscripts, shared] = await Promise.all([
      remote.list('folders', false),
      remote.list('folders', true),
      remote.list('manuscripts', false),
      remote.list('manuscripts', true),
      remote.sharedWithMe(),
    ]);
    const removed = await problems.guard(() =>
      mergeShelf([...folders, ...trashedFolders], [...manuscripts, ...trashedManuscripts], shared),
    );
    // The parts of a manuscript gone from the listings go too (unless unsent).
    for (const id of removed) await forgetManuscript(id);
  }

  async function forgetManuscript(id: string): Promise<void> {
    await problems.guard(() => removeManuscriptLocally(db, userId, id, { keepPending: true }));
  }

  async function keepTree(tree: ManuscriptTree): Promise<void> {
    await problems.guard(() =>
      db.transaction('rw', treeTables(db), async () => {
        if (!(await mergeTree(db, userId, tree))) return;
        await rowTable(db, 'manuscripts')
          .where('id')
          .equals(tree.id)
          .modify({ content_loaded: true, content_load_failed: false });
      }),
    );
  }

  async function markFailed(ids: readonly string[]): Promise<void> {
    await problems.guard(() =>
      db.manuscripts
        .where('id')
        .anyOf([...ids])
        .filter((row) => row.user_id === userId)
        .modify({ content_load_failed: true }),
    );
  }

  /** Live manuscripts the server has (a new one still unsent is skipped), in sort order. */
  async function manuscriptsToLoad(): Promise<string[]> {
    const rows = await db.manuscripts.where('user_id').equals(userId).toArray();
    return rows
      .filter(
        (row) =>
          row.deleted_at === null && !(row.pending === 1 && (row.synced_at ?? null) === null),
      )
      .sort(compare)
      .map((row) => row.id);
  }

  async function loadContentsOnce(): Promise<void> {
    const ids = await problems.guard(manuscriptsToLoad);
    for (let start = 0; start < ids.length; start += CONTENT_BATCH_SIZE) {
      const batch = ids.slice(start, start + CONTENT_BATCH_SIZE);
      try {
        const items = await remote.multiple(batch);
        for (const item of items) {
          if (item.status === 'success' && item.manuscript) await keepTree(item.manuscript);
          else if (item.status === 'not_found' || item.status === 'not_authorized') {
            await forgetManuscript(item.id);
          } else await markFailed([item.id]);
        }
      } catch (error) {
        log.warn('Loading manuscript contents failed.', error);
        await markFailed(batch).catch((markError: unknown) => {
          log.warn('Marking manuscript contents failed.', markError);
        });
      }
    }
  }

  function refreshShelf(): Promise<void> {
    shelfRun ??= refreshShelfOnce().finally(() => {
      shelfRun = null;
    });
    return shelfRun;
  }

  function loadContents(): Promise<void> {
    contentsRun ??= loadContentsOnce()
      .catch((error: unknown) => {
        log.warn('Loading manuscript contents stopped.', error);
      })
      .finally(() => {
        contentsRun = null;
      });
    return contentsRun;
  }

  /** The user's local rows of `kind` that a listing covers, merged with it. */
  async function reloadListing(
    kind: 'notes' | 'to_dos' | 'stats_word_counts' | 'writing_sessions',
    serverRows: ServerRow[],
    covers: (row: LocalRow) => boolean,
  ): Promise<void> {
    const table = rowTable(db, kind);
    await problems.guard(() =>
      db.transaction('rw', table, () =>
        mergeListing(table, {
          userId,
          covered: () => rowsWhere(table, 'user_id', userId, covers),
          serverRows,
          toLocal: (row) => fromServer(row, userId, kind),
        }),
      ),
    );
  }

  const outsideManuscripts = (row: LocalRow) => (row.manuscript_id ?? null) === null;

  async function reloadGlobalNotes(): Promise<void> {
    await reloadListing('notes', await remote.globalNotes(), outsideManuscripts);
  }

  async function reloadGlobalTodos(): Promise<void> {
    // The listing has live to-dos only: those in the trash stay.
    const isLiveTodo = (row: LocalRow) =>
      outsideManuscripts(row) && row.kind === 'to_dos' && isLive(row);
    await reloadListing('to_dos', await remote.globalTodos(), isLiveTodo);
  }

  async function reloadWritingRecords(): Promise<void> {
    const askedAt = deps.clock.now();
    const [words, sessions] = await Promise.all([remote.wordCounts(), remote.writingSessions()]);
    // A row the outbox delivered after the listings were asked for may be missing from them.
    const listedOf = (kind: string) => (row: LocalRow) =>
      row.kind === kind && (typeof row.synced_at !== 'number' || row.synced_at < askedAt);
    await reloadListing('stats_word_counts', words, listedOf('stats_word_counts'));
    await reloadListing('writing_sessions', sessions, listedOf('writing_sessions'));
  }

  return {
    async load() {
      await refreshShelf();
      // A device that was closed when another wrote a global note or to-do learns of it here:
      // the live channel announces it only to devices listening then. The two small listings
      // go beside the manuscripts' contents, so neither delays them.
      await Promise.all([
        loadContents(),
        reloadGlobalNotes().catch((error: unknown) => {
          log.warn('Loading global notes failed.', error);
        }),
        reloadGlobalTodos().catch((error: unknown) => {
          log.warn('Loading the global to-dos failed.', error);
        }),
      ]);
    },
    refreshShelf,
    loadContents,
    async loadManuscript(id) {
      let tree: ManuscriptTree;
      try {
        tree = await remote.manuscript(id);
      } catch (error) {
        if (!isGone(error)) throw error;
        await forgetManuscript(id);
        return;
      }
      await keepTree(tree);
    },
    async loadChapterContent(chapterId, updatedAt) {
      const table = rowTable(db, 'chapter_contents');
      const locals = await rowsWhere(
        table,
        'chapter_id',
        chapterId,
        (row) => row.user_id === userId && row.kind === 'chapter_contents',
      );
      const newest = Math.max(0, ...locals.map((row) => row.updated_at));
      if (updatedAt !== null && locals.length > 0 && newest >= updatedAt) return;
      const server = await remote.chapterContent(chapterId);
      if (!server) return;
      await problems.guard(() =>
        db.transaction('rw', table, () =>
          mergeListing(table, {
            userId,
            covered: () => Promise.resolve([]),
            serverRows: [server],
            toLocal: (row) => fromServer(row, userId, 'chapter_contents'),
            removeUnlisted: false,
          }),
        ),
      );
    },
    forgetManuscript,
    reloadGlobalNotes,
    reloadGlobalTodos,
    reloadWritingRecords,
    async sharedManuscriptIds() {
      const rows = await db.manuscripts.where('user_id').equals(userId).toArray();
      return rows
        .filter((row) => row.shared_with_me === 1 && row.deleted_at === null)
        .map((row) => row.id);
    },
  };
}
