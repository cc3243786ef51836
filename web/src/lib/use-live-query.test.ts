import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { LiveQuery } from '@/storage';

import { useLiveQuery } from './use-live-query';

/** A live query whose answers the test sends. */
function manualQuery<T>() {
  const observers = new Set<{ next: (value: T) => void; error?: (error: unknown) => void }>();
  const query: LiveQuery<T> = {
    subscribe(observer) {
      observers.add(observer);
      return { unsubscribe: () => observers.delete(observer) };
    },
  };
  return {
    query,
    observers,
    answer: (value: T) => {
      for (const observer of observers) observer.next(value);
    },
    fail: (error: unknown) => {
      for (const observer of observers) observer.error?.(error);
    },
  };
}

describe('following a live query', () => {
  it('is undefined until the first answer, then each answer as it came', () => {
    const manual = manualQuery<{ title: string }>();
    const { result } = renderHook(() => useLiveQuery(manual.query));
    expect(result.current).toBeUndefined();
    const first = { title: 'Dune' };
    act(() => {
      manual.answer(first);
    });
    expect(result.current).toBe(first);
    act(() => {
      manual.answer({ title: 'Dune Messiah' });
    });
    expect(result.current).toEqual({ title: 'Dune Messiah' });
  });

  it('stops listening on unmount, and forgets the answer of a query it no longer follows', () => {
    const one = manualQuery<string>();
    const two = manualQuery<string>();
    const { result, rerender, unmount } = renderHook(({ query }) => useLiveQuery(query), {
      initialProps: { query: one.query },
    });
    act(() => {
      one.answer('first');
    });
    rerender({ query: two.query });
    expect(result.current).toBeUndefined();
    expect(one.observers.size).toBe(0);
    unmount();
    expect(two.observers.size).toBe(0);
  });

  it('throws a failed query’s error in render, for the error boundary', () => {
    const manual = manualQuery<string>();
    const { result } = renderHook(() => {
      try {
        return useLiveQuery(manual.query);
      } catch (error) {
        return error;
      }
    });
    const failure = new Error('The database closed.');
    act(() => {
      manual.fail(failure);
    });
    expect(result.current).toBe(failure);
  });
});
