/**
 * Sends the local action logs: logs older than 3 days are dropped, the rest are sent in one
 * `POST actions/multiple/ {actions}` and then cleared; the first try is 500 ms after start, then
 * every 5 s. A failed send keeps the logs for the next try (until they age out). Plain
 * TypeScript; timers are injected.
 */
import type { ActionLog } from '@/storage/action-log';

import { timersOf } from './timers';

/** First try 500 ms after start, then every 5 s. */
export const ACTION_LOG_FIRST_SEND_MS = 500;
export const ACTION_LOG_SEND_INTERVAL_MS = 5_000;

export interface ActionLogSenderDeps {
  log: ActionLog;
  send: (actions: readonly unknown[]) => Promise<void>;
  warn?: (message: string, detail?: unknown) => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface ActionLogSender {
  /** One try now (tests; before a logout). */
  sendNow(): Promise<void>;
  stop(): void;
}

export function startActionLogSender(deps: ActionLogSenderDeps): ActionLogSender {
  const { setTimer, clearTimer } = timersOf(deps);
  const warn =
    deps.warn ??
    ((message: string, detail?: unknown) => {
      console.warn(message, detail);
    });
  let timer: unknown = null;
  let stopped = false;
  /** Said once until a send works again, so a missing server route does not flood the log. */
  let warned = false;

  async function sendNow(): Promise<void> {
    try {
      const entries = await deps.log.pruneAndRead();
      if (entries.length === 0) return;
      await deps.send(entries);
      await deps.log.remove(entries.map((entry) => entry.id));
      warned = false;
    } catch (error) {
      if (!warned) warn('Action logs could not be sent; they are kept for the next try.', error);
      warned = true;
    }
  }

  function schedule(ms: number) {
    if (stopped) return;
    timer = setTimer(() => {
      timer = null;
      void sendNow().finally(() => {
        schedule(ACTION_LOG_SEND_INTERVAL_MS);
      });
    }, ms);
  }

  schedule(ACTION_LOG_FIRST_SEND_MS);

  return {
    sendNow,
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
