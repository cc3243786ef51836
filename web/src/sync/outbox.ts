/**
 * The outbox (ADR 0002): changed manuscripts are queued with their update types and synced one at
 * a time, 1 s after their last change; a manuscript is marked synced only if no part failed; a sync
 * running over 60 s is reset and tried again later; a `manuscript_is_deleted` answer removes the
 * manuscript from this device and reports the not-found error. Folders, and rows outside any
 * manuscript, have keys of their own.
 *
 * What is pending lives in the rows (`pending_ops`), so the queue itself is only memory: a new
 * outbox finds the pending rows again (`flushPending`). Plain TypeScript, no React; timers are
 * injected.
 */
import type { AppDatabase } from '@/storage/app-db';
import type { Clock } from '@/storage/clock';
import type { UpdateType } from '@/storage/entity-kinds';
import { kindOfRow, removeManuscriptLocally } from '@/storage/local-rows';
import type { LocalRow } from '@/storage/local-rows';
import type { PendingChange } from '@/storage/local-writer';
import type { ProblemHub } from '@/storage/problems';
import type { ShelfRemote } from '@/storage/remote';

import { manuscriptIdOfKey, manuscriptKey, queueOf, runKey } from './outbox-run';
import type { QueueKey, RunResult } from './outbox-run';
import { ManuscriptIsDeleted, NoAnswer, onlyTrashOp, sendBulk, SyncAborted } from './row-sender';
import type { SendContext } from './row-sender';
import { timersOf } from './timers';

export type { QueueKey } from './outbox-run';
export { manuscriptKey, queueOf } from './outbox-run';

/** A manuscript is synced once this long has passed since its last change. */
export const SYNC_DEBOUNCE_MS = 1_000;
/** A sync running longer than this is reset and tried again later. */
export const STUCK_SYNC_RESET_MS = 60_000;
/** After no answer, a key is tried again after 2 s, doubling up to a minute (our choice). */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

export interface OutboxLog {
  info: (message: string) => void;
  warn: (message: string, detail?: unknown) => void;
}

export interface OutboxDeps {
  db: AppDatabase;
  remote: ShelfRemote;
  userId: string;
  problems: ProblemHub;
  clock: Clock;
  /** Resets and removed manuscripts go to the action log too. */
  record?: (type: string, details: Record<string, unknown>) => void;
  log?: OutboxLog;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  now?: () => number;
}

export interface Outbox {
  /** Queues changed rows; each key is synced 1 s after its last change. */
  changed(changes: readonly PendingChange[]): void;
  /** Queues every pending row of the user and syncs everything now; resolves when each key was tried. */
  flushPending(): Promise<void>;
  /** The keys waiting, in queue order (tests, diagnostics). */
  queued(): QueueKey[];
  /** Whether a run is under way. */
  isSyncing(): boolean;
  /** Resolves once no run is under way (and none is due now). */
  idle(): Promise<void>;
  /**
   * Logout: clears every timer and the queue and stops the run under way; changes are then
   * ignored (they stay pending in their rows) until `resume`.
   */
  pause(): void;
  /** Sign-in again: takes changes again (`flushPending` finds what was left pending). */
  resume(): void;
}

interface Entry {
  types: Set<UpdateType>;
  dueAt: number;
}

const consoleLog: OutboxLog = {
  info: () => undefined,
  warn: (message, detail) => {
    console.warn(message, detail);
  },
};

