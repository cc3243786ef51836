import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HOUR_MS, MINUTE_MS } from '@/lib/writing/calendar';
import { fixedOffsetClock } from '@/storage';
import type { LocalRow } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';
import type { ManualTimers } from '@/testing/manual-timers';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import type { ChapterRow, ManuscriptRow, Workspace } from '../workspace/types';
import { useWritingRecorder } from './use-writing-recorder';
import { WRITE_INTERVAL_MS } from './writing-recorder';

const BOOK = 'BookDune00000000000001';
const ONE = 'ChapterOne000000000001';
const NOTES = 'ChapterNotes0000000001';
/** 2026-11-24T10:20:00Z. */
const T0 = Date.UTC(2026, 10, 24, 10, 20);
const HOUR = Date.UTC(2026, 10, 24, 10);

afterEach(async () => {
  await disposeTestEngines();
});

function row<T extends object>(fields: T): LocalRow & T {
  return { user_id: TEST_USER, updated_at: 1, pending: 0, pending_ops: [], ...fields } as LocalRow &
    T;
}

function chapter(id: string, words: number, goals?: ChapterRow['goals']): ChapterRow {
  return row({
    id,
    manuscript_id: BOOK,
    kind: 'chapters' as const,
    name: id,
    stats: { words },
    goals,
  });
}

interface Setup {
  timers: ManualTimers;
  manuscript?: Partial<ManuscriptRow>;
  chapters?: ChapterRow[];
}

function setup({
  timers,
  manuscript = {},
  chapters = [chapter(ONE, 100), chapter(NOTES, 40)],
}: Setup) {
  const { engine, store, stored } = createTestEngine({ clock: fixedOffsetClock(0, timers.now) });
  const saveManuscript = vi.fn(() => Promise.resolve());
  const workspace: Workspace = {
    userId: TEST_USER,
    manuscript: row({ id: BOOK, title: 'Dune', stats: { words: 140 }, ...manuscript }),
    groups: [],
    outlines: [],
    chapters,
    writer: engine.writer,
    reads: engine.reads,
    saveManuscript,
    keepOnDevice: () => Promise.resolve(),
    canWrite: true,
    canComment: true,
    userSettings: {
      subchaptersAsScenes: false,
      hideHeader: false,
      hideSavingIndicator: false,
      floatingToolbar: false,
    },
  };
  const hook = renderHook(() =>
    useWritingRecorder(workspace, {
      now: timers.now,
      timezoneOffset: () => 0,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    }),
  );
  const live = async (table: 'words' | 'sessions' | 'contents') =>
    (await stored(table)).filter((r) => r.pending === 1);
  return { store, hook, saveManuscript, live };
}

