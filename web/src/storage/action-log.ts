import { DAY_MS } from './entities';
import { newId } from './ids';
import type { ActionLogEntry, SharedDatabase } from './shared-db';

/** Local action logs older than this are dropped unsent. */
export const ACTION_LOG_RETENTION_MS = 3 * DAY_MS;

export interface ActionLogDeps {
  db: SharedDatabase;
  deviceId: string;
  platform: string;
  /** The signed-in user when the action happens, if any. */
  userId: () => string | null;
  /** What tells this browser apart beyond its device id (the user agent by default). */
  deviceFingerprint?: string;
  now?: () => number;
}

export interface ActionLog {
  /** Keeps an action locally until it is sent; never throws (a log must not break the app). */
  record(
    type: string,
    extra?: { related_ids?: Record<string, string>; details?: Record<string, unknown> },
  ): Promise<void>;
  /** Drops entries older than the retention and returns the rest, oldest first. */
  pruneAndRead(): Promise<ActionLogEntry[]>;
  /** Removes entries once the server has them. */
  remove(ids: readonly string[]): Promise<void>;
}

export function createActionLog(deps: ActionLogDeps): ActionLog {
  const now = deps.now ?? Date.now;
  const fingerprint =
    deps.deviceFingerprint ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return {
    async record(type, extra = {}) {
      const entry: ActionLogEntry = {
        id: newId(),
        type,
        device_id: deps.deviceId,
        platform: deps.platform,
        user_id: deps.userId(),
        related_ids: extra.related_ids ?? {},
        details: extra.details ?? {},
        device_fingerprint: fingerprint,
        created_at: now(),
      };
      try {
        await deps.db.actions.put(entry);
      } catch (error) {
        console.warn(`The action ${type} could not be logged.`, error);
      }
    },
    async pruneAndRead() {
      const oldest = now() - ACTION_LOG_RETENTION_MS;
      await deps.db.actions.where('created_at').below(oldest).delete();
      return deps.db.actions.orderBy('created_at').toArray();
    },
    async remove(ids) {
      await deps.db.actions.bulkDelete([...ids]);
    },
  };
}
