/**
 * One signed-in user's local store and sync engine, composed: the manuscripts port (storage)
 * over the outbox and the loader (sync), sharing one problem hub. `user-sync.ts` starts the
 * parts that run in the background (live channel, action logs) for the signed-in user.
 */
import type { AppDatabase } from '@/storage/app-db';
import type { Clock } from '@/storage/clock';
import type { DatabaseHealth } from '@/storage/database-health';
import { createEntityWriter } from '@/storage/entity-writer';
import type { EntityWriter } from '@/storage/entity-writer';
import { createLocalFirstPort } from '@/storage/local-first-port';
import type { PendingChange } from '@/storage/local-first-port';
import type { ManuscriptsPort } from '@/storage/manuscripts-port';
import { createProblemHub } from '@/storage/problems';
import type { ProblemHub } from '@/storage/problems';
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
  /** What the manuscripts screens use. */
  port: ManuscriptsPort;
  /** What the editor uses to write rows of every other kind. */
  writer: EntityWriter;
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
  return {
    userId,
    port: createLocalFirstPort({ db, remote, sync, problems, userId, clock, deviceId }),
    writer: createEntityWriter({ db, sync, problems, userId, clock, deviceId }),
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
