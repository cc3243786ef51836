import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { TEXT_FOCUS_STATE } from '@/lib/paths';

import { useTextFocusOnArrival } from './use-text-focus-on-arrival';

function arrivingWith(state: unknown) {
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/manuscript/m1', state }]}>{children}</MemoryRouter>
  );
}

describe('the caret on arrival in the editor', () => {
  it('goes into the text of the first editor ready, once, when a new manuscript is opened', () => {
    const kept = vi.fn();
    const { result } = renderHook(() => useTextFocusOnArrival(kept), {
      wrapper: arrivingWith(TEXT_FOCUS_STATE),
    });
    const first = { focus: vi.fn() };
    const second = { focus: vi.fn() };
    result.current(null);
    result.current(first);
    result.current(second);
    expect(first.focus).toHaveBeenCalledTimes(1);
    expect(second.focus).not.toHaveBeenCalled();
    expect(kept.mock.calls).toEqual([[null], [first], [second]]);
  });

  it('stays where it was when the editor is opened from the list', () => {
    const { result } = renderHook(() => useTextFocusOnArrival(vi.fn()), {
      wrapper: arrivingWith(null),
    });
    const editor = { focus: vi.fn() };
    result.current(editor);
    expect(editor.focus).not.toHaveBeenCalled();
  });
});
