import { describe, expect, it } from 'vitest';

import { DAY_MS, HOUR_MS, MINUTE_MS, parseDay } from '@/lib/writing/calendar';

import { dailyGoal, readDaysOff, recordWriting, writingDays } from './writing-record';
import type { WordCountRecord, WritingInput, WritingSession } from './writing-record';

const BOOK = 'BookDune00000000000001';
/** 2026-03-09T10:00:00Z, a Monday. */
const TEN_AM = Date.UTC(2026, 2, 9, 10);
const MIDNIGHT = Date.UTC(2026, 2, 10);

function session(
  start: number,
  end: number,
  words: number,
  id = 'Session000000000000001',
): WritingSession {
  return { id, manuscript_id: BOOK, start, end, words };
}

function record(date: number, words: number, id = 'Record0000000000000001'): WordCountRecord {
  return { id, manuscript_id: BOOK, date, words };
}

function input(changes: Partial<WritingInput>): WritingInput {
  let next = 0;
  return {
    manuscriptId: BOOK,
    records: [],
    sessions: [],
    delta: 0,
    now: TEN_AM,
    offsetMin: 0,
    newId: () => {
      next += 1;
      return `NewRow${String(next).padStart(16, '0')}`;
    },
    ...changes,
  };
}

describe('writing sessions (spec §4)', () => {
  it('starts a session now for the first writing', () => {
    const rows = recordWriting(input({ delta: 40 }));
    expect(rows.sessions).toEqual([
      // The hour's new record took the first id.
      { id: 'NewRow0000000000000002', manuscript_id: BOOK, start: TEN_AM, end: TEN_AM, words: 40 },
    ]);
  });

  it('continues the last session when it ended within 3 hours on the same day', () => {
    const now = TEN_AM + 3 * HOUR_MS;
    const rows = recordWriting(
      input({ sessions: [session(TEN_AM - HOUR_MS, TEN_AM, 100)], delta: 25, now }),
    );
    expect(rows.sessions).toEqual([session(TEN_AM - HOUR_MS, now, 125)]);
  });

  it('starts a new session after more than 3 hours', () => {
    const now = TEN_AM + 3 * HOUR_MS + 1;
    const rows = recordWriting(
      input({ sessions: [session(TEN_AM - HOUR_MS, TEN_AM, 100)], delta: 25, now }),
    );
    expect(rows.sessions).toEqual([
      { id: 'NewRow0000000000000002', manuscript_id: BOOK, start: now, end: now, words: 25 },
    ]);
  });

  it('closes the old session at the day’s end and starts a new one at midnight', () => {
    const old = session(MIDNIGHT - 2 * HOUR_MS, MIDNIGHT - 30 * MINUTE_MS, 300);
    const now = MIDNIGHT + 20 * MINUTE_MS;
    const rows = recordWriting(input({ sessions: [old], delta: 12, now }));
    expect(rows.sessions).toEqual([
      { ...old, end: MIDNIGHT - 1 },
      expect.objectContaining({ start: MIDNIGHT, end: now, words: 12 }),
    ]);
  });

  it('splits at the writer’s local midnight, not UTC’s', () => {
    const old = session(MIDNIGHT - HOUR_MS, MIDNIGHT - 30 * MINUTE_MS, 300);
    const now = MIDNIGHT + 20 * MINUTE_MS;
    // New York (UTC−5): both are on the evening of 9 March.
    expect(
      recordWriting(input({ sessions: [old], delta: 12, now, offsetMin: -300 })).sessions,
    ).toEqual([{ ...old, end: now, words: 312 }]);
    // Madrid (UTC+1): local midnight fell at 23:00Z, before the session ended: one day.
    expect(
      recordWriting(input({ sessions: [old], delta: 12, now, offsetMin: 60 })).sessions,
    ).toHaveLength(1);
    // Tokyo (UTC+9): the session ended at 08:30 on the 10th, now is 09:20: same day.
    const east = recordWriting(input({ sessions: [old], delta: 1, now, offsetMin: 540 })).sessions;
    expect(east).toEqual([{ ...old, end: now, words: 301 }]);
  });

  it('never lowers a session’s words below 0', () => {
    const sessions = [session(TEN_AM - HOUR_MS, TEN_AM, 30)];
    expect(
      recordWriting(input({ sessions, delta: -50, now: TEN_AM + MINUTE_MS })).sessions,
    ).toEqual([session(TEN_AM - HOUR_MS, TEN_AM + MINUTE_MS, 0)]);
    const later = TEN_AM + 5 * HOUR_MS;
    expect(recordWriting(input({ sessions, delta: -5, now: later })).sessions).toEqual([
      expect.objectContaining({ start: later, end: later, words: 0 }),
    ]);
  });

  it('continues the session that ended last, wherever it is listed', () => {
    const sessions = [
      session(TEN_AM - 9 * HOUR_MS, TEN_AM - 8 * HOUR_MS, 9, 'Older00000000000000001'),
      session(TEN_AM - HOUR_MS, TEN_AM, 5, 'Latest0000000000000001'),
    ];
    const rows = recordWriting(input({ sessions, delta: 1, now: TEN_AM + MINUTE_MS }));
    expect(rows.sessions).toEqual([
      expect.objectContaining({ id: 'Latest0000000000000001', words: 6 }),
    ]);
  });

  it('records nothing when the words did not change', () => {
    expect(recordWriting(input({ delta: 0 }))).toEqual({ record: null, sessions: [] });
  });
});

