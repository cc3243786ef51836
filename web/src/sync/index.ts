/**
 * The public surface of sync/ and the browser's composition of it: one engine per signed-in
 * user over the app database and the main API, and `startSessionSync`, which the app shell
 * calls while someone is signed in.
 */
import { env } from '@/config/env';
import { api } from '@/lib/api';
import { session } from '@/lib/session';
import {
  appDatabase,
  askForPersistentStorage,
  createActionLog,
  createHttpRemote,
  createServerClock,
  databaseHealth,
  deviceId,
  sharedDatabase,
} from '@/storage';
import type { ManuscriptsPort } from '@/storage';
import type { MentionIndex } from '@/text-editor/mention-index';

import { createAfterRows } from './after-rows';
import type { RowRef } from './after-rows';
import {
  collabDatabase,
  collabUrl,
  createChapterBacklog,
  createCollabConnection,
  unsyncedChapterIds,
} from './collab';
import type { ChapterBacklog, CollabConnection } from './collab';
import { createSyncEngine } from './engine';
import type { SyncEngine } from './engine';
import { createLeaderElection } from './leader';
import { liveChannelUrl } from './live-channel';
import type { WebSocketLike } from './live-channel';
import { createManuscriptMentions } from './mention-index-source';
import { createSyncStatus } from './sync-status';
import type { SyncStatus } from './sync-status';
import { startUserSync } from './user-sync';
import type { UserSync } from './user-sync';

export { createSyncEngine } from './engine';
export type { SyncEngine } from './engine';
export { createLoader, CONTENT_BATCH_SIZE } from './loader';
export type { Loader } from './loader';
export { createOutbox, STUCK_SYNC_RESET_MS, SYNC_DEBOUNCE_MS } from './outbox';
export type { Outbox } from './outbox';
export { startUserSync } from './user-sync';
export type { RowRef } from './after-rows';
export { summarizeSync } from './sync-status';
export type { PendingRow, SyncSnapshot, SyncStatus, SyncSummary } from './sync-status';
export type { UserSync, UserSyncDeps } from './user-sync';

const remote = createHttpRemote(api, deviceId());
let signedInUserId: string | null = null;
const actionLog = createActionLog({
  db: sharedDatabase(),
  deviceId: deviceId(),
  platform: env.platform,
  userId: () => signedInUserId,
});
const clock = createServerClock({
  fetchServerTime: () => remote.serverTime(),
  warn: (message, offsetMs) => {
    console.warn(message);
    void actionLog.record('clock_offset', { details: { offset_ms: offsetMs } });
  },
});
const engines = new Map<string, SyncEngine>();

/** The engine of `userId` over the app database and the main API (one per user). */
export function syncEngineFor(userId: string): SyncEngine {
  let engine = engines.get(userId);
  if (!engine) {
    engine = createSyncEngine({
      db: appDatabase(),
      remote,
      userId,
      clock,
      deviceId: deviceId(),
      health: databaseHealth,
      record: (type, details) => {
        void actionLog.record(type, { details });
      },
    });
    engines.set(userId, engine);
  }
  return engine;
}

/** The manuscripts port of `userId` (local first, synced by the engine). */
export function manuscriptsPortFor(userId: string): ManuscriptsPort {
  return syncEngineFor(userId).port;
}

/** The chapter text of the signed-in user: its connection, its backlog and the sync status. */
interface CollabSession {
  userId: string;
  connection: CollabConnection;
  backlog: ChapterBacklog;
  status: SyncStatus;
  /** Each manuscript's mention index, made on first use. */
  mentions: Map<string, MentionIndex>;
  unsubscribe: () => void;
}

let collab: CollabSession | null = null;
const afterRows = createAfterRows({ db: appDatabase() });

/**
 * Makes a call that names rows of this device (`refs`) once none of them is pending in the
 * outbox, trying again while the server does not answer or does not know them yet; a newer
 * call of the same `key` replaces one still waiting.
 */
export function sendAfterRows(
  key: string,
  refs: readonly RowRef[],
  call: () => Promise<unknown>,
): Promise<void> {
  return afterRows.send(key, refs, call);
}
/** The structure sync running in this tab, whose leadership says who sends the backlog. */
let runningSync: UserSync | null = null;

