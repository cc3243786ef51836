import { describe, expect, it } from 'vitest';

import { dayString, parseDay } from './calendar';
import { bestDays, lifetimeStats, periods } from './lifetime-stats';
import { resolveTimeZone, zone } from './zone';

const at = (iso: string) => Date.parse(iso);
const record = (iso: string, words: number) => ({ date: at(iso), words });
const session = (start: string, end: string) => ({ start: at(start), end: at(end), words: 0 });
const day = (iso: string) => parseDay(iso) ?? Number.NaN;

describe('zone', () => {
  it('reads Madrid local days across both DST changes', () => {
    const madrid = zone('Europe/Madrid');
    // Spring forward on 2026-03-29 at 01:00 UTC; fall back on 2026-10-25 at 01:00 UTC.
    expect(dayString(madrid.dayOf(at('2026-03-28T23:00:00Z')))).toBe('2026-03-29');
    expect(dayString(madrid.dayOf(at('2026-03-28T22:59:00Z')))).toBe('2026-03-28');
    expect(dayString(madrid.dayOf(at('2026-03-29T22:00:00Z')))).toBe('2026-03-30');
    expect(dayString(madrid.dayOf(at('2026-03-29T21:59:00Z')))).toBe('2026-03-29');
    expect(madrid.hourOf(at('2026-03-29T01:00:00Z'))).toBe(3);
    expect(madrid.hourOf(at('2026-03-29T00:59:00Z'))).toBe(1);
    expect(dayString(madrid.dayOf(at('2026-10-25T23:00:00Z')))).toBe('2026-10-26');
    expect(dayString(madrid.dayOf(at('2026-10-25T22:00:00Z')))).toBe('2026-10-25');
    expect(madrid.hourOf(at('2026-10-25T00:30:00Z'))).toBe(2);
    expect(madrid.hourOf(at('2026-10-25T01:30:00Z'))).toBe(2);
  });

  it('reads New York local days across both DST changes', () => {
    const newYork = zone('America/New_York');
    // Spring forward on 2026-03-08 at 07:00 UTC; fall back on 2026-11-01 at 06:00 UTC.
    expect(dayString(newYork.dayOf(at('2026-03-08T04:59:00Z')))).toBe('2026-03-07');
    expect(dayString(newYork.dayOf(at('2026-03-08T05:00:00Z')))).toBe('2026-03-08');
    expect(dayString(newYork.dayOf(at('2026-03-09T03:59:00Z')))).toBe('2026-03-08');
    expect(dayString(newYork.dayOf(at('2026-03-09T04:00:00Z')))).toBe('2026-03-09');
    expect(dayString(newYork.dayOf(at('2026-11-02T04:00:00Z')))).toBe('2026-11-01');
    expect(dayString(newYork.dayOf(at('2026-11-02T05:00:00Z')))).toBe('2026-11-02');
  });

  it('falls back to the browser zone for a setting Intl does not know', () => {
    expect(resolveTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(resolveTimeZone('Mars/Olympus')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zone('Mars/Olympus').timeZone).toBe('UTC');
  });
});

describe('periods', () => {
  it('starts weeks on Monday, uses calendar months and years, and ends the current ones today', () => {
    // Friday 2026-11-27.
    const p = periods(day('2026-11-27'));
    const show = (r: { from: number; to: number }) => [dayString(r.from), dayString(r.to)];
    expect(show(p.thisWeek)).toEqual(['2026-11-23', '2026-11-27']);
    expect(show(p.lastWeek)).toEqual(['2026-11-16', '2026-11-22']);
    expect(show(p.thisMonth)).toEqual(['2026-11-01', '2026-11-27']);
    expect(show(p.lastMonth)).toEqual(['2026-10-01', '2026-10-31']);
    expect(show(p.thisYear)).toEqual(['2026-01-01', '2026-11-27']);
    // A Sunday belongs to the week that began the Monday before; January's last month is December.
    const sunday = periods(day('2027-01-03'));
    expect(show(sunday.thisWeek)).toEqual(['2026-12-28', '2027-01-03']);
    expect(show(sunday.lastMonth)).toEqual(['2026-12-01', '2026-12-31']);
  });
});

describe('lifetimeStats', () => {
  it('puts the hours around Madrid midnight on their local days', () => {
    const stats = lifetimeStats({
      timezone: 'Europe/Madrid',
      now: '2026-11-27T10:00:00Z',
      wordCounts: [
        record('2026-11-26T23:00:00Z', 100), // 00:00 on the 27th in Madrid
        record('2026-11-26T22:00:00Z', 40), // 23:00 on the 26th
        record('2026-11-23T00:00:00Z', 5), // Monday of this week
        record('2026-11-22T22:00:00Z', 7), // Sunday 23:00: last week
        record('2026-10-31T23:00:00Z', 11), // 00:00 on 1 November
        record('2026-10-31T22:00:00Z', 13), // 23:00 on 31 October
        record('2025-12-31T23:00:00Z', 17), // 00:00 on 1 January 2026
        record('2025-12-31T22:00:00Z', 19), // last year
      ],
      sessions: [],
    });
    expect(stats.words).toEqual({
      total: 212,
      today: 100,
      yesterday: 40,
      this_week: 145,
      last_week: 7,
      this_month: 163,
      last_month: 13,
      this_year: 193,
    });
  });

  it('counts the Madrid DST days as the local calendar says', () => {
    const stats = lifetimeStats({
      timezone: 'Europe/Madrid',
      now: '2026-10-26T08:00:00Z',
      wordCounts: [
        record('2026-10-24T22:00:00Z', 1), // 00:00 CEST on the 25th
        record('2026-10-25T22:00:00Z', 2), // 23:00 CET on the 25th
        record('2026-10-25T23:00:00Z', 4), // 00:00 CET on the 26th
      ],
      sessions: [],
    });
    expect(stats.words.yesterday).toBe(3);
    expect(stats.words.today).toBe(4);
  });

  it('counts the New York fall-back day of 25 hours as one day', () => {
    const stats = lifetimeStats({
      timezone: 'America/New_York',
      now: '2026-11-02T15:00:00Z',
      wordCounts: [
        record('2026-11-01T04:00:00Z', 10), // 00:00 EDT on the 1st
        record('2026-11-02T04:00:00Z', 20), // 23:00 EST on the 1st
        record('2026-11-02T05:00:00Z', 30), // 00:00 EST on the 2nd
      ],
      sessions: [
        session('2026-11-02T04:30:00Z', '2026-11-02T04:59:00Z'), // the 1st, 29 min
        session('2026-11-02T05:00:00Z', '2026-11-02T05:45:00Z'), // the 2nd, 45 min
      ],
    });
    expect(stats.words.yesterday).toBe(30);
    expect(stats.words.today).toBe(30);
    // Monday 2 November: the 1st was Sunday, last week.
    expect(stats.words.this_week).toBe(30);
    expect(stats.words.last_week).toBe(30);
    expect(stats.minutes.today).toBe(45);
    expect(stats.minutes.this_week).toBe(45);
    expect(stats.minutes.this_month).toBe(74);
    expect(stats.minutes.total).toBe(74);
  });

  it('clamps negative records at 0 and reads ISO timestamps', () => {
    const stats = lifetimeStats({
      timezone: 'UTC',
      now: Date.parse('2026-11-27T12:00:00Z'),
      wordCounts: [
        { date: '2026-11-27T09:00:00.000Z', words: -50 },
        { date: '2026-11-27T10:00:00.000Z', words: 80 },
        { date: 'not a date', words: 1000 },
      ],
      sessions: [{ start: '2026-11-27T09:00:00Z', end: '2026-11-27T08:00:00Z' }],
    });
    expect(stats.words.today).toBe(80);
    expect(stats.words.total).toBe(80);
    expect(stats.minutes.total).toBe(0);
  });

  it('counts a session on the day it starts and floors the sum, not each session', () => {
    const stats = lifetimeStats({
      timezone: 'Europe/Madrid',
      now: '2026-11-27T10:00:00Z',
      wordCounts: [],
      sessions: [
        // 23:30 on the 26th in Madrid until 00:30 on the 27th: all of it yesterday.
        session('2026-11-26T22:30:00Z', '2026-11-26T23:30:00Z'),
        session('2026-11-27T08:00:00Z', '2026-11-27T08:01:30Z'),
        session('2026-11-27T09:00:00Z', '2026-11-27T09:01:30Z'),
      ],
    });
    expect(stats.minutes.today).toBe(3);
    expect(stats.minutes.total).toBe(63);
    expect(stats.minutes.this_week).toBe(63);
  });

  it('gives zeros and no best days without any writing', () => {
    expect(lifetimeStats({ timezone: 'UTC', now: 0, wordCounts: [], sessions: [] })).toEqual({
      minutes: { total: 0, today: 0, this_week: 0, this_month: 0, best_days: [] },
      words: {
        total: 0,
        today: 0,
        yesterday: 0,
        this_week: 0,
        last_week: 0,
        this_month: 0,
        last_month: 0,
        this_year: 0,
      },
    });
  });
});

describe('bestDays', () => {
  const minutes = (entries: [string, number][]) =>
    new Map(entries.map(([iso, m]) => [day(iso), m * 60_000]));

  it('lists the two weekdays with the most minutes, most first', () => {
    // 2026-11-23 is a Monday (1), the 25th a Wednesday (3), the 28th a Saturday (6).
    expect(
      bestDays(
        minutes([
          ['2026-11-23', 10],
          ['2026-11-25', 30],
          ['2026-11-28', 20],
          ['2026-11-30', 15], // Monday again: 25 in all
        ]),
      ),
    ).toEqual([3, 1]);
  });

  it('breaks ties toward the lower weekday and never lists a weekday without a minute', () => {
    // Sunday 2026-11-29 (0) and Saturday the 28th (6) tie.
    expect(
      bestDays(
        minutes([
          ['2026-11-28', 20],
          ['2026-11-29', 20],
        ]),
      ),
    ).toEqual([0, 6]);
    expect(bestDays(new Map([[day('2026-11-24'), 59_000]]))).toEqual([]);
    expect(bestDays(minutes([['2026-11-24', 1]]))).toEqual([2]);
  });
});
