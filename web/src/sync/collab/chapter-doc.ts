/**
 * A chapter's Yjs document kept on this device: `openChapterDoc` loads the stored update log into a
 * fresh `Y.Doc` and appends every later update to it (the Dexie database `quire-collab`, never
 * y-indexeddb, so that this module decides when it writes, what a failed write keeps, and what the
 * log says is unsent). Writes are coalesced to one every 250 ms and flushed at once on `pagehide`
 * and `close()`. A failed write keeps the bytes in memory and retries; nothing is dropped. It knows
 * nothing of the network: the connection tells it which origins are the server's, when the server
 * acknowledged, and when local edits are refused.
 */
import * as Y from 'yjs';

import { afterPaintOr } from '@/lib/after-paint';
import type { StoreProblem } from '@/storage/problems';
import { isQuotaExceeded } from '@/storage/quota';

import { timersOf } from '../timers';
import { collabDatabase, type CollabDatabase } from './collab-db';
import { readChapterRows, takeReadAhead } from './read-ahead';
import { ackedContains, ackedSnapshotOf, unionOfAcked } from './status';

/** Chapter updates reach IndexedDB at most this often: one write holds a burst of keys. */
export const COLLAB_WRITE_INTERVAL_MS = 250;
/** A log longer than this is due to be compacted to one row (`COMPACT_PAUSE_MS`). */
export const COMPACT_AFTER_ROWS = 100;
/** A write that is due waits for the frame being drawn, at most this long (a hidden tab paints none). */
const PAINT_WAIT_MS = 100;
/** A log longer than this when the chapter is opened is compacted once it is shown. */
export const COMPACT_ON_OPEN_AFTER_ROWS = 20;
/**
 * A log due for compaction is compacted once the writer has paused this long: re-encoding a
 * long chapter takes too long to fit between two keys.
 */
export const COMPACT_PAUSE_MS = 2_000;
/** …unless the log has grown to this many rows: then at the next write, pause or not. */
export const COMPACT_FORCE_ROWS = 400;
/** After a failed write: retry after 1 s, doubling up to 30 s. */
export const RETRY_FIRST_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** The origin of updates read back from IndexedDB, so they are not written again. */
export const PERSISTENCE_ORIGIN: unique symbol = Symbol('quire-collab-persistence');

export interface CollabLog {
  warn: (message: string, detail?: unknown) => void;
}

export interface ChapterDocDeps {
  db?: CollabDatabase;
  /** A full device is reported as `{ type: 'quota' }` (once per run of failed writes). */
  reportProblem?: (problem: StoreProblem) => void;
  log?: CollabLog;
  /** Subscribes to the page's `pagehide`; returns an unsubscribe function. */
  subscribePageHide?: (listener: () => void) => () => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  /** Runs the callback once the frame being drawn is painted; returns a cancel function. */
  afterPaint?: (callback: () => void) => () => void;
  now?: () => number;
}

export interface ChapterDoc {
  readonly chapterId: string;
  readonly userId: string;
  readonly doc: Y.Doc;
  /** An update made on this device is only in memory (not yet in IndexedDB). */
  hasUnsavedLocalChanges(): boolean;
  /**
   * The document holds an edit (an insertion or a deletion) the server has not acknowledged:
   * read from the stored log against the stored acknowledgement on open, then kept up to date.
   */
  unacked(): boolean;
  /**
   * The server holds everything the document holds now. Stored with the next write as the
   * document's snapshot, unless an edit made here came in between (then the next ack stores it).
   */
  markAcked(): void;
  /** Updates applied with this origin came from the server: stored, but not "made here". */
  treatAsRemote(origin: unknown): void;
  /** While refused, updates made here are neither stored nor counted, and a warning is logged. */
  setLocalEditsRefused(refused: boolean): void;
  /** Called when what `hasUnsavedLocalChanges` or `ackedStateVector` answer may have changed. */
  onChange(listener: () => void): () => void;
  /** Writes what is pending now; resolves when that write finished (or failed and will retry). */
  flush(): Promise<void>;
  /**
   * Applies what other tabs stored of this chapter since it was opened (their edits reach this
   * document only through the store or the server, and the server may not have them).
   */
  takeInStored(): Promise<void>;
  /** Stops recording, flushes; a failed flush keeps retrying in the background. */
  close(): Promise<void>;
}

interface Pending {
  update: Uint8Array;
  local: boolean;
}

function defaultSubscribePageHide(listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('pagehide', listener);
  return () => {
    globalThis.removeEventListener('pagehide', listener);
  };
}

