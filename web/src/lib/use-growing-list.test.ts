import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { grownCount, useGrowingList } from './use-growing-list';

/** IntersectionObserver as the test drives it: each observer's report is sent by hand. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  constructor(readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    FakeObserver.live.add(this);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
}

/** The end of the drawn rows comes near the screen: the live observer reports it. */
function endComesNear() {
  act(() => {
    for (const observer of [...FakeObserver.live]) observer.report([{ isIntersecting: true }]);
  });
}

/** Renders the hook and gives its sentinel an element, as a list would. */
function growing(total: number, view = 'all') {
  const hook = renderHook(({ t, v }) => useGrowingList(t, v, 10), {
    initialProps: { t: total, v: view },
  });
  const attach = () => {
    act(() => {
      hook.result.current.sentinel?.(document.createElement('div'));
    });
  };
  return { ...hook, attach };
}

describe('a list drawn a page at a time', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    FakeObserver.live.clear();
    vi.unstubAllGlobals();
  });

  it('adds a page at a time, never more rows than there are', () => {
    expect(grownCount(40, 100, 40)).toBe(80);
    expect(grownCount(80, 100, 40)).toBe(100);
    expect(grownCount(100, 100, 40)).toBe(100);
  });

  it('draws the first page, then a page more each time the end comes near', () => {
    const list = growing(25);
    expect(list.result.current.count).toBe(10);
    list.attach();
    endComesNear();
    expect(list.result.current.count).toBe(20);
    list.attach();
    endComesNear();
    expect(list.result.current.count).toBe(25);
    expect(list.result.current.sentinel).toBeNull();
  });

  it('starts from the first page for a new view, but keeps its rows through a live change', () => {
    const list = growing(100);
    list.attach();
    endComesNear();
    expect(list.result.current.count).toBe(20);
    list.rerender({ t: 99, v: 'all' });
    expect(list.result.current.count).toBe(20);
    list.rerender({ t: 99, v: 'priority:high' });
    expect(list.result.current.count).toBe(10);
  });

  it('does not grow while the end stays out of reach', () => {
    const list = growing(100);
    list.attach();
    act(() => {
      for (const observer of [...FakeObserver.live]) observer.report([{ isIntersecting: false }]);
    });
    expect(list.result.current.count).toBe(10);
  });

  it('draws every row where the browser cannot tell when the end is near', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(growing(500).result.current.count).toBe(500);
  });
});
