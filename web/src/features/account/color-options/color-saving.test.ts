import { afterEach, describe, expect, it, vi } from 'vitest';

import { COLOR_SAVE_DEBOUNCE_MS, createDebouncedSaver, mergePatches } from './debounced-saver';
import { pushRecentColor, RECENT_COLORS_MAX } from './recent-colors';

afterEach(() => {
  vi.useRealTimers();
});

describe('recently used colors', () => {
  it('put the newest first, without duplicates (case folded), at most six', () => {
    expect(RECENT_COLORS_MAX).toBe(6);
    const recent = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'];
    expect(pushRecentColor(recent, '#ABCDEF')).toEqual([
      '#abcdef',
      '#111111',
      '#222222',
      '#333333',
      '#444444',
      '#555555',
    ]);
    expect(pushRecentColor(['#aabbcc', '#111111'], '#AABBCC')).toEqual(['#aabbcc', '#111111']);
    expect(pushRecentColor(['not a colour'], 'abc')).toEqual(['#aabbcc']);
  });
});

describe('the debounced colour save', () => {
  it('waits 200 ms after the last change and saves the changes merged', () => {
    vi.useFakeTimers();
    expect(COLOR_SAVE_DEBOUNCE_MS).toBe(200);
    const save = vi.fn();
    const saver = createDebouncedSaver(save);
    saver.schedule({ settings: { theme_id: 0 } });
    vi.advanceTimersByTime(150);
    saver.schedule({
      settings: { custom_theme: { primary_color: '#123456', secondary_color: '#000000' } },
    });
    vi.advanceTimersByTime(199);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      settings: {
        theme_id: 0,
        custom_theme: { primary_color: '#123456', secondary_color: '#000000' },
      },
    });
  });

  it('saves at once on flush (leaving the screen) and not again afterwards', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const saver = createDebouncedSaver(save);
    saver.schedule({ settings: { theme_id: 3 } });
    saver.flush();
    expect(save).toHaveBeenCalledWith({ settings: { theme_id: 3 } });
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('drops waiting changes on cancel', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const saver = createDebouncedSaver(save);
    saver.schedule({ settings: { theme_id: 2 } });
    saver.cancel();
    vi.advanceTimersByTime(1000);
    expect(save).not.toHaveBeenCalled();
  });

  it('lets later values win when merging', () => {
    expect(
      mergePatches({ name: 'A', settings: { theme_id: 1 } }, { settings: { theme_id: 4 } }),
    ).toEqual({
      name: 'A',
      settings: { theme_id: 4 },
    });
  });
});
