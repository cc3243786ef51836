import type { PendingOp } from './app-db';
import type { ShelfKind } from './entities';
import { isQuotaExceeded, StorageQuotaError } from './quota';

/**
 * What the store tells the screens about, outside any one call: the device ran out of space,
 * or the server refused a change made earlier (it is then dropped; the next refresh shows the
 * server's row).
 */
export type StoreProblem =
  { type: 'quota' } | { type: 'refused'; kind: ShelfKind; id: string; op: PendingOp; code: string };

export type ProblemListener = (problem: StoreProblem) => void;

export interface ProblemHub {
  report(problem: StoreProblem): void;
  subscribe(listener: ProblemListener): () => void;
  /** Runs a local write; a quota failure is reported and rethrown as `StorageQuotaError`. */
  guard<T>(write: () => Promise<T>): Promise<T>;
}

export function createProblemHub(): ProblemHub {
  const listeners = new Set<ProblemListener>();
  const report = (problem: StoreProblem) => {
    for (const listener of listeners) listener(problem);
  };
  return {
    report,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async guard(write) {
      try {
        return await write();
      } catch (error) {
        if (!isQuotaExceeded(error)) throw error;
        report({ type: 'quota' });
        throw new StorageQuotaError(error);
      }
    },
  };
}