function closeCollab() {
  if (!collab) return;
  const { connection, backlog, status, mentions, unsubscribe } = collab;
  collab = null;
  for (const index of mentions.values()) index.dispose();
  afterRows.clear();
  unsubscribe();
  backlog.stop();
  status.stop();
  void connection.close();
}

/**
 * The chapter-text connection of `userId` (`/api/v4/collab`, one socket for every open
 * chapter): made on first use, closed when that user signs out (or another signs in). It
 * outlives a restart of the structure sync (the re-login modal), so open editors keep their
 * documents.
 */
export function collabConnectionFor(userId: string): CollabConnection {
  return collabSessionFor(userId).connection;
}

/**
 * Where the manuscript's chapters mention each story element, read from the chapters' text on
 * this device (open documents and stored copies); one per manuscript while `userId` is signed in.
 */
export function mentionIndexFor(userId: string, manuscriptId: string): MentionIndex {
  const session = collabSessionFor(userId);
  let index = session.mentions.get(manuscriptId);
  if (!index) {
    index = createManuscriptMentions({
      userId,
      manuscriptId,
      reads: syncEngineFor(userId).reads,
      connection: session.connection,
    });
    session.mentions.set(manuscriptId, index);
  }
  return index;
}

/** What `userId`'s device has not yet got onto the server (chapters and outbox rows). */
export function syncStatusFor(userId: string): SyncStatus {
  return collabSessionFor(userId).status;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function collabSessionFor(userId: string): CollabSession {
  if (collab?.userId === userId) return collab;
  closeCollab();
  const engine = syncEngineFor(userId);
  const connection = createCollabConnection({
    url: collabUrl(window.location),
    userId,
    reportProblem: (problem) => {
      engine.problems.report(problem);
    },
    isPendingOnServer: async (chapterId) => {
      const row = await appDatabase().contents.get(chapterId);
      return row?.user_id === userId && row.kind === 'chapters' && row.pending === 1;
    },
  });
  const backlog = createChapterBacklog({
    connection,
    // Open chapters too: another tab may have stored edits of one that this tab's copy lacks.
    unsynced: () => unsyncedChapterIds(collabDatabase(), userId),
    mayRun: () => runningSync?.isLeader() === true && isOnline(),
  });
  const status = createSyncStatus({
    appDb: appDatabase(),
    collabDb: collabDatabase(),
    userId,
    connection,
    backlog,
    isOnline,
    subscribeOnline,
    subscribeChanges: (listener) => syncEngineFor(userId).onChanged(listener),
  });
  const unsubscribe = session.subscribe(() => {
    if (session.getState().user?.id !== userId) closeCollab();
  });
  collab = { userId, connection, backlog, status, mentions: new Map(), unsubscribe };
  return collab;
}

export interface SessionSyncOptions {
  userId: string;
  reloadUser: () => Promise<unknown>;
  logout: () => void;
  onSessionEnded: () => void;
  onQuota: () => void;
}

/** Starts what runs while `userId` is signed in, in this browser; `stop()` on logout. */
export function startSessionSync(options: SessionSyncOptions): UserSync {
  signedInUserId = options.userId;
  const { backlog } = collabSessionFor(options.userId);
  const running = startUserSync({
    chapters: backlog,
    engine: syncEngineFor(options.userId),
    deviceId: deviceId(),
    url: liveChannelUrl(window.location),
    // The channel sets handlers that read only what `WebSocketLike` declares of the events.
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    createLeader: () => createLeaderElection(),
    health: databaseHealth,
    databases: [appDatabase(), sharedDatabase()],
    actionLog,
    sendActions: (actions) => remote.sendActions(actions),
    askPersistentStorage: () => askForPersistentStorage(),
    reloadUser: options.reloadUser,
    logout: options.logout,
    onSessionEnded: options.onSessionEnded,
    onQuota: options.onQuota,
  });
  runningSync = running;
  return {
    ...running,
    stop() {
      if (runningSync === running) runningSync = null;
      running.stop();
      if (signedInUserId === options.userId) signedInUserId = null;
    },
  };
}
