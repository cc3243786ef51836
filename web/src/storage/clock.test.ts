import { describe, expect, it, vi } from 'vitest';

import { CLOCK_OFFSET_WARNING_MS, CLOCK_SYNC_INTERVAL_MS, createServerClock } from './clock';

const T0 = 1_800_000_000_000;

function setup(serverAhead: number) {
  let local = T0;
  const fetchServerTime = vi.fn(() => Promise.resolve(local + serverAhead));
  const warn = vi.fn();
  const clock = createServerClock({ fetchServerTime, localNow: () => local, warn });
  return {
    clock,
    fetchServerTime,
    warn,
    wait: (ms: number) => {
      local += ms;
    },
  };
}

describe('the server clock (spec §4 "Clock offset check")', () => {
  it('corrects the local time by the server’s offset', async () => {
    const t = setup(2_500);
    expect(t.clock.now()).toBe(T0);
    await t.clock.sync();
    expect(t.clock.offset()).toBe(2_500);
    expect(t.clock.now()).toBe(T0 + 2_500);
  });

  it('asks the server at most every 60 s', async () => {
    const t = setup(0);
    await t.clock.sync();
    t.wait(CLOCK_SYNC_INTERVAL_MS - 1);
    await Promise.all([t.clock.sync(), t.clock.sync()]);
    expect(t.fetchServerTime).toHaveBeenCalledTimes(1);
    t.wait(1);
    await t.clock.sync();
    expect(t.fetchServerTime).toHaveBeenCalledTimes(2);
  });

  it('logs an offset over 10 s once', async () => {
    const t = setup(-(CLOCK_OFFSET_WARNING_MS + 1));
    await t.clock.sync();
    t.wait(CLOCK_SYNC_INTERVAL_MS);
    await t.clock.sync();
    expect(t.fetchServerTime).toHaveBeenCalledTimes(2);
    expect(t.warn).toHaveBeenCalledTimes(1);
    expect(t.warn).toHaveBeenCalledWith(expect.stringContaining('-10001 ms'), -10_001);
  });

  it('does not log an offset of 10 s or less, and keeps the last offset offline', async () => {
    const t = setup(CLOCK_OFFSET_WARNING_MS);
    await t.clock.sync();
    expect(t.warn).not.toHaveBeenCalled();
    t.fetchServerTime.mockRejectedValueOnce(new Error('offline'));
    t.wait(CLOCK_SYNC_INTERVAL_MS);
    await expect(t.clock.sync()).resolves.toBeUndefined();
    expect(t.clock.offset()).toBe(CLOCK_OFFSET_WARNING_MS);
  });
});
