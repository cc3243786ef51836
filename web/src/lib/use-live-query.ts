/**
 * `useLiveQuery`: a live query of a storage port followed by a component — `undefined` until
 * its first answer, then each answer (one `===` the last keeps the state as it is, so React
 * bails out). A failed query throws in render, for the error boundary.
 */
import { useEffect, useState } from 'react';

import type { LiveQuery } from '@/storage';

type State<T> = { query: LiveQuery<T> } & ({ value: T } | { error: unknown });

export function useLiveQuery<T>(query: LiveQuery<T> | null): T | undefined {
  const [state, setState] = useState<State<T> | undefined>(undefined);
  useEffect(() => {
    if (!query) return;
    const subscription = query.subscribe({
      next: (value) => {
        setState((previous) =>
          previous?.query === query && 'value' in previous && previous.value === value
            ? previous
            : { query, value },
        );
      },
      error: (error: unknown) => {
        setState({ query, error });
      },
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [query]);
  // An answer of an earlier query (another manuscript's) is not shown.
  if (state?.query !== query) return undefined;
  if ('error' in state) throw state.error;
  return state.value;
}
