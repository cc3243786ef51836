import type Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppDatabase } from './app-db';
import { createDatabaseHealth } from './database-health';
import type { DatabaseFailure } from './database-health';
import { createProblemHub } from './problems';
import type { StoreProblem } from './problems';
import { StorageQuotaError } from './quota';

const opened: Dexie[] = [];
let count = 0;

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function setup() {
  const health = createDatabaseHealth(vi.fn());
  const failures: DatabaseFailure[] = [];
  health.subscribe((failure) => failures.push(failure));
  const hub = createProblemHub(health);
  const problems: StoreProblem[] = [];
  hub.subscribe((problem) => problems.push(problem));
  return { health, hub, failures, problems };
}

function named(name: string): Error {
  return Object.assign(new Error(name), { name });
}

describe('local database errors (spec §8)', () => {
  it('marks the database failing on a full device and reports it', async () => {
    const t = setup();
    const write = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    await expect(t.hub.guard(write)).rejects.toBeInstanceOf(StorageQuotaError);
    expect(t.health.isFailing()).toBe(true);
    expect(t.failures).toEqual([{ type: 'quota' }]);
    expect(t.problems).toEqual([{ type: 'quota' }]);
  });

  it('treats an invalid state, an unknown error or a closed database as fatal, once', async () => {
    const t = setup();
    for (const name of ['InvalidStateError', 'UnknownError', 'DatabaseClosedError']) {
      // Dexie wraps the browser's error in `inner`.
      const wrapped = Object.assign(named('DexieError'), { inner: named(name) });
      await expect(t.hub.guard(() => Promise.reject(wrapped))).rejects.toBe(wrapped);
    }
    expect(t.failures).toEqual([
      { type: 'fatal', reason: 'error', error: expect.anything() as unknown },
    ]);
    expect(t.health.isFailing()).toBe(false);
    expect(t.problems).toEqual([]);

    t.health.reset();
    await expect(t.hub.guard(() => Promise.reject(named('InvalidStateError')))).rejects.toThrow();
    expect(t.failures).toHaveLength(2);
  });

  it('leaves other errors to the caller', async () => {
    const t = setup();
    await expect(t.hub.guard(() => Promise.reject(named('ConstraintError')))).rejects.toThrow();
    expect(t.failures).toEqual([]);
  });

  it('treats the database closing under the app, or another tab upgrading it, as fatal', async () => {
    const t = setup();
    count += 1;
    const db = new AppDatabase(`quire-app-health-${String(count)}`);
    opened.push(db);
    await db.open();
    t.health.watch(db);
    db.on.versionchange.fire(new Event('versionchange') as IDBVersionChangeEvent);
    expect(t.failures.map((failure) => failure.type)).toEqual(['fatal']);
  });

  it('does not react to a close the app makes itself after unwatching', async () => {
    const t = setup();
    count += 1;
    const db = new AppDatabase(`quire-app-health-${String(count)}`);
    opened.push(db);
    await db.open();
    const unwatch = t.health.watch(db);
    unwatch();
    db.close();
    expect(t.failures).toEqual([]);

    const watched = new AppDatabase(`quire-app-health-${String(count)}`);
    opened.push(watched);
    await watched.open();
    t.health.watch(watched);
    watched.close();
    expect(t.failures).toEqual([{ type: 'fatal', reason: 'close', error: undefined }]);
  });
});