describe('recording writing from live word counts', () => {
  it('takes a chapter’s first count as its baseline only', async () => {
    const timers = createManualTimers(T0);
    const { hook, saveManuscript, live } = setup({ timers });
    hook.result.current.record(ONE, 100);
    expect(timers.pending()).toBe(0);
    await act(() => hook.result.current.flush());
    expect(await live('words')).toEqual([]);
    expect(await live('sessions')).toEqual([]);
    expect(await live('contents')).toEqual([]);
    expect(saveManuscript).not.toHaveBeenCalled();
  });

  it('coalesces changes into one burst every 5 s: hour record, session, chapter and manuscript counts', async () => {
    const timers = createManualTimers(T0);
    const { hook, saveManuscript, live } = setup({ timers });
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    timers.advance(1000);
    record(ONE, 110);
    timers.advance(1000);
    record(ONE, 125);
    expect(timers.pending()).toBe(1);
    timers.advance(WRITE_INTERVAL_MS - 2000);
    expect(await live('words')).toEqual([]);
    timers.advance(1000);
    await act(() => flush());

    expect(await live('words')).toEqual([
      expect.objectContaining({
        manuscript_id: BOOK,
        date: HOUR,
        words: 25,
        kind: 'stats_word_counts',
      }),
    ]);
    expect(await live('sessions')).toEqual([
      expect.objectContaining({ manuscript_id: BOOK, start: T0 + 2000, end: T0 + 2000, words: 25 }),
    ]);
    expect(await live('contents')).toEqual([
      expect.objectContaining({
        id: ONE,
        stats: { words: 125 },
        goals: { today_words: 25, today_words_date: '2026-11-24' },
      }),
    ]);
    expect(saveManuscript).toHaveBeenCalledTimes(1);
    expect(saveManuscript).toHaveBeenCalledWith({ stats: { words: 165 } }, { derived: true });
  });

  it('continues the hour’s record and the last session on flush, ignoring other users’ rows', async () => {
    const timers = createManualTimers(T0);
    const { store, hook, live } = setup({
      timers,
      chapters: [chapter(ONE, 100, { today_words: 30, today_words_date: '2026-11-24' })],
    });
    await store('words', [
      row({
        id: 'HourRecord000000000001',
        kind: 'stats_word_counts',
        manuscript_id: BOOK,
        date: HOUR,
        words: 30,
      }),
      row({
        id: 'OtherUsers000000000001',
        user_id: 'UserSomeoneElse0000001',
        kind: 'stats_word_counts',
        manuscript_id: BOOK,
        date: HOUR,
        words: 999,
      }),
    ]);
    await store('sessions', [
      row({
        id: 'Session000000000000001',
        kind: 'writing_sessions',
        manuscript_id: BOOK,
        start: T0 - HOUR_MS,
        end: T0 - 10 * MINUTE_MS,
        words: 80,
      }),
    ]);
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 90);
    record(ONE, 104);
    await act(() => flush());

    expect(await live('words')).toEqual([
      expect.objectContaining({ id: 'HourRecord000000000001', date: HOUR, words: 34 }),
    ]);
    expect(await live('sessions')).toEqual([
      expect.objectContaining({
        id: 'Session000000000000001',
        start: T0 - HOUR_MS,
        end: T0,
        words: 84,
      }),
    ]);
    expect(await live('contents')).toEqual([
      expect.objectContaining({
        id: ONE,
        goals: { today_words: 34, today_words_date: '2026-11-24' },
      }),
    ]);
    expect(timers.pending()).toBe(0);
  });

  it('adds each burst to today’s words as stored, ahead of the workspace’s rows', async () => {
    const timers = createManualTimers(T0);
    const { hook, live } = setup({ timers });
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 110);
    await act(() => flush());
    timers.advance(MINUTE_MS);
    record(ONE, 130);
    await act(() => flush());
    expect(await live('contents')).toEqual([
      expect.objectContaining({
        id: ONE,
        stats: { words: 130 },
        goals: { today_words: 30, today_words_date: '2026-11-24' },
      }),
    ]);
    expect(await live('sessions')).toEqual([expect.objectContaining({ words: 30 })]);
  });

  it('shows today’s words the moment they are typed, before the burst is stored', async () => {
    const timers = createManualTimers(T0);
    const { hook } = setup({ timers });
    const { record, flush } = hook.result.current;
    const today = () => hook.result.current.liveToday().get(ONE);
    record(ONE, 100);
    expect(today()).toBeUndefined();
    record(ONE, 125);
    expect(today()).toEqual({ today_words: 25, today_words_date: '2026-11-24' });
    await act(() => flush());
    expect(today()).toEqual({ today_words: 25, today_words_date: '2026-11-24' });
  });

  it('keeps today’s words net: 12 deleted then 108 typed is 96, stored and live', async () => {
    const timers = createManualTimers(T0);
    const { hook, live } = setup({ timers, chapters: [chapter(ONE, 12), chapter(NOTES, 40)] });
    const { record, flush } = hook.result.current;
    record(ONE, 12);
    record(ONE, 0);
    await act(() => flush());
    timers.advance(MINUTE_MS);
    record(ONE, 108);
    expect(hook.result.current.liveToday().get(ONE)?.today_words).toBe(96);
    await act(() => flush());
    expect(await live('contents')).toEqual([
      expect.objectContaining({
        id: ONE,
        stats: { words: 108 },
        goals: { today_words: 96, today_words_date: '2026-11-24' },
      }),
    ]);
  });

  it('tells its listeners when today’s words change, and hands the same map until then', () => {
    const timers = createManualTimers(T0);
    const { hook } = setup({ timers });
    const heard = vi.fn();
    const unsubscribe = hook.result.current.subscribe(heard);
    const before = hook.result.current.liveToday();
    hook.result.current.record(ONE, 100);
    expect(hook.result.current.liveToday()).toBe(before);
    hook.result.current.record(ONE, 101);
    expect(heard).toHaveBeenCalledTimes(1);
    unsubscribe();
    hook.result.current.record(ONE, 102);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('takes a count that is not this writer’s writing as the new baseline', async () => {
    const timers = createManualTimers(T0);
    const { hook, live, saveManuscript } = setup({ timers });
    const { record, setBaseline, flush } = hook.result.current;
    record(ONE, 100);
    setBaseline(ONE, 400);
    record(ONE, 405);
    await act(() => flush());
    expect(await live('words')).toEqual([expect.objectContaining({ words: 5 })]);
    expect(await live('contents')).toEqual([
      expect.objectContaining({
        id: ONE,
        stats: { words: 405 },
        goals: { today_words: 5, today_words_date: '2026-11-24' },
      }),
    ]);
    expect(saveManuscript).toHaveBeenCalledWith({ stats: { words: 445 } }, { derived: true });
  });

  it('saves the manuscript’s count only when the stored one differs', async () => {
    const timers = createManualTimers(T0);
    const { store, hook, saveManuscript } = setup({ timers });
    await store('manuscripts', [
      row({ id: BOOK, title: 'Dune', folder_id: null, stats: { words: 150 } }),
    ]);
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 110);
    await act(() => flush());
    expect(saveManuscript).not.toHaveBeenCalled();
    record(ONE, 111);
    await act(() => flush());
    expect(saveManuscript).toHaveBeenCalledWith({ stats: { words: 151 } }, { derived: true });
  });

  it('writes a burst when the writing crosses into a new hour', async () => {
    const timers = createManualTimers(HOUR + 59 * MINUTE_MS);
    const { hook, live } = setup({ timers });
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 120);
    timers.advance(2 * MINUTE_MS - WRITE_INTERVAL_MS);
    // The timer has already written the first burst; the next hour gets its own record.
    record(ONE, 130);
    await act(() => flush());
    const words = (await live('words')).map((r) => [r.date, r.words]);
    expect(words.sort()).toEqual([
      [HOUR, 20],
      [HOUR + HOUR_MS, 10],
    ]);
  });

  it('keeps excluded chapters out of the manuscript’s words but updates their own count', async () => {
    const timers = createManualTimers(T0);
    const { hook, saveManuscript, live } = setup({
      timers,
      manuscript: { settings: { chapters_excluded_for_word_count: [NOTES] } },
    });
    const { record, flush } = hook.result.current;
    record(NOTES, 40);
    record(NOTES, 90);
    await act(() => flush());
    expect(await live('words')).toEqual([]);
    expect(await live('sessions')).toEqual([]);
    expect(await live('contents')).toEqual([
      expect.objectContaining({ id: NOTES, stats: { words: 90 } }),
    ]);
    expect(saveManuscript).toHaveBeenCalledWith({ stats: { words: 100 } }, { derived: true });
  });

  it('writes no records or sessions for someone else’s manuscript', async () => {
    const timers = createManualTimers(T0);
    const { hook, live } = setup({ timers, manuscript: { shared_with_me: true } });
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 150);
    await act(() => flush());
    expect(await live('words')).toEqual([]);
    expect(await live('contents')).toEqual([
      expect.objectContaining({ id: ONE, stats: { words: 150 } }),
    ]);
  });

  it('writes what is pending on pagehide and on unmount', async () => {
    const timers = createManualTimers(T0);
    const { hook, live } = setup({ timers });
    const { record, flush } = hook.result.current;
    record(ONE, 100);
    record(ONE, 107);
    window.dispatchEvent(new Event('pagehide'));
    expect(timers.pending()).toBe(0);
    await act(() => flush());
    expect(await live('words')).toEqual([expect.objectContaining({ words: 7 })]);

    record(ONE, 110);
    hook.unmount();
    await flush();
    expect(await live('words')).toEqual([expect.objectContaining({ words: 10 })]);
  });
});
