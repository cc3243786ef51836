import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useBusySubmit } from './use-busy-submit';

/** A promise and the functions that settle it. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useBusySubmit', () => {
  it('is busy while the action runs and stays busy after it succeeds, then runs `then`', async () => {
    const { result } = renderHook(() => useBusySubmit());
    const work = deferred();
    const then = vi.fn();
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(() => work.promise, then);
    });
    expect(result.current.busy).toBe(true);
    expect(then).not.toHaveBeenCalled();
    await act(async () => {
      work.resolve();
      await done;
    });
    expect(then).toHaveBeenCalledOnce();
    // The dialog is about to go away: no flicker back to an enabled button.
    expect(result.current.busy).toBe(true);
  });

  it('clears busy when the action fails, without running `then`, so the writer can retry', async () => {
    const { result } = renderHook(() => useBusySubmit());
    const then = vi.fn();
    await act(() => result.current.run(() => Promise.reject(new Error('offline')), then));
    expect(result.current.busy).toBe(false);
    expect(then).not.toHaveBeenCalled();
  });
});
