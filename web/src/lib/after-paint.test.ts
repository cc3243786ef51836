import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterPaint, afterPaintOr } from './after-paint';

describe('afterPaintOr', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after the next frame, not again at the timeout', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const callback = vi.fn();
    afterPaintOr(callback, 100);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17); // a frame, then the task after it
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at the timeout when no frame is painted (a hidden tab), and can be cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 1);
    const callback = vi.fn();
    afterPaintOr(callback, 100);
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    afterPaintOr(cancelled, 100)();
    vi.advanceTimersByTime(500);
    expect(cancelled).not.toHaveBeenCalled();
    raf.mockRestore();
  });
});

describe('afterPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for as many frames as asked, and can be cancelled in between', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const second = vi.fn();
    afterPaint(second, 2);
    vi.advanceTimersByTime(17); // the first frame and the task after it
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17);
    expect(second).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterPaint(cancelled, 2);
    vi.advanceTimersByTime(17);
    cancel();
    vi.advanceTimersByTime(100);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
