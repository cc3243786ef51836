import type { Dexie } from 'dexie';

import { isFatalDatabaseError, isQuotaExceeded } from './quota';

/**
 * A full device marks the local database failing (the user is told); an invalid state, an
 * unknown error or a closing connection forces logout, since the app cannot work without it.
 */
export type DatabaseFailure =
  | { type: 'quota' }
  | { type: 'fatal'; reason: 'error' | 'close' | 'versionchange'; error?: unknown };

export type DatabaseFailureListener = (failure: DatabaseFailure) => void;

export interface DatabaseHealth {
  /** True once a write ran out of space (it stays so for this page's life). */
  isFailing(): boolean;
  /**
   * Looks at an error of a local read or write: reports a quota or fatal failure and says
   * which it was (`null`: some other error, left to the caller).
   */
  inspect(error: unknown): DatabaseFailure['type'] | null;
  /** Quota failures each time; a fatal one once (until `reset`), so logout runs once. */
  subscribe(listener: DatabaseFailureListener): () => void;
  /**
   * Treats `db`'s `close` (the browser closed the connection, storage was cleared) and
   * `versionchange` (another tab upgrades or deletes it) events as fatal. Returns the
   * unwatch function: call it before closing or deleting the database on purpose.
   */
  watch(db: Dexie): () => void;
  /** Forgets a fatal failure (a new sign-in starts clean). */
  reset(): void;
}

export function createDatabaseHealth(
  log: (message: string, detail?: unknown) => void = (message, detail) => {
    console.warn(message, detail);
  },
): DatabaseHealth {
  const listeners = new Set<DatabaseFailureListener>();
  let failing = false;
  let fatal = false;

  function notify(failure: DatabaseFailure) {
    for (const listener of [...listeners]) {
      try {
        listener(failure);
      } catch (error) {
        log('A local database failure listener failed.', error);
      }
    }
  }

  function reportFatal(reason: 'error' | 'close' | 'versionchange', error?: unknown) {
    if (fatal) return;
    fatal = true;
    log(`The local database can no longer be used (${reason}).`, error);
    notify({ type: 'fatal', reason, error });
  }

  return {
    isFailing: () => failing,
    inspect(error) {
      if (isQuotaExceeded(error)) {
        failing = true;
        notify({ type: 'quota' });
        return 'quota';
      }
      if (isFatalDatabaseError(error)) {
        reportFatal('error', error);
        return 'fatal';
      }
      return null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    watch(db) {
      const onClose = () => {
        reportFatal('close');
      };
      const onVersionChange = () => {
        reportFatal('versionchange');
      };
      db.on('close', onClose);
      db.on('versionchange', onVersionChange);
      return () => {
        db.on.close.unsubscribe(onClose);
        db.on.versionchange.unsubscribe(onVersionChange);
      };
    },
    reset() {
      fatal = false;
    },
  };
}
