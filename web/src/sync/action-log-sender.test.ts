import { afterEach, describe, expect, it, vi } from 'vitest';

import { createActionLog, SharedDatabase } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';

import {
  ACTION_LOG_FIRST_SEND_MS,
  ACTION_LOG_SEND_INTERVAL_MS,
  startActionLogSender,
} from './action-log-sender';

const T0 = 1_800_000_000_000;
const DAY = 86_400_000;
let count = 0;
const opened: SharedDatabase[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

function setup() {
  count += 1;
  const db = new SharedDatabase(`quire-shared-sender-${String(count)}`);
  opened.push(db);
  const timers = createManualTimers(T0);
  const log = createActionLog({
    db,
    deviceId: 'pwa-a-b-2.4.29',
    platform: 'web',
    userId: () => 'UserAna',
    now: timers.now,
  });
  const batches: unknown[][] = [];
  const send = vi.fn((actions: readonly unknown[]) => {
    batches.push([...actions]);
    return Promise.resolve();
  });
  const warn = vi.fn();
  const sender = startActionLogSender({ log, send, warn, ...timers });
  /** Moves time on and waits for the try it starts. */
  const tick = async (ms: number) => {
    timers.advance(ms);
    await vi.waitFor(async () => {
      expect(timers.pending()).toBe(1);
      await Promise.resolve();
    });
  };
  return { db, log, timers, send, batches, warn, sender, tick };
}

describe('sending action logs (spec §7)', () => {
  it('first tries 500 ms after start, then every 5 s, and clears what was sent', async () => {
    const t = setup();
    await t.log.record('opened');
    t.timers.advance(ACTION_LOG_FIRST_SEND_MS - 1);
    expect(t.send).not.toHaveBeenCalled();
    await t.tick(1);
    await vi.waitFor(() => {
      expect(t.batches).toEqual([[expect.objectContaining({ type: 'opened' })]]);
    });
    await vi.waitFor(async () => {
      expect(await t.db.actions.count()).toBe(0);
    });

    await t.log.record('synced');
    await t.tick(ACTION_LOG_SEND_INTERVAL_MS - 1);
    expect(t.batches).toHaveLength(1);
    await t.tick(1);
    await vi.waitFor(() => {
      expect(t.batches).toHaveLength(2);
    });
    t.sender.stop();
    expect(t.timers.pending()).toBe(0);
  });

  it('sends nothing when there is nothing, and keeps the logs when the send fails', async () => {
    const t = setup();
    await t.tick(ACTION_LOG_FIRST_SEND_MS);
    expect(t.send).not.toHaveBeenCalled();

    await t.log.record('kept');
    t.send.mockRejectedValue(new Error('not_found'));
    await t.tick(ACTION_LOG_SEND_INTERVAL_MS);
    await t.tick(ACTION_LOG_SEND_INTERVAL_MS);
    expect(t.send).toHaveBeenCalledTimes(2);
    expect(t.warn).toHaveBeenCalledTimes(1);
    expect(await t.db.actions.count()).toBe(1);
    t.sender.stop();
  });

  it('drops logs older than 3 days instead of sending them', async () => {
    const t = setup();
    t.sender.stop();
    await t.log.record('stale');
    t.timers.advance(3 * DAY + 1);
    await t.sender.sendNow();
    expect(t.send).not.toHaveBeenCalled();
    expect(await t.db.actions.count()).toBe(0);
  });
});
