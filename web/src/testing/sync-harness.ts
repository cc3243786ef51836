import { AppDatabase, createDatabaseHealth, fixedOffsetClock } from '@/storage';
import type { Clock, StoreProblem } from '@/storage';
import { createSyncEngine } from '@/sync/engine';
import type { SyncEngine } from '@/sync/engine';
import type { OutboxDeps } from '@/sync/outbox';

import { createFakeShelfRemote } from './fake-shelf-remote';
import type { FakeShelfRemote } from './fake-shelf-remote';

export const TEST_USER = 'UserAnaWriter000000001';
export const TEST_DEVICE = 'pwa-AAAAAAAA-BBBBBBBB-2.4.29';

export interface TestEngine {
  db: AppDatabase;
  remote: FakeShelfRemote;
  engine: SyncEngine;
  /** Every problem the engine reported, in order. */
  problems: StoreProblem[];
}

export interface TestEngineOptions {
  userId?: string;
  db?: AppDatabase;
  /** This device's clock (default: a fixed time given by the caller's `now`). */
  clock?: Clock;
  /** The fake server's clock (default: +1 s per call from `T0`). */
  remoteNow?: () => number;
  remote?: FakeShelfRemote;
  timers?: Pick<OutboxDeps, 'setTimeout' | 'clearTimeout' | 'now'>;
}

let databases = 0;
const running: TestEngine[] = [];

/** A sync engine over a fresh local database and an in-memory server. */
export function createTestEngine(options: TestEngineOptions = {}): TestEngine {
  databases += 1;
  const db = options.db ?? new AppDatabase(`quire-app-test-${String(databases)}`);
  const remote = options.remote ?? createFakeShelfRemote(options.remoteNow);
  const engine = createSyncEngine({
    db,
    remote,
    userId: options.userId ?? TEST_USER,
    clock: options.clock ?? fixedOffsetClock(),
    deviceId: TEST_DEVICE,
    health: createDatabaseHealth(() => undefined),
    log: { info: () => undefined, warn: () => undefined },
    timers: options.timers,
  });
  const problems: StoreProblem[] = [];
  engine.problems.subscribe((problem) => problems.push(problem));
  const made = { db, remote, engine, problems };
  running.push(made);
  return made;
}

/** Stops every engine's timers and deletes their databases (call in `afterEach`). */
export async function disposeTestEngines(): Promise<void> {
  for (const { engine, db } of running.splice(0)) {
    engine.outbox.pause();
    await db.delete();
  }
}
