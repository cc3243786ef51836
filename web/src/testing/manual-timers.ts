/**
 * Timers moved by hand, for engines that take `setTimeout`/`clearTimeout`/`now` (the outbox,
 * the live channel, the action-log sender) while IndexedDB keeps its real timers.
 */
export interface ManualTimers {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Moves time on by `ms`, running each timer when its time comes. */
  advance: (ms: number) => void;
  /** How many timers are waiting. */
  pending: () => number;
}

export function createManualTimers(start: number): ManualTimers {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, ms) {
      next += 1;
      timers.set(next, { at: now + Math.max(0, ms), callback });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due: [number, { at: number; callback: () => void }] | null = null;
        for (const entry of timers)
          if (entry[1].at <= end && (!due || entry[1].at < due[1].at)) due = entry;
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
