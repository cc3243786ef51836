import { afterEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api';
import { AppDatabase } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';

import {
  AFTER_ROWS_FIRST_MS,
  AFTER_ROWS_NOT_FOUND_TRIES,
  createAfterRows,
  type RowRef,
} from './after-rows';

const USER = 'UserAnaWriter000000001';
const CHAPTER = 'ChapterRow00000000001';
const silentLog = { warn: () => undefined };

let count = 0;
const databases: AppDatabase[] = [];

afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

async function setUp(pending: 0 | 1) {
  count += 1;
  const db = new AppDatabase(`quire-app-after-rows-test-${String(count)}`);
  databases.push(db);
  await db.contents.put({
    id: CHAPTER,
    kind: 'chapters',
    user_id: USER,
    manuscript_id: 'ManuscriptM0000000001',
    updated_at: 1,
    pending,
    pending_ops: [],
  });
  const timers = createManualTimers(0);
  const afterRows = createAfterRows({
    db,
    log: silentLog,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  return { db, timers, afterRows };
}

const refs: RowRef[] = [{ table: 'contents', id: CHAPTER }];

function refusal(status: number, code = 'refused'): ApiError {
  return new ApiError(code, status >= 500 ? 'error' : 'failed', status);
}

/** A call that answers with each of `outcomes` in turn (an error is thrown), then succeeds. */
function scripted(outcomes: Error[] = []) {
  const calls = { count: 0 };
  const call = () => {
    const outcome = outcomes[calls.count];
    calls.count += 1;
    return outcome ? Promise.reject(outcome) : Promise.resolve('ok');
  };
  return { calls, call };
}

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('createAfterRows', () => {
  it('waits while the chapter row is pending and calls once it is not', async () => {
    const { db, timers, afterRows } = await setUp(1);
    const { calls, call } = scripted();
    const done = settled(afterRows.send('place', refs, call));

    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    expect(calls.count).toBe(0);
    expect(afterRows.waiting()).toEqual(['place']);

    timers.advance(AFTER_ROWS_FIRST_MS); // still pending: waits again, twice as long
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    expect(calls.count).toBe(0);

    await db.contents.update(CHAPTER, { pending: 0 });
    timers.advance(2 * AFTER_ROWS_FIRST_MS - 1);
    expect(calls.count).toBe(0);
    timers.advance(1);
    await expect.poll(done, { timeout: 4_000 }).toBe(true);
    expect(calls.count).toBe(1);
    expect(afterRows.waiting()).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('calls at once when none of the rows is pending', async () => {
    const { timers, afterRows } = await setUp(0);
    const { calls, call } = scripted();
    await afterRows.send('place', refs, call);
    expect(calls.count).toBe(1);
    expect(timers.pending()).toBe(0);
  });

  it('tries again after a 404 (the row still on its way) and after no answer, then succeeds', async () => {
    const { timers, afterRows } = await setUp(0);
    const { calls, call } = scripted([
      refusal(404, 'not_found'),
      refusal(503, 'unavailable'),
      new TypeError('Failed to fetch'),
    ]);
    const done = settled(afterRows.send('place', refs, call));
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    expect(calls.count).toBe(1);
    timers.advance(AFTER_ROWS_FIRST_MS);
    await expect.poll(() => calls.count, { timeout: 4_000 }).toBe(2);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    timers.advance(2 * AFTER_ROWS_FIRST_MS);
    await expect.poll(() => calls.count, { timeout: 4_000 }).toBe(3);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    timers.advance(4 * AFTER_ROWS_FIRST_MS);
    await expect.poll(done, { timeout: 4_000 }).toBe(true);
    expect(calls.count).toBe(4);
    expect(afterRows.waiting()).toEqual([]);
  });

  it(`gives up after ${String(AFTER_ROWS_NOT_FOUND_TRIES)} not_found answers`, async () => {
    const { timers, afterRows } = await setUp(0);
    const { calls, call } = scripted(Array.from({ length: 10 }, () => refusal(404, 'not_found')));
    const done = settled(afterRows.send('place', refs, call));
    for (let tries = 1; tries < AFTER_ROWS_NOT_FOUND_TRIES; tries += 1) {
      await expect.poll(() => calls.count, { timeout: 4_000 }).toBe(tries);
      await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
      timers.advance(60_000);
    }
    await expect.poll(done, { timeout: 4_000 }).toBe(true);
    expect(calls.count).toBe(AFTER_ROWS_NOT_FOUND_TRIES);
    expect(timers.pending()).toBe(0);
    expect(afterRows.waiting()).toEqual([]);
  });

  it('drops a call the server refuses with a 403', async () => {
    const { timers, afterRows } = await setUp(0);
    const { calls, call } = scripted([refusal(403, 'forbidden')]);
    await afterRows.send('place', refs, call);
    expect(calls.count).toBe(1);
    expect(timers.pending()).toBe(0);
    expect(afterRows.waiting()).toEqual([]);
  });

  it('replaces an older waiting call of the same key with the newer one; the older never runs', async () => {
    const { db, timers, afterRows } = await setUp(1);
    const older = scripted();
    const newer = scripted();
    const other = scripted();
    const olderDone = settled(afterRows.send('place', refs, older.call));
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    const newerDone = settled(afterRows.send('place', refs, newer.call));
    const otherDone = settled(afterRows.send('caret', refs, other.call));
    await expect.poll(olderDone, { timeout: 4_000 }).toBe(true); // answered: the newer call says all it did
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(2);
    expect(afterRows.waiting().sort()).toEqual(['caret', 'place']);

    await db.contents.update(CHAPTER, { pending: 0 });
    timers.advance(AFTER_ROWS_FIRST_MS);
    await expect.poll(newerDone, { timeout: 4_000 }).toBe(true);
    await expect.poll(otherDone, { timeout: 4_000 }).toBe(true);
    expect(older.calls.count).toBe(0);
    expect(newer.calls.count).toBe(1);
    expect(other.calls.count).toBe(1);
    timers.advance(60_000);
    expect(older.calls.count).toBe(0);
  });
});
