/**
 * What this device has not yet got onto the server: chapters whose edits the server has not
 * acknowledged (read from `quire-collab`, and the open chapters' live status) and rows still
 * pending in the outbox (`quire-app`). "Synced" is said only when both are empty. Plain
 * TypeScript: the tables are watched through Dexie, the browser's `online` state, other tabs'
 * news and the timers are injected.
 */
import { liveQuery } from 'dexie';
import type { Subscription } from 'dexie';

import type { AppDatabase } from '@/storage/app-db';
import { tableOfKind } from '@/storage/entity-kinds';
import type { EntityKind, RowTableName } from '@/storage/entity-kinds';
import { kindOfRow } from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { PendingChange } from '@/storage/local-writer';

import type { CollabConnection } from './collab/collab-connection';
import type { CollabDatabase } from './collab/collab-db';
import { readChapterRows } from './collab/read-ahead';
import type { ChapterStatus } from './collab/status';
import { holdsUnackedEdits, unsyncedChapterIds } from './collab/unsynced';
import { timersOf } from './timers';

/** While anything is waiting, the local store is looked at again this often. */
export const SYNC_STATUS_RESCAN_MS = 10_000;
export const SYNC_STATUS_CHANNEL = 'quire-sync-status';
/**
 * Another tab's word that a chapter waits stands this long; then the store, which that tab
 * writes within a quarter of a second, answers instead (the tab may have closed meanwhile).
 */
export const ELSEWHERE_STANDS_MS = 2_000;
/** After an open chapter is acknowledged, the store is read again this much later. */
export const SETTLE_AFTER_ACK_MS = 1_000;

/** A row of the outbox not yet accepted by the server. */
export interface PendingRow {
  table: RowTableName;
  kind: EntityKind | null;
  id: string;
  manuscriptId: string | null;
  /** The row's own name or title, when it has one. */
  name: string | null;
}

export interface SyncSnapshot {
  /** The first look at the local store is done; before it nothing is claimed. */
  known: boolean;
  online: boolean;
  /** Chapters holding edits the server has not acknowledged. */
  chapters: readonly string[];
  /** Of those, the ones the server refused (no access any more, or read only). */
  refused: readonly string[];
  rows: readonly PendingRow[];
}

export type SyncSummary =
  | { state: 'checking' }
  | { state: 'synced' }
  | { state: 'waiting'; chapters: number; rows: number };

/** Synced only when the server holds every chapter edit and every row this device holds. */
export function summarizeSync(snapshot: SyncSnapshot): SyncSummary {
  if (!snapshot.known) return { state: 'checking' };
  if (snapshot.chapters.length === 0 && snapshot.rows.length === 0) return { state: 'synced' };
  return { state: 'waiting', chapters: snapshot.chapters.length, rows: snapshot.rows.length };
}

/** A message between tabs: a chapter's status changed there (`null`: it was closed). */
interface TabNews {
  userId: string;
  chapterId: string;
  status: ChapterStatus | null;
}

export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface SyncStatusDeps {
  appDb: AppDatabase;
  collabDb: CollabDatabase;
  userId: string;
  connection: Pick<CollabConnection, 'openChapters' | 'onChapterStatus'>;
  /** The chapters the server refused, and a way to have the unsynced ones sent now. */
  backlog?: { refused(): ReadonlySet<string>; send(): Promise<unknown> };
  isOnline?: () => boolean;
  /**
   * Rows written here, told right after their write: they count as waiting at once, before
   * the watch on the tables reads them back.
   */
  subscribeChanges?: (listener: (changes: readonly PendingChange[]) => void) => () => void;
  /** Subscribes to `online`/`offline`; returns an unsubscribe function. */
  subscribeOnline?: (listener: () => void) => () => void;
  /** Other tabs' news; a `BroadcastChannel` by default when the browser has one. */
  createChannel?: ((name: string) => TabChannel) | null;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  now?: () => number;
  log?: { warn: (message: string, detail?: unknown) => void };
}

export interface SyncStatus {
  getSnapshot(): SyncSnapshot;
  subscribe(listener: () => void): () => void;
  /** Looks at the whole local store again (after a pass of the backlog, say). */
  rescan(): Promise<void>;
  stop(): void;
}

const ROW_TABLES: readonly RowTableName[] = [
  'folders',
  'manuscripts',
  'contents',
  'notes',
  'words',
  'sessions',
  'versions',
];

const UNSYNCED: ReadonlySet<ChapterStatus> = new Set(['saving', 'saved-locally']);

