import { AppDatabase, createDatabaseHealth, fixedOffsetClock } from '@/storage';
import type { Clock, LocalRecord, StoreProblem, APP_DB_SCHEMA } from '@/storage';
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
  /** Puts rows into a table as they would be stored (for a screen's test to start from). */
  store: (table: AppTable, rows: readonly LocalRecord[]) => Promise<void>;
  /** Every row of a table as stored now (for a screen's test to check what was written). */
  stored: (table: AppTable) => Promise<LocalRecord[]>;
}

/** The tables of the app database. */
export type AppTable = keyof typeof APP_DB_SCHEMA;

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
  const made: TestEngine = {
    db,
    remote,
    engine,
    problems,
    store: async (table, rows) => {
      await db.table<LocalRecord, string>(table).bulkPut([...rows]);
    },
    stored: (table) => db.table<LocalRecord, string>(table).toArray(),
  };
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