describe('hourly word count records', () => {
  it('starts the hour’s record at the hour’s start (UTC)', () => {
    const rows = recordWriting(input({ delta: 40, now: TEN_AM + 17 * MINUTE_MS }));
    expect(rows.record).toEqual({
      id: 'NewRow0000000000000001',
      manuscript_id: BOOK,
      date: TEN_AM,
      words: 40,
    });
  });

  it('reuses the existing row of the hour and adds to its words', () => {
    const records = [record(TEN_AM - HOUR_MS, 500, 'Earlier000000000000001'), record(TEN_AM, 60)];
    const rows = recordWriting(input({ records, delta: 15, now: TEN_AM + 59 * MINUTE_MS }));
    expect(rows.record).toEqual(record(TEN_AM, 75));
  });

  it('never lowers the hour’s words below 0', () => {
    const rows = recordWriting(
      input({ records: [record(TEN_AM, 10)], delta: -25, now: TEN_AM + 1 }),
    );
    expect(rows.record).toEqual(record(TEN_AM, 0));
  });
});

describe('the daily goal', () => {
  const base = { written: 0, daysOff: [], now: TEN_AM, offsetMin: 0 };

  it('is computed only with a words goal above 0', () => {
    expect(dailyGoal({ ...base, goalWords: 0, deadline: '2026-03-11' })).toBeNull();
    expect(dailyGoal({ ...base, goalWords: undefined, deadline: '2026-03-11' })).toBeNull();
    expect(dailyGoal({ ...base, goalWords: 1000, deadline: '2026-03-11' })).toBe(334);
  });

  it('is computed only while the deadline has not passed', () => {
    expect(dailyGoal({ ...base, goalWords: 1000, deadline: '2026-03-08' })).toBeNull();
    expect(dailyGoal({ ...base, goalWords: 1000, deadline: null })).toBeNull();
    expect(dailyGoal({ ...base, goalWords: 1000, written: 400, deadline: '2026-03-09' })).toBe(600);
    expect(dailyGoal({ ...base, goalWords: 1000, deadline: '2026-03-09T00:00:00.000Z' })).toBe(
      1000,
    );
  });

  it('spreads the remaining words over the writing days left, without days off', () => {
    // Monday 9 to Sunday 15 March: five weekdays.
    const goal = dailyGoal({
      ...base,
      goalWords: 10_000,
      written: 4_000,
      deadline: '2026-03-15',
      daysOff: [0, 6],
    });
    expect(goal).toBe(1_200);
    const named = dailyGoal({
      ...base,
      goalWords: 10_000,
      written: 4_000,
      deadline: '2026-03-15',
      daysOff: ['Saturday', 'sun'],
    });
    expect(named).toBe(1_200);
  });

  it('is 0 once the goal is met, and the whole remainder when only days off are left', () => {
    expect(dailyGoal({ ...base, goalWords: 1000, written: 1500, deadline: '2026-04-01' })).toBe(0);
    const saturday = Date.UTC(2026, 2, 14, 10);
    expect(
      dailyGoal({
        ...base,
        now: saturday,
        goalWords: 900,
        written: 100,
        deadline: '2026-03-15',
        daysOff: [0, 6],
      }),
    ).toBe(800);
  });

  it('counts writing days over long stretches as a day-by-day count would', () => {
    const from = parseDay('2026-01-07') ?? 0;
    const off = readDaysOff([3, 0, 0, 'nonsense', 9]);
    expect(off.sort()).toEqual([0, 3]);
    for (const span of [0, 1, 6, 7, 8, 100, 365]) {
      let byDay = 0;
      for (let k = 0; k <= span; k += 1) {
        const weekday = new Date((from + k) * DAY_MS).getUTCDay();
        if (weekday !== 0 && weekday !== 3) byDay += 1;
      }
      expect(writingDays(from, from + span, off)).toBe(byDay);
    }
  });
});
