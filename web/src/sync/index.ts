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

import { collabUrl, createCollabConnection } from './collab';
import type { CollabConnection } from './collab';
import { createSyncEngine } from './engine';
import type { SyncEngine } from './engine';
import { createLeaderElection } from './leader';
import { liveChannelUrl } from './live-channel';
import type { WebSocketLike } from './live-channel';
import { startUserSync } from './user-sync';
import type { UserSync } from './user-sync';

export { createSyncEngine } from './engine';
export type { SyncEngine } from './engine';
export { createLoader, CONTENT_BATCH_SIZE } from './loader';
export type { Loader } from './loader';
export { createOutbox, STUCK_SYNC_RESET_MS, SYNC_DEBOUNCE_MS } from './outbox';
export type { Announcement, Outbox } from './outbox';
export { startUserSync } from './user-sync';
export type { UserSync, UserSyncDeps } from './user-sync';

const remote = createHttpRemote(api);
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

let collab: { userId: string; connection: CollabConnection; unsubscribe: () => void } | null = null;

function closeCollab() {
  if (!collab) return;
  const { connection, unsubscribe } = collab;
  collab = null;
  unsubscribe();
  void connection.close();
}

/**
 * The chapter-text connection of `userId` (`/api/v4/collab`, one socket for every open
 * chapter): made on first use, closed when that user signs out (or another signs in). It
 * outlives a restart of the structure sync (the re-login modal), so open editors keep their
 * documents.
 */
export function collabConnectionFor(userId: string): CollabConnection {
  if (collab?.userId === userId) return collab.connection;
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
  const unsubscribe = session.subscribe(() => {
    if (session.getState().user?.id !== userId) closeCollab();
  });
  collab = { userId, connection, unsubscribe };
  return connection;
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
  const running = startUserSync({
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
  return {
    ...running,
    stop() {
      running.stop();
      if (signedInUserId === options.userId) signedInUserId = null;
    },
  };
}
