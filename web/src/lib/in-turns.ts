/**
 * Work run one piece at a time, in the order it was asked for: a write that reads the stored row
 * first sees what the previous write stored. A failed piece does not stop the ones after it.
 */
export type InTurns = <T>(work: () => Promise<T>) => Promise<T>;

export function inTurns(): InTurns {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
}