/** Loads the chapter's stored updates (origin `PERSISTENCE_ORIGIN`) and records every later one. */
export async function openChapterDoc(
  chapterId: string,
  userId: string,
  deps: ChapterDocDeps = {},
): Promise<ChapterDoc> {
  const db = deps.db ?? collabDatabase();
  const log = deps.log ?? console;
  const { setTimer, clearTimer } = timersOf(deps);
  const waitForPaint = deps.afterPaint ?? ((callback) => afterPaintOr(callback, PAINT_WAIT_MS));
  const now = deps.now ?? Date.now;

  const { rows, stored } = await (takeReadAhead(db, chapterId) ?? readChapterRows(db, chapterId));
  const own = rows.filter((row) => row.user_id === userId);
  const doc = new Y.Doc({ gc: true });
  if (own.length > 0) {
    Y.applyUpdate(doc, Y.mergeUpdates(own.map((row) => row.update)), PERSISTENCE_ORIGIN);
  }

  const ackedOnOpen = ackedSnapshotOf(stored, userId);
  let unacked = own.some((row) => !ackedContains(ackedOnOpen, row.update));
  /** `markAcked` was called; the next write stores the snapshot if nothing changed here since. */
  let ackRequested = false;
  /** An acknowledged snapshot waiting to be stored (kept across a failed write). */
  let ackToStore: Uint8Array | null = null;
  /** The document changed since the last acknowledged snapshot was taken. */
  let changedSinceSnapshot = true;
  let storedRows = own.length;
  let compactNeeded = storedRows > COMPACT_ON_OPEN_AFTER_ROWS;
  let pending: Pending[] = [];
  let inFlightLocal = false;
  let writing: Promise<void> = Promise.resolve();
  let timer: unknown = null;
  let cancelPaintWait: (() => void) | null = null;
  let retryTimer: unknown = null;
  let compactTimer: unknown = null;
  /** Cancels a compaction's wait for the frame (on open, or once the writer paused). */
  let cancelCompactPaint: (() => void) | null = null;
  /** When this device last changed the chapter (`now()`), for the pause before a compaction. */
  let lastLocalAt = Number.NEGATIVE_INFINITY;
  /** 0 while writes succeed; else the delay before the next retry. */
  let retryDelay = 0;
  let refused = false;
  let closed = false;
  const remoteOrigins = new Set<unknown>();
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  async function commit(update: Uint8Array | null, ack: Uint8Array | null, compact: boolean) {
    await db.transaction('rw', db.updates, db.docs, async () => {
      const existing = await db.docs.get(chapterId);
      const mine = existing?.user_id === userId ? existing : undefined;
      let compactedAt = mine?.compacted_at ?? null;
      if (compact) {
        const logged = (await db.updates.where('doc').equals(chapterId).toArray()).filter(
          (row) => row.user_id === userId,
        );
        // Another tab may have appended rows this doc has not seen yet: take them in first, so
        // the one row that replaces the log holds them too. Only the rows read here are deleted.
        if (logged.length > 0) {
          Y.applyUpdate(doc, Y.mergeUpdates(logged.map((row) => row.update)), PERSISTENCE_ORIGIN);
        }
        await db.updates.bulkDelete(logged.map((row) => row.seq));
        await db.updates.add({
          doc: chapterId,
          user_id: userId,
          update: Y.encodeStateAsUpdate(doc),
        });
        compactedAt = now();
      } else if (update) {
        await db.updates.add({ doc: chapterId, user_id: userId, update });
      }
      if (compact || ack) {
        // Another tab may have stored an acknowledgement this one lacks: both hold.
        const kept = ack
          ? { acked_snapshot: unionOfAcked(ack, ackedSnapshotOf(mine, userId)) }
          : {
              ...(mine?.acked_snapshot ? { acked_snapshot: mine.acked_snapshot } : {}),
              ...(mine?.acked_sv ? { acked_sv: mine.acked_sv } : {}),
            };
        await db.docs.put({ doc: chapterId, user_id: userId, compacted_at: compactedAt, ...kept });
      }
    });
  }

  /** One write of everything pending; never rejects. */
  async function writeOnce() {
    // After close the doc may be destroyed: only append what is left, never compact.
    const rowsAfter = storedRows + (pending.length > 0 ? 1 : 0);
    const compactDue = !closed && !refused && (compactNeeded || rowsAfter > COMPACT_AFTER_ROWS);
    const compact =
      compactDue && (now() - lastLocalAt >= COMPACT_PAUSE_MS || rowsAfter >= COMPACT_FORCE_ROWS);
    if (compactDue && !compact) {
      compactNeeded = true;
      scheduleCompaction();
    }
    if (ackRequested) {
      ackRequested = false;
      if (!unacked) {
        ackToStore = Y.encodeSnapshot(Y.snapshot(doc));
        changedSinceSnapshot = false;
      }
    }
    if (pending.length === 0 && !ackToStore && !compact) return;
    const batch = pending;
    pending = [];
    const local = batch.some((entry) => entry.local);
    const update =
      batch.length === 0
        ? null
        : batch.length === 1
          ? (batch[0]?.update ?? null)
          : Y.mergeUpdates(batch.map((entry) => entry.update));
    const ack = ackToStore;
    ackToStore = null;
    inFlightLocal = local;
    try {
      await commit(update, ack, compact);
      storedRows = compact ? 1 : storedRows + (update ? 1 : 0);
      if (compact) {
        compactNeeded = false;
        // A compaction still scheduled for the writer's pause has nothing left to do.
        if (compactTimer !== null) clearTimer(compactTimer);
        compactTimer = null;
      }
      retryDelay = 0;
    } catch (error) {
      if (update) pending.unshift({ update, local });
      if (ack) ackToStore ??= ack;
      if (compact) compactNeeded = true;
      if (isQuotaExceeded(error)) {
        if (retryDelay === 0) deps.reportProblem?.({ type: 'quota' });
      } else {
        log.warn(`Collab: storing chapter ${chapterId} failed; will retry.`, error);
      }
      scheduleRetry();
    } finally {
      inFlightLocal = false;
      notify();
    }
  }

  function enqueueWrite(): Promise<void> {
    writing = writing.then(writeOnce);
    return writing;
  }

  function schedule() {
    // During a run of failures the retry timer does the next write.
    if (timer !== null || cancelPaintWait !== null || retryTimer !== null) return;
    timer = setTimer(() => {
      timer = null;
      // Not between a keystroke and the frame that shows it, where it would delay the key.
      let cancel: (() => void) | null = null;
      cancelPaintWait = () => cancel?.();
      cancel = waitForPaint(() => {
        cancelPaintWait = null;
        void enqueueWrite();
      });
    }, COLLAB_WRITE_INTERVAL_MS);
  }

  /** A write once the writer has paused (`COMPACT_PAUSE_MS`), after a frame; it compacts. */
  function scheduleCompaction() {
    if (compactTimer !== null) clearTimer(compactTimer);
    const wait = Math.max(0, lastLocalAt + COMPACT_PAUSE_MS - now());
    compactTimer = setTimer(() => {
      compactTimer = null;
      compactAfterPaint();
    }, wait);
  }

  function compactAfterPaint() {
    cancelCompactPaint?.();
    cancelCompactPaint = waitForPaint(() => {
      cancelCompactPaint = null;
      void enqueueWrite();
    });
  }

  function scheduleRetry() {
    retryDelay =
      retryDelay === 0 ? RETRY_FIRST_DELAY_MS : Math.min(retryDelay * 2, RETRY_MAX_DELAY_MS);
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = setTimer(() => {
      retryTimer = null;
      void enqueueWrite();
    }, retryDelay);
  }

  function flush(): Promise<void> {
    if (timer !== null) clearTimer(timer);
    timer = null;
    cancelPaintWait?.();
    cancelPaintWait = null;
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    return enqueueWrite();
  }

  const handleUpdate = (update: Uint8Array, origin: unknown) => {
    changedSinceSnapshot = true;
    if (origin === PERSISTENCE_ORIGIN) {
      // Another tab's rows, taken in by a compaction: the server may not hold them yet.
      setUnacked();
      return;
    }
    const local = !remoteOrigins.has(origin);
    if (local && refused) {
      log.warn(`Collab: chapter ${chapterId} is not writable; a local edit was not kept.`);
      return;
    }
    const wasSaved = !hasUnsavedLocalChanges();
    if (local) {
      lastLocalAt = now();
      // Told with the change to `saving` below, not before it.
      unacked = true;
    }
    pending.push({ update, local });
    if (wasSaved && local) notify();
    schedule();
  };
  doc.on('update', handleUpdate);

  const unsubscribePageHide = (deps.subscribePageHide ?? defaultSubscribePageHide)(() => {
    void flush();
  });
  // Not in the way of the chapter's first frame.
  if (compactNeeded) compactAfterPaint();

  function setUnacked() {
    if (unacked) return;
    unacked = true;
    notify();
  }

  /** Read after an await (the compiler would take `closed` as still false there). */
  const isClosed = () => closed;

  function hasUnsavedLocalChanges(): boolean {
    return inFlightLocal || pending.some((entry) => entry.local);
  }

  return {
    chapterId,
    userId,
    doc,
    hasUnsavedLocalChanges,
    unacked: () => unacked,
    markAcked() {
      if (!unacked && !changedSinceSnapshot) return;
      const changed = unacked;
      unacked = false;
      ackRequested = true;
      if (changed) notify();
      schedule();
    },
    treatAsRemote(origin) {
      remoteOrigins.add(origin);
    },
    setLocalEditsRefused(value) {
      refused = value;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    flush,
    async takeInStored() {
      if (closed) return;
      const { rows: stored } = await readChapterRows(db, chapterId);
      const mine = stored.filter((row) => row.user_id === userId);
      if (isClosed() || mine.length === 0) return;
      Y.applyUpdate(doc, Y.mergeUpdates(mine.map((row) => row.update)), PERSISTENCE_ORIGIN);
    },
    async close() {
      if (closed) return writing;
      closed = true;
      if (compactTimer !== null) clearTimer(compactTimer);
      compactTimer = null;
      cancelCompactPaint?.();
      cancelCompactPaint = null;
      doc.off('update', handleUpdate);
      unsubscribePageHide();
      await flush();
      listeners.clear();
    },
  };
}
