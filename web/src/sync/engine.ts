/**
 * One signed-in user's local store and sync engine, composed: the read port, the one local
 * writer and the manuscripts port over them (storage), the outbox and the loader (sync), sharing
 * one problem hub. `user-sync.ts` starts the parts that run in the background (live channel,
 * action logs) for the signed-in user.
 */
import type { AppDatabase } from '@/storage/app-db';
import type { Clock } from '@/storage/clock';
import type { DatabaseHealth } from '@/storage/database-health';
import { createLocalFirstPort } from '@/storage/local-first-port';
import { createLocalReadPort } from '@/storage/local-read-port';
import { createLocalWriter } from '@/storage/local-writer';
import type { LocalWriter, PendingChange } from '@/storage/local-writer';
import type { ManuscriptsPort } from '@/storage/manuscripts-port';
import { createProblemHub } from '@/storage/problems';
import type { ProblemHub } from '@/storage/problems';
import type { ReadPort } from '@/storage/read-port';
import type { ShelfRemote } from '@/storage/remote';

import { createLoader } from './loader';
import type { Loader } from './loader';
import { createOutbox } from './outbox';
import type { Outbox, OutboxDeps } from './outbox';

export interface SyncEngineDeps {
  db: AppDatabase;
  remote: ShelfRemote;
  userId: string;
  clock: Clock;
  deviceId: string;
  health?: DatabaseHealth;
  record?: OutboxDeps['record'];
  log?: OutboxDeps['log'];
  /** Timers of the outbox (tests use fake ones). */
  timers?: Pick<OutboxDeps, 'setTimeout' | 'clearTimeout' | 'now'>;
}

export interface SyncEngine {
  userId: string;
  /** What the manuscripts screens use (reads through `reads`, writes through `writer`). */
  port: ManuscriptsPort;
  /** What every other screen reads of the user's rows. */
  reads: ReadPort;
  /** The one local writer: every local change of a row goes through it. */
  writer: LocalWriter;
  outbox: Outbox;
  loader: Loader;
  problems: ProblemHub;
  /** Rows written here and now pending, told right after their write. */
  onChanged(listener: (changes: readonly PendingChange[]) => void): () => void;
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, remote, userId, clock, deviceId } = deps;
  const problems = createProblemHub(deps.health);
  const changeListeners = new Set<(changes: readonly PendingChange[]) => void>();
  const outbox = createOutbox({
    db,
    remote,
    userId,
    problems,
    clock,
    record: deps.record,
    log: deps.log,
    ...deps.timers,
  });
  const loader = createLoader({ db, remote, userId, problems, clock, log: deps.log });
  const sync = {
    changed: (changes: readonly PendingChange[]) => {
      outbox.changed(changes);
      for (const listener of [...changeListeners]) listener(changes);
    },
    flushPending: () => outbox.flushPending(),
    refresh: () => loader.refreshShelf(),
  };
  const reads = createLocalReadPort({ db, userId });
  const writer = createLocalWriter({ db, sync, problems, userId, clock, deviceId });
  return {
    userId,
    port: createLocalFirstPort({ reads, writer, remote, sync, problems }),
    reads,
    writer,
    outbox,
    loader,
    problems,
    onChanged(listener) {
      changeListeners.add(listener);
      return () => {
        changeListeners.delete(listener);
      };
    },
  };
}
