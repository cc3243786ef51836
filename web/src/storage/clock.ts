/**
 * The client clock corrected by the server's (ADR 0007: `updated_at` is the client clock plus its
 * server-time offset).
 */
export interface Clock {
  /** Epoch milliseconds, corrected by the last known server offset. */
  now(): number;
  /** Asks the server for its time, at most once a minute; never throws. */
  sync(): Promise<void>;
  offset(): number;
}

/** The server time is asked at most this often. */
export const CLOCK_SYNC_INTERVAL_MS = 60_000;
/** An offset over this is logged, once. */
export const CLOCK_OFFSET_WARNING_MS = 10_000;

export interface ServerClockDeps {
  fetchServerTime: () => Promise<number>;
  localNow?: () => number;
  /** Told once when the offset first goes over 10 s (the console by default). */
  warn?: (message: string, offsetMs: number) => void;
}

export function createServerClock({
  fetchServerTime,
  localNow = Date.now,
  warn = (message) => {
    console.warn(message);
  },
}: ServerClockDeps): Clock {
  let offset = 0;
  let lastSync = Number.NEGATIVE_INFINITY;
  let warned = false;
  let running: Promise<void> | null = null;

  async function ask(): Promise<void> {
    const sent = localNow();
    try {
      const serverTime = await fetchServerTime();
      const received = localNow();
      lastSync = received;
      // The server read its clock about half-way through the round trip.
      offset = serverTime - Math.round((sent + received) / 2);
      if (!warned && Math.abs(offset) > CLOCK_OFFSET_WARNING_MS) {
        warned = true;
        warn(`Local clock is ${String(offset)} ms off the server's.`, offset);
      }
    } catch {
      // Offline: keep the last offset.
    }
  }

  return {
    now: () => localNow() + offset,
    offset: () => offset,
    sync() {
      if (running) return running;
      if (localNow() - lastSync < CLOCK_SYNC_INTERVAL_MS) return Promise.resolve();
      running = ask().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/** A clock without a server, for tests and for callers that do not sync. */
export function fixedOffsetClock(offset = 0, localNow: () => number = Date.now): Clock {
  return { now: () => localNow() + offset, offset: () => offset, sync: () => Promise.resolve() };
}
