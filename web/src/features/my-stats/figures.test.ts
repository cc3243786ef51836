import { describe, expect, it } from 'vitest';

import { dayString, parseDay } from '@/lib/writing/calendar';
import { zone } from '@/lib/writing/zone';

import {
  dailyCountsCsv,
  dayRange,
  daySeries,
  goalProgress,
  novemberOf,
  PACE_DAYS,
  streaks,
  wordsByHourOfDay,
} from './figures';

const day = (iso: string) => parseDay(iso) ?? Number.NaN;
const perDay = (entries: [string, number][]) =>
  new Map(entries.map(([iso, words]) => [day(iso), words]));

describe('daySeries', () => {
  it('gives every day of the range, 0 where nothing was written', () => {
    expect(daySeries(perDay([['2026-11-02', 5]]), day('2026-11-01'), day('2026-11-03'))).toEqual([
      { date: '2026-11-01', value: 0 },
      { date: '2026-11-02', value: 5 },
      { date: '2026-11-03', value: 0 },
    ]);
  });
});

describe('wordsByHourOfDay', () => {
  it('puts each record on its local hour, DST included, clamped at 0', () => {
    const madrid = zone('Europe/Madrid');
    const hours = wordsByHourOfDay(
      [
        { date: Date.parse('2026-07-01T07:00:00Z'), words: 10 }, // 09:00 CEST
        { date: Date.parse('2026-12-01T08:00:00Z'), words: 20 }, // 09:00 CET
        { date: Date.parse('2026-12-01T22:00:00Z'), words: 3 }, // 23:00 CET
        { date: Date.parse('2026-12-01T09:00:00Z'), words: -8 },
      ],
      madrid,
    );
    expect(hours).toHaveLength(24);
    expect(hours[9]).toBe(30);
    expect(hours[23]).toBe(3);
    expect(hours[10]).toBe(0);
  });
});

describe('streaks', () => {
  it('counts the run up to today and the longest run ever', () => {
    const words = perDay([
      ['2026-11-01', 5],
      ['2026-11-02', 5],
      ['2026-11-03', 5],
      ['2026-11-04', 5],
      ['2026-11-06', 0],
      ['2026-11-25', 1],
      ['2026-11-26', 2],
      ['2026-11-27', 3],
    ]);
    expect(streaks(words, day('2026-11-27'))).toEqual({ current: 3, longest: 4 });
  });

  it('keeps the current streak while today has no words yet, and breaks it after a day off', () => {
    const words = perDay([
      ['2026-11-25', 1],
      ['2026-11-26', 2],
    ]);
    expect(streaks(words, day('2026-11-27'))).toEqual({ current: 2, longest: 2 });
    expect(streaks(words, day('2026-11-28'))).toEqual({ current: 0, longest: 2 });
    expect(streaks(new Map(), day('2026-11-28'))).toEqual({ current: 0, longest: 0 });
  });
});

describe('goalProgress', () => {
  const madrid = zone('Europe/Madrid');
  const now = Date.parse('2026-11-27T10:00:00Z'); // Friday

  it('is null without a goal', () => {
    expect(goalProgress({ goals: {}, words: 10, wordsPerDay: new Map(), now, zone: madrid })).toBe(
      null,
    );
    expect(
      goalProgress({ goals: { words: 0 }, words: 10, wordsPerDay: new Map(), now, zone: madrid }),
    ).toBe(null);
  });

  it("computes the editor's daily target and projects the finish at the recent pace", () => {
    // 1,400 words over the last 14 days: 100 a day; 10,000 of 50,000 written, 200 of them today.
    const wordsPerDay = perDay([
      ['2026-11-27', 200],
      ['2026-11-20', 1200],
      ['2026-11-13', 999], // more than 14 days ago: not in the pace
    ]);
    const progress = goalProgress({
      goals: { words: 50_000, deadline: '2026-12-06', daysoff: [0, 6] },
      words: 10_000,
      wordsPerDay,
      now,
      zone: madrid,
    });
    expect(progress).not.toBeNull();
    if (!progress) return;
    expect(progress.percent).toBe(20);
    expect(progress.remaining).toBe(40_000);
    expect(progress.pace).toBe(1400 / PACE_DAYS);
    expect(dayString(progress.finish ?? 0)).toBe('2028-01-01');
    expect(dayString(progress.deadline ?? 0)).toBe('2026-12-06');
    // From Friday the 27th to Sunday 6 December without weekends: 27, 30, 1, 2, 3, 4 → 6 days;
    // 40,200 words still to write at the start of today.
    expect(progress.daily).toBe(Math.ceil(40_200 / 6));
  });

  it('finishes today once the goal is met, and has no finish without a pace', () => {
    const met = goalProgress({
      goals: { words: 1000 },
      words: 1200,
      wordsPerDay: new Map(),
      now,
      zone: madrid,
    });
    expect(met?.percent).toBe(100);
    expect(met?.finish).toBe(day('2026-11-27'));
    expect(met?.daily).toBe(null);
    const idle = goalProgress({
      goals: { words: 1000 },
      words: 10,
      wordsPerDay: new Map(),
      now,
      zone: madrid,
    });
    expect(idle?.finish).toBe(null);
  });
});

describe('dailyCountsCsv', () => {
  it('writes date, words and the running total', () => {
    expect(
      dailyCountsCsv([
        { date: '2026-11-01', value: 300 },
        { date: '2026-11-02', value: 0 },
        { date: '2026-11-03', value: 250 },
      ]),
    ).toBe('date,words,total\r\n2026-11-01,300,300\r\n2026-11-02,0,300\r\n2026-11-03,250,550\r\n');
    expect(dailyCountsCsv([])).toBe('date,words,total\r\n');
  });
});

describe('dayRange', () => {
  it('reads a range of whole dates up to 366 days long', () => {
    expect(dayRange('2026-11-01', '2026-11-30')).toEqual({
      from: day('2026-11-01'),
      to: day('2026-11-30'),
    });
    expect(dayRange('2024-01-01', '2024-12-31')).not.toBeNull();
    expect(dayRange('2025-01-01', '2026-01-02')).toBeNull();
    expect(dayRange('2026-11-30', '2026-11-01')).toBeNull();
    expect(dayRange('2026-02-30', '2026-03-01')).toBeNull();
    expect(dayRange('', '2026-03-01')).toBeNull();
    expect(novemberOf(day('2026-03-05'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});
