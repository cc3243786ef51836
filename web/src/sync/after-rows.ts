/**
 * Calls that refer to rows this device may not have sent yet (a chapter's last-opened marker,
 * the caret in it): each waits until none of the rows it names is pending in the outbox, so the
 * server never hears of a chapter before the chapter itself. A call that meets no answer, or a
 * `not_found` (the row still on its way), is tried again later; only the newest call of a key
 * is kept, since it says all the older ones did.
 */
import { isApiError } from '@/lib/api';
import type { AppDatabase } from '@/storage/app-db';
import type { RowTableName } from '@/storage/entity-kinds';

import { timersOf } from './timers';

/** Waiting for rows, or after a failed try: ask again after 1 s, doubling up to a minute. */
export const AFTER_ROWS_FIRST_MS = 1_000;
export const AFTER_ROWS_MAX_MS = 60_000;
/** Tries that meet `not_found` before the call is given up (the row is gone, not late). */
export const AFTER_ROWS_NOT_FOUND_TRIES = 6;

export interface RowRef {
  table: RowTableName;
  id: string;
}

export interface AfterRowsDeps {
  db: AppDatabase;
  log?: { warn: (message: string, detail?: unknown) => void };
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface AfterRows {
  /** Makes `call` once none of `refs` is pending; replaces a call of the same key not yet made. */
  send(key: string, refs: readonly RowRef[], call: () => Promise<unknown>): Promise<void>;
  /** Keys whose call is still waiting (tests, diagnostics). */
  waiting(): string[];
  /** Drops every waiting call (sign-out). */
  clear(): void;
}

interface Entry {
  refs: readonly RowRef[];
  call: () => Promise<unknown>;
  delay: number;
  notFound: number;
  timer: unknown;
  done: () => void;
}

/** A refusal that may pass once the rows arrive, or no answer at all. */
function worthRetrying(error: unknown): 'not_found' | 'no_answer' | false {
  if (!isApiError(error)) return 'no_answer';
  if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) {
    return 'no_answer';
  }
  return error.status === 404 ? 'not_found' : false;
}

export function createAfterRows(deps: AfterRowsDeps): AfterRows {
  const { db } = deps;
  const log = deps.log ?? console;
  const { setTimer, clearTimer } = timersOf(deps);
  const entries = new Map<string, Entry>();

  async function anyPending(refs: readonly RowRef[]): Promise<boolean> {
    for (const ref of refs) {
      const row = (await db.table(ref.table).get(ref.id)) as { pending?: number } | undefined;
      if (row?.pending === 1) return true;
    }
    return false;
  }

  function later(key: string, entry: Entry) {
    entry.delay =
      entry.delay === 0 ? AFTER_ROWS_FIRST_MS : Math.min(entry.delay * 2, AFTER_ROWS_MAX_MS);
    entry.timer = setTimer(() => {
      entry.timer = null;
      void attempt(key, entry);
    }, entry.delay);
  }

  function finish(key: string, entry: Entry) {
    if (entries.get(key) === entry) entries.delete(key);
    entry.done();
  }

  async function attempt(key: string, entry: Entry): Promise<void> {
    if (entries.get(key) !== entry) return;
    try {
      if (await anyPending(entry.refs)) {
        later(key, entry);
        return;
      }
      await entry.call();
      finish(key, entry);
    } catch (error) {
      if (entries.get(key) !== entry) return;
      const retry = worthRetrying(error);
      if (retry === 'not_found') entry.notFound += 1;
      if (retry === false || entry.notFound >= AFTER_ROWS_NOT_FOUND_TRIES) {
        log.warn(`A call waiting for rows (${key}) was refused; it is not tried again.`, error);
        finish(key, entry);
        return;
      }
      later(key, entry);
    }
  }

  return {
    send(key, refs, call) {
      const previous = entries.get(key);
      if (previous) {
        if (previous.timer !== null) clearTimer(previous.timer);
        previous.done();
      }
      return new Promise<void>((resolve) => {
        const entry: Entry = { refs, call, delay: 0, notFound: 0, timer: null, done: resolve };
        entries.set(key, entry);
        void attempt(key, entry);
      });
    },
    waiting: () => [...entries.keys()],
    clear() {
      for (const entry of entries.values()) {
        if (entry.timer !== null) clearTimer(entry.timer);
        entry.done();
      }
      entries.clear();
    },
  };
}
