/**
 * What runs while a user is signed in: the outbox and the loader of their engine, the live channel
 * with the handlers that reload through the loader, the action-log sender, the watch on the local
 * databases and the one request for persistent storage. `stop()` (logout) closes the channel and
 * clears every timer. Plain TypeScript: the app shell calls `startUserSync` from an effect.
 */
import type { Dexie } from 'dexie';

import type { ActionLog } from '@/storage/action-log';
import type { DatabaseFailure, DatabaseHealth } from '@/storage/database-health';

import { startActionLogSender } from './action-log-sender';
import type { SyncEngine } from './engine';
import type { LeaderElection } from './leader';
import { createLiveChannel } from './live-channel';
import type { LiveChannel, LiveChannelDeps, LiveHandlers, LiveLog } from './live-channel';

export interface UserSyncDeps {
  engine: SyncEngine;
  deviceId: string;
  /** `liveChannelUrl(location)`. */
  url: string;
  createSocket: LiveChannelDeps['createSocket'];
  createLeader: () => LeaderElection;
  health: DatabaseHealth;
  /** The local databases whose closing forces logout. */
  databases: readonly Dexie[];
  actionLog: ActionLog;
  sendActions: (actions: readonly unknown[]) => Promise<void>;
  /** `navigator.storage.persist()`, asked once per sign-in. */
  askPersistentStorage: () => Promise<boolean>;
  /** Reloads the signed-in user (`users/me`). */
  reloadUser: () => Promise<unknown>;
  /** Logs out: the local database can no longer be used. */
  logout: () => void;
  /**
   * The server ended this session (close 4001: revoked from another device, logged out, the
   * account deleted); the channel has stopped. The app checks the session the usual way
   * (a 401, one refresh, then the re-login modal) and starts the sync again after.
   */
  onSessionEnded: () => void;
  /** The database is failing (a full device): tell the user. */
  onQuota?: () => void;
  /**
   * The chapters with edits the server has not acknowledged, sent by the lead tab after the
   * outbox (so a chapter made offline reaches the server before its text), on coming back
   * online and on taking the lead.
   */
  chapters?: { send(): Promise<unknown> };
  log?: LiveLog;
  /** Injected into the channel and the action-log sender (tests use fake timers). */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  subscribeOnline?: LiveChannelDeps['subscribeOnline'];
}

export interface UserSync {
  channel: LiveChannel;
  /** Whether this tab leads (acts on live messages, sends the chapters' backlog). */
  isLeader(): boolean;
  /** The first load (sync what is pending, then listings and contents). */
  loaded: Promise<void>;
  stop(): void;
}

const consoleLog: LiveLog = {
  info: () => undefined,
  warn: (message, detail) => {
    console.warn(message, detail);
  },
};

export function startUserSync(deps: UserSyncDeps): UserSync {
  const { engine } = deps;
  const { outbox, loader } = engine;
  const log = deps.log ?? consoleLog;
  const timers = { setTimeout: deps.setTimeout, clearTimeout: deps.clearTimeout };
  let stopped = false;
  const sharedIds = new Set<string>();

  /** Runs a reload; a failure (offline, a refusal) is logged, the channel goes on. */
  const quietly = (what: string, task: () => Promise<unknown>) => {
    task().catch((error: unknown) => {
      log.warn(`Live sync: ${what} failed.`, error);
    });
  };

  /** Joins manuscripts newly shared with the user (the channel also joins them on reconnects). */
  async function refreshShared() {
    const ids = await loader.sharedManuscriptIds();
    for (const id of ids) {
      if (!sharedIds.has(id) && !stopped) channel.join(id);
    }
    sharedIds.clear();
    for (const id of ids) sharedIds.add(id);
  }

  async function loadAll() {
    await outbox.flushPending();
    if (leader.isLeader()) void deps.chapters?.send();
    await loader.load();
    await refreshShared();
  }

  const handlers: LiveHandlers = {
    updatedUser: () => {
      quietly('reloading the user', deps.reloadUser);
    },
    newManuscript: (id) => {
      // New to this device: made on another one, or shared with the user (a new grant, or
      // out of the trash). The listings tell a shared one, which is then joined.
      quietly('loading a new manuscript', async () => {
        await loader.loadManuscript(id);
        await loader.refreshShelf();
        await refreshShared();
      });
    },
    manuscript: (id) => {
      quietly('reloading a manuscript', async () => {
        await loader.loadManuscript(id);
        await refreshShared();
      });
    },
    folder: () => {
      quietly('reloading folders and manuscripts', () => loader.refreshShelf());
    },
    globalNote: () => {
      quietly('reloading global notes', () => loader.reloadGlobalNotes());
    },
    globalTodo: () => {
      quietly('reloading the global to-dos', () => loader.reloadGlobalTodos());
    },
    chapterContent: (chapterId, _manuscriptId, updatedAt) => {
      quietly('fetching chapter content', () => loader.loadChapterContent(chapterId, updatedAt));
    },
    deleteManuscript: (id) => {
      // Remove the local manuscript; the listings then show it in the trash if it is there.
      quietly('removing a deleted manuscript', async () => {
        await loader.forgetManuscript(id);
        await loader.refreshShelf();
      });
    },
  };

  const leader = deps.createLeader();
  const unsubscribeLeader = leader.onChange((leading) => {
    if (leading && !stopped) void deps.chapters?.send();
  });
  const channel = createLiveChannel({
    url: deps.url,
    createSocket: deps.createSocket,
    userId: engine.userId,
    deviceUid: deps.deviceId,
    isLeader: () => leader.isLeader(),
    sharedManuscriptIds: () => sharedIds,
    handlers,
    log,
    onError: (code) => {
      void deps.actionLog.record('live_channel_error', { details: { code } });
    },
    onLeft: (id, reason) => {
      sharedIds.delete(id);
      quietly('dropping a manuscript no longer shared', () => loader.forgetManuscript(id));
      void deps.actionLog.record('live_channel_left', {
        related_ids: { manuscript_id: id },
        details: { reason },
      });
    },
    onSessionEnded: () => {
      deps.onSessionEnded();
    },
    onBackOnline: () => {
      quietly('syncing after coming back online', loadAll);
    },
    subscribeOnline: deps.subscribeOnline,
    ...timers,
  });

  deps.health.reset();
  const unwatch = deps.databases.map((db) => deps.health.watch(db));
  const unsubscribeHealth = deps.health.subscribe((failure: DatabaseFailure) => {
    if (failure.type === 'quota') {
      deps.onQuota?.();
      void deps.actionLog.record('local_database_full');
      return;
    }
    void deps.actionLog.record('local_database_closed', { details: { reason: failure.reason } });
    deps.logout();
  });

  const sender = startActionLogSender({
    log: deps.actionLog,
    send: deps.sendActions,
    warn: log.warn,
    ...timers,
  });

  outbox.resume();
  void deps.askPersistentStorage();
  const loaded = loadAll().catch((error: unknown) => {
    log.warn('Live sync: the first load failed.', error);
  });

  return {
    channel,
    isLeader: () => leader.isLeader(),
    loaded,
    stop() {
      if (stopped) return;
      stopped = true;
      channel.close();
      unsubscribeLeader();
      leader.close();
      outbox.pause();
      sender.stop();
      unsubscribeHealth();
      for (const stopWatching of unwatch) stopWatching();
    },
  };
}
