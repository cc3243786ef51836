import { createDatabaseHealth } from './database-health';
import type { DatabaseHealth } from './database-health';
import type { EntityKind, PendingOp } from './entity-kinds';
import { StorageQuotaError } from './quota';

/**
 * What the store tells the screens about, outside any one call: the device ran out of space;
 * the server refused a change made earlier (it is then dropped; the next load shows the
 * server's row); or the server said a manuscript is deleted, so it was removed from this
 * device and a not-found error is shown.
 */
export type StoreProblem =
  | { type: 'quota' }
  | { type: 'refused'; kind: EntityKind; id: string; op: PendingOp; code: string }
  | { type: 'removed'; kind: 'manuscripts'; id: string; code: 'not_found' };

export type ProblemListener = (problem: StoreProblem) => void;

export interface ProblemHub {
  report(problem: StoreProblem): void;
  subscribe(listener: ProblemListener): () => void;
  /**
   * Runs a local read or write. A quota failure is reported (and the database marked failing)
   * and rethrown as `StorageQuotaError`; a fatal one is handed to the database health (which
   * forces logout) and rethrown as it is.
   */
  guard<T>(work: () => Promise<T>): Promise<T>;
}

export function createProblemHub(health: DatabaseHealth = createDatabaseHealth()): ProblemHub {
  const listeners = new Set<ProblemListener>();
  const report = (problem: StoreProblem) => {
    for (const listener of [...listeners]) listener(problem);
  };
  return {
    report,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async guard(work) {
      try {
        return await work();
      } catch (error) {
        if (health.inspect(error) !== 'quota') throw error;
        report({ type: 'quota' });
        throw new StorageQuotaError(error);
      }
    },
  };
}
