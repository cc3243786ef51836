/**
 * Sends the chapters this device holds unacknowledged edits of, whether or not an editor shows
 * them: each is opened on the collaboration connection (which exchanges state vectors with the
 * server and sends what it lacks), kept open until the server acknowledges everything or
 * refuses the chapter, then closed. What is unsynced is read from the local store, so edits
 * typed before a reload, or in a tab since closed, are sent as surely as the open chapter's.
 */
import { timersOf } from '../timers';
import type { CollabConnection } from './collab-connection';
import type { ChapterStatus } from './status';

/** Chapters opened together in one pass. */
export const BACKLOG_PARALLEL = 3;
/** How long one chapter may take to be acknowledged before the pass gives up for now. */
export const BACKLOG_CHAPTER_WAIT_MS = 30_000;
/** After a pass that left chapters unsent: try again after 5 s, doubling up to 2 minutes. */
export const BACKLOG_RETRY_FIRST_MS = 5_000;
export const BACKLOG_RETRY_MAX_MS = 120_000;

export interface BacklogLog {
  warn: (message: string, detail?: unknown) => void;
}

export interface ChapterBacklogDeps {
  connection: Pick<CollabConnection, 'open'>;
  /** The chapters with unacknowledged edits now (`unsyncedChapterIds`). */
  unsynced: () => Promise<string[]>;
  /** Whether a pass may run now (this tab leads, the device is online). */
  mayRun?: () => boolean;
  log?: BacklogLog;
  chapterWaitMs?: number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** How a pass ended for each chapter it tried. */
export interface BacklogPass {
  synced: string[];
  /** The server refused the chapter (no access, or read only): its edits cannot be sent. */
  refused: string[];
  /** Not acknowledged in time (offline, or the chapter's row not yet on the server). */
  waiting: string[];
}

export interface ChapterBacklog {
  /**
   * Sends every unsynced chapter now. A call while a pass runs is answered by the pass after
   * it, so edits stored meanwhile are not missed.
   */
  send(): Promise<BacklogPass>;
  /** The chapters the server refused in the last pass that tried them. */
  refused(): ReadonlySet<string>;
  /** Clears the retry timer; a pass under way finishes its chapters and stops. */
  stop(): void;
}

const SETTLED: ReadonlySet<ChapterStatus> = new Set(['synced', 'denied', 'read-only']);

export function createChapterBacklog(deps: ChapterBacklogDeps): ChapterBacklog {
  const log = deps.log ?? console;
  const waitMs = deps.chapterWaitMs ?? BACKLOG_CHAPTER_WAIT_MS;
  const { setTimer, clearTimer } = timersOf(deps);
  const refused = new Set<string>();
  let running: Promise<BacklogPass> | null = null;
  let again: Promise<BacklogPass> | null = null;
  let retryTimer: unknown = null;
  let retryDelay = 0;
  let stopped = false;

  /** Opens one chapter until it settles or the wait runs out; never rejects. */
  async function sendOne(chapterId: string): Promise<ChapterStatus | 'waiting'> {
    let handle;
    try {
      handle = await deps.connection.open(chapterId);
    } catch (error) {
      log.warn(`Chapter backlog: chapter ${chapterId} could not be opened.`, error);
      return 'waiting';
    }
    const opened = handle;
    try {
      return await new Promise<ChapterStatus | 'waiting'>((resolve) => {
        let timer: unknown = null;
        const finish = (outcome: ChapterStatus | 'waiting') => {
          if (timer !== null) clearTimer(timer);
          unsubscribe();
          resolve(outcome);
        };
        const unsubscribe = opened.onStatus((status) => {
          if (SETTLED.has(status)) finish(status);
        });
        if (SETTLED.has(opened.status())) {
          finish(opened.status());
          return;
        }
        timer = setTimer(() => {
          timer = null;
          finish('waiting');
        }, waitMs);
      });
    } finally {
      await opened.close();
    }
  }

  async function pass(): Promise<BacklogPass> {
    const result: BacklogPass = { synced: [], refused: [], waiting: [] };
    if (stopped || deps.mayRun?.() === false) return result;
    const queue = await deps.unsynced();
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (stopped) return;
        const outcome = await sendOne(id);
        if (outcome === 'synced') {
          refused.delete(id);
          result.synced.push(id);
        } else if (outcome === 'denied' || outcome === 'read-only') {
          refused.add(id);
          result.refused.push(id);
        } else {
          result.waiting.push(id);
          // The connection is likely down: leave the rest for the retry.
          result.waiting.push(...queue.splice(0));
        }
      }
    };
    await Promise.all(Array.from({ length: BACKLOG_PARALLEL }, worker));
    return result;
  }

  function scheduleRetry(result: BacklogPass) {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    if (stopped || result.waiting.length === 0) {
      retryDelay = 0;
      return;
    }
    retryDelay =
      retryDelay === 0 ? BACKLOG_RETRY_FIRST_MS : Math.min(retryDelay * 2, BACKLOG_RETRY_MAX_MS);
    retryTimer = setTimer(() => {
      retryTimer = null;
      void send();
    }, retryDelay);
  }

  function start(): Promise<BacklogPass> {
    const run = pass()
      .catch((error: unknown) => {
        log.warn('Chapter backlog: a pass failed.', error);
        const empty: BacklogPass = { synced: [], refused: [], waiting: [] };
        return empty;
      })
      .then((result) => {
        scheduleRetry(result);
        return result;
      })
      .finally(() => {
        if (running === run) running = null;
      });
    running = run;
    return run;
  }

  function send(): Promise<BacklogPass> {
    if (!running) return start();
    again ??= running.then(() => {
      again = null;
      return start();
    });
    return again;
  }

  return {
    send,
    refused: () => refused,
    stop() {
      stopped = true;
      if (retryTimer !== null) clearTimer(retryTimer);
      retryTimer = null;
    },
  };
}