function pendingRowsOf(db: AppDatabase, userId: string): Promise<PendingRow[]> {
  return db.transaction('r', ROW_TABLES, async () => {
    const found: PendingRow[] = [];
    for (const table of ROW_TABLES) {
      const rows = (await db[table].where('pending').equals(1).toArray()) as LocalRow[];
      for (const row of rows) {
        if (row.user_id !== userId) continue;
        const named = row.name ?? row.title;
        found.push({
          table,
          kind: kindOfRow(table, row),
          id: row.id,
          manuscriptId: table === 'manuscripts' ? row.id : (row.manuscript_id ?? null),
          name: typeof named === 'string' && named !== '' ? named : null,
        });
      }
    }
    return found;
  });
}

function defaultChannel(name: string): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return new BroadcastChannel(name) as unknown as TabChannel;
}

function isTabNews(value: unknown): value is TabNews {
  const news = value as Partial<TabNews> | null;
  return typeof news?.userId === 'string' && typeof news.chapterId === 'string';
}

export function createSyncStatus(deps: SyncStatusDeps): SyncStatus {
  const { appDb, collabDb, userId, connection } = deps;
  const log = deps.log ?? console;
  const isOnline = deps.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const now = deps.now ?? Date.now;
  const { setTimer, clearTimer } = timersOf(deps);
  const listeners = new Set<() => void>();
  /** Chapters whose stored edits the server has not all acknowledged, at the last look. */
  const stored = new Set<string>();
  /** Chapters open in another tab, with the status that tab last told. */
  const elsewhere = new Map<string, { status: ChapterStatus; at: number }>();
  let rows: PendingRow[] = [];
  let rowsKnown = false;
  /** Rows told as changed, each with the number of the table read that may not have seen it. */
  const told = new Map<string, { row: PendingRow; read: number }>();
  /** Reads of the tables started so far. */
  let reads = 0;
  let chaptersKnown = false;
  let snapshot: SyncSnapshot = {
    known: false,
    online: isOnline(),
    chapters: [],
    refused: [],
    rows: [],
  };
  let stopped = false;
  let rescanTimer: unknown = null;
  const settling = new Map<string, unknown>();
  let scanning: Promise<void> | null = null;
  let scanAgain = false;

  function compute(): SyncSnapshot {
    const open = connection.openChapters();
    const chapters = new Set<string>();
    // The store is read for open chapters too: another tab may have stored edits of one that
    // this tab's copy lacks.
    for (const id of stored) chapters.add(id);
    for (const [id, news] of elsewhere) if (UNSYNCED.has(news.status)) chapters.add(id);
    for (const [id, status] of open) if (UNSYNCED.has(status)) chapters.add(id);
    const refusedNow = deps.backlog?.refused() ?? new Set<string>();
    return {
      known: rowsKnown && chaptersKnown,
      online: isOnline(),
      chapters: [...chapters].sort(),
      refused: [...chapters].filter((id) => refusedNow.has(id)).sort(),
      rows: [...rows, ...[...told.values()].map((entry) => entry.row)],
    };
  }

  function publish() {
    if (stopped) return;
    const next = compute();
    if (JSON.stringify(next) === JSON.stringify(snapshot)) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
    scheduleRescan();
  }

  /**
   * While anything waits and the device is online, look again now and then and have the
   * backlog try again (offline, nothing can change but what this device's own events tell).
   */
  function scheduleRescan() {
    if (rescanTimer !== null || stopped || !snapshot.online) return;
    if (snapshot.known && snapshot.chapters.length === 0 && snapshot.rows.length === 0) return;
    rescanTimer = setTimer(() => {
      rescanTimer = null;
      void rescan().then(() => {
        if (snapshot.online && snapshot.chapters.length > 0) void deps.backlog?.send();
      });
    }, SYNC_STATUS_RESCAN_MS);
  }

  async function scanAll(): Promise<void> {
    const found = await unsyncedChapterIds(collabDb, userId);
    // What other tabs told long enough ago is in the store by now.
    for (const [id, news] of elsewhere) {
      if (now() - news.at >= ELSEWHERE_STANDS_MS) elsewhere.delete(id);
    }
    stored.clear();
    for (const id of found) stored.add(id);
    chaptersKnown = true;
    // An open chapter acknowledged while the store was being read: read it again after the
    // acknowledgement's write.
    for (const [id, status] of connection.openChapters()) {
      if (status === 'synced' && stored.has(id)) settleLater(id);
    }
  }

  const wantsAgain = () => scanAgain && !stopped;

  function rescan(): Promise<void> {
    if (scanning) {
      scanAgain = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        scanAgain = false;
        try {
          await scanAll();
        } catch (error) {
          log.warn('Sync status: the local chapters could not be read.', error);
        }
      } while (wantsAgain());
    })().finally(() => {
      scanning = null;
      publish();
      scheduleRescan();
    });
    return scanning;
  }

  /**
   * An open chapter the store last called unsent has just been acknowledged: its stored
   * acknowledgement lands with the chapter's next write, so the store is read again after it.
   */
  function settleLater(chapterId: string) {
    const waiting = settling.get(chapterId);
    if (waiting !== undefined) clearTimer(waiting);
    settling.set(
      chapterId,
      setTimer(() => {
        settling.delete(chapterId);
        void rescanChapter(chapterId);
      }, SETTLE_AFTER_ACK_MS),
    );
  }

  /** Looks at one chapter's stored log again (it was closed, here or in another tab). */
  async function rescanChapter(chapterId: string): Promise<void> {
    try {
      const { rows: logged, stored: doc } = await readChapterRows(collabDb, chapterId);
      if (holdsUnackedEdits(logged, doc, userId)) stored.add(chapterId);
      else stored.delete(chapterId);
    } catch (error) {
      log.warn(`Sync status: chapter ${chapterId} could not be read.`, error);
      stored.add(chapterId);
    }
    publish();
  }

  const channel = (deps.createChannel === undefined ? defaultChannel : deps.createChannel)?.(
    SYNC_STATUS_CHANNEL,
  );
  if (channel) {
    channel.onmessage = (event) => {
      if (!isTabNews(event.data) || event.data.userId !== userId) return;
      const { chapterId, status } = event.data;
      if (status === null) {
        elsewhere.delete(chapterId);
        void rescanChapter(chapterId);
        return;
      }
      const news = { status, at: now() };
      elsewhere.set(chapterId, news);
      if (!UNSYNCED.has(status)) {
        // That tab stores its acknowledgement with its next write: read the store after it too.
        void rescanChapter(chapterId);
        settleLater(chapterId);
        return;
      }
      publish();
      setTimer(() => {
        if (elsewhere.get(chapterId) !== news || stopped) return;
        elsewhere.delete(chapterId);
        void rescanChapter(chapterId);
      }, ELSEWHERE_STANDS_MS);
    };
  }

  const unsubscribeConnection = connection.onChapterStatus((chapterId, status) => {
    channel?.postMessage({ userId, chapterId, status } satisfies TabNews);
    if (status === null) void rescanChapter(chapterId);
    else if (status === 'synced' && stored.has(chapterId)) settleLater(chapterId);
    publish();
  });

  const unsubscribeOnline = deps.subscribeOnline?.(() => {
    publish();
    if (isOnline()) void rescan();
  });

  const unsubscribeChanges = deps.subscribeChanges?.((changes) => {
    for (const change of changes) {
      const table = tableOfKind(change.kind);
      const key = `${table}:${change.id}`;
      if (rows.some((row) => `${row.table}:${row.id}` === key)) continue;
      const manuscriptId = change.kind === 'manuscripts' ? change.id : change.manuscript_id;
      const row = { table, kind: change.kind, id: change.id, manuscriptId, name: null };
      told.set(key, { row, read: reads });
    }
    publish();
  });

  let rowsSubscription: Subscription | null = liveQuery(async () => {
    reads += 1;
    const read = reads;
    return { found: await pendingRowsOf(appDb, userId), read };
  }).subscribe({
    next: ({ found, read }) => {
      rows = found;
      rowsKnown = true;
      // A read started after a row was told has seen its write: the read is the truth.
      for (const [key, entry] of told) if (entry.read < read) told.delete(key);
      publish();
    },
    error: (error: unknown) => {
      log.warn('Sync status: the outbox could not be read.', error);
    },
  });

  void rescan();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    rescan,
    stop() {
      if (stopped) return;
      stopped = true;
      if (rescanTimer !== null) clearTimer(rescanTimer);
      rescanTimer = null;
      for (const waiting of settling.values()) clearTimer(waiting);
      settling.clear();
      unsubscribeConnection();
      unsubscribeChanges?.();
      unsubscribeOnline?.();
      rowsSubscription?.unsubscribe();
      rowsSubscription = null;
      channel?.close();
      listeners.clear();
    },
  };
}