export function createOutbox(deps: OutboxDeps): Outbox {
  const { db, userId, problems } = deps;
  const log = deps.log ?? consoleLog;
  const now = deps.now ?? Date.now;
  const { setTimer, clearTimer } = timersOf(deps);

  const queue = new Map<QueueKey, Entry>();
  const failures = new Map<QueueKey, number>();
  let timer: unknown = null;
  let pumping: Promise<void> | null = null;
  let stopped = false;
  let current: AbortController | null = null;
  /** While `flushPending` gathers the pending rows: nothing starts before all are queued. */
  let gathering = false;

  function enqueue(key: QueueKey, types: Iterable<UpdateType>, dueAt: number, retry = false) {
    if (stopped) return;
    const entry = queue.get(key);
    if (entry) {
      for (const type of types) entry.types.add(type);
      // A change pushes the debounce back; a retry never delays a change queued meanwhile.
      if (!retry) entry.dueAt = dueAt;
    } else {
      queue.set(key, { types: new Set(types), dueAt });
    }
    wake();
  }

  function wake() {
    if (stopped || pumping || gathering) return;
    if (timer !== null) clearTimer(timer);
    timer = null;
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of queue.values()) earliest = Math.min(earliest, entry.dueAt);
    if (earliest === Number.POSITIVE_INFINITY) return;
    const wait = earliest - now();
    if (wait <= 0) pump();
    else
      timer = setTimer(() => {
        timer = null;
        wake();
      }, wait);
  }

  function nextDue(): QueueKey | null {
    const at = now();
    for (const [key, entry] of queue) if (entry.dueAt <= at) return key;
    return null;
  }

  function pump() {
    pumping = (async () => {
      for (let key = nextDue(); key && !stopped; key = nextDue()) await runNext(key);
    })()
      .catch((error: unknown) => {
        log.warn('Outbox: a run failed.', error);
      })
      .finally(() => {
        pumping = null;
        wake();
      });
  }

  /** Other due manuscripts whose only change is the same single trash call go in bulk. */
  async function bulkGroup(
    key: QueueKey,
  ): Promise<{ op: 'undelete' | 'hard_delete'; rows: LocalRow[]; keys: QueueKey[] } | null> {
    const id = manuscriptIdOfKey(key);
    const entry = queue.get(key);
    if (!id || entry?.types.size !== 1 || !entry.types.has('self')) return null;
    const at = now();
    const candidates = [...queue].filter(
      ([other, e]) =>
        manuscriptIdOfKey(other) && e.dueAt <= at && e.types.size === 1 && e.types.has('self'),
    );
    if (candidates.length < 2) return null;
    const ids = candidates.map(([other]) => manuscriptIdOfKey(other) ?? '');
    const rows = (await db.manuscripts.bulkGet(ids)) as (LocalRow | undefined)[];
    const first = rows[0];
    const op = first ? onlyTrashOp(first) : null;
    if (!op) return null;
    const group = rows.filter(
      (row): row is LocalRow => !!row && row.user_id === userId && onlyTrashOp(row) === op,
    );
    if (group.length < 2) return null;
    return { op, rows: group, keys: group.map((row) => manuscriptKey(row.id)) };
  }

  async function runNext(key: QueueKey): Promise<void> {
    const bulk = await bulkGroup(key);
    const keys = bulk?.keys ?? [key];
    const taken = keys.map((k) => [k, queue.get(k)] as const);
    for (const k of keys) queue.delete(k);
    const controller = new AbortController();
    current = controller;
    const result: RunResult = { failed: new Set(), noAnswer: false };
    const ctx: SendContext = {
      db,
      remote: deps.remote,
      userId,
      problems,
      signal: controller.signal,
    };
    const types = taken[0]?.[1]?.types ?? new Set<UpdateType>();
    const work = (async () => {
      await deps.clock.sync();
      if (bulk) await sendBulk(ctx, 'manuscripts', bulk.rows, bulk.op);
      else await runKey(ctx, key, types, result);
    })();
    let stuckTimer: unknown = null;
    const stuck = new Promise<'stuck'>((resolve) => {
      stuckTimer = setTimer(() => {
        resolve('stuck');
      }, STUCK_SYNC_RESET_MS);
    });
    const outcome = await Promise.race([
      work.then(
        () => 'done' as const,
        (error: unknown) => error,
      ),
      stuck,
    ]);
    clearTimer(stuckTimer);
    current = null;
    if (outcome === 'stuck') {
      controller.abort();
      work.catch(() => undefined);
      log.warn(`Outbox: the sync of ${key} ran over 60 s and was reset.`);
      deps.record?.('sync_reset', { key });
      for (const [k, entry] of taken)
        enqueue(k, entry?.types ?? [], now() + SYNC_DEBOUNCE_MS, true);
      return;
    }
    if (outcome instanceof SyncAborted) return;
    const manuscriptId = manuscriptIdOfKey(key);
    if (outcome instanceof ManuscriptIsDeleted && manuscriptId) {
      await removeDeleted(manuscriptId);
      return;
    }
    if (outcome !== 'done') {
      if (!(outcome instanceof NoAnswer)) log.warn(`Outbox: the sync of ${key} failed.`, outcome);
      result.noAnswer = true;
    }
    if (result.noAnswer) {
      const count = (failures.get(key) ?? 0) + 1;
      failures.set(key, count);
      const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (count - 1));
      for (const [k, entry] of taken) {
        const left = bulk
          ? (entry?.types ?? [])
          : [...(entry?.types ?? [])].filter(
              (t) => result.failed.has(t) || result.failed.size === 0,
            );
        enqueue(k, left, now() + delay, true);
      }
      return;
    }
    failures.delete(key);
    if (result.failed.size === 0) await markSynced(keys);
  }

  /** A manuscript is marked synced only if no part failed (and nothing is queued again). */
  async function markSynced(keys: readonly QueueKey[]) {
    for (const key of keys) {
      const id = manuscriptIdOfKey(key);
      if (!id || queue.has(key)) continue;
      await problems.guard(() =>
        db.manuscripts
          .where('id')
          .equals(id)
          .filter((row) => row.user_id === userId && row.pending === 0)
          .modify({ synced_at: deps.clock.now() }),
      );
    }
  }

  async function removeDeleted(manuscriptId: string) {
    queue.delete(manuscriptKey(manuscriptId));
    await problems.guard(() =>
      removeManuscriptLocally(db, userId, manuscriptId, { keepPending: false }),
    );
    log.warn(`Outbox: manuscript ${manuscriptId} is deleted on the server; removed here.`);
    deps.record?.('manuscript_removed', {
      manuscript_id: manuscriptId,
      code: 'manuscript_is_deleted',
    });
    problems.report({ type: 'removed', kind: 'manuscripts', id: manuscriptId, code: 'not_found' });
  }

  async function queuePending(dueAt: number) {
    const tables = [
      db.folders,
      db.manuscripts,
      db.contents,
      db.notes,
      db.words,
      db.sessions,
      db.versions,
    ];
    for (const table of tables) {
      const rows = (await table.where('pending').equals(1).toArray()) as LocalRow[];
      for (const row of rows) {
        if (row.user_id !== userId) continue;
        const kind = kindOfRow(table.name, row);
        if (!kind) {
          log.warn(
            `Outbox: a pending row of ${table.name} has no kind; it cannot be sent.`,
            row.id,
          );
          continue;
        }
        const manuscriptId = kind === 'manuscripts' ? row.id : (row.manuscript_id ?? null);
        const { key, type } = queueOf({ kind, id: row.id, manuscript_id: manuscriptId });
        enqueue(key, type ? [type] : [], dueAt);
      }
    }
  }

  return {
    changed(changes) {
      const dueAt = now() + SYNC_DEBOUNCE_MS;
      for (const change of changes) {
        const { key, type } = queueOf(change);
        enqueue(key, type ? [type] : [], dueAt);
      }
    },
    async flushPending() {
      if (stopped) return;
      gathering = true;
      try {
        await problems.guard(() => queuePending(0));
      } finally {
        gathering = false;
      }
      for (const entry of queue.values()) entry.dueAt = 0;
      // One at a time: a run under way finishes first, then every queued key is due now.
      wake();
      while (pumping) await pumping;
    },
    queued: () => [...queue.keys()],
    isSyncing: () => current !== null,
    async idle() {
      while (pumping) await pumping;
    },
    pause() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      queue.clear();
      failures.clear();
      current?.abort();
    },
    resume() {
      stopped = false;
    },
  };
}
