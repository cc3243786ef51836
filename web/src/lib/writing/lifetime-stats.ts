/**
 * The writer's lifetime figures (My Stats, and the same rules as the server's `GET users/stats`)
 * from their hourly word count records and writing sessions, in the writer's time zone. Plain
 * data in and out: the input and output shapes are the contract both sides are checked against.
 */
import { DAY_MS, MINUTE_MS, weekdayOf } from './calendar';
import { clampWords } from './goals';
import { instant, zone } from './zone';
import type { Zone } from './zone';

export interface LifetimeInput {
  /** The writer's IANA zone (resolved by the caller: the setting, else the browser's). */
  timezone: string;
  /** Now: epoch ms or an ISO timestamp. */
  now: number | string;
  /** Hourly records: `date` is the hour's start (epoch ms or ISO), `words` its net words. */
  wordCounts: readonly { date: number | string; words: number }[];
  /** Writing sessions: `start` and `end` as epoch ms or ISO. */
  sessions: readonly { start: number | string; end: number | string; words?: number }[];
}

export interface LifetimeStats {
  minutes: {
    total: number;
    today: number;
    this_week: number;
    this_month: number;
    /** Up to two weekdays (0 = Sunday … 6 = Saturday) with the most minutes, most first. */
    best_days: number[];
  };
  words: {
    total: number;
    today: number;
    yesterday: number;
    this_week: number;
    last_week: number;
    this_month: number;
    last_month: number;
    this_year: number;
  };
}

/** A local day range, both ends included. */
interface DayRange {
  from: number;
  to: number;
}

/**
 * The calendar periods around `today` (a local day number): weeks start on Monday. The current
 * week, month and year end today, so a record dated later (a clock ahead) counts only in the
 * total, as the server counts it.
 */
export function periods(today: number) {
  const date = new Date(today * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const dayOfUtc = (y: number, m: number, d: number) => Date.UTC(y, m, d) / DAY_MS;
  const monday = today - ((weekdayOf(today) + 6) % 7);
  const range = (from: number, to: number): DayRange => ({ from, to });
  return {
    today: range(today, today),
    yesterday: range(today - 1, today - 1),
    thisWeek: range(monday, today),
    lastWeek: range(monday - 7, monday - 1),
    thisMonth: range(dayOfUtc(year, month, 1), today),
    lastMonth: range(dayOfUtc(year, month - 1, 1), dayOfUtc(year, month, 0)),
    thisYear: range(dayOfUtc(year, 0, 1), today),
  };
}

/** Words per local day: each record, clamped at 0, on the day its hour starts. */
export function wordsByDay(
  records: LifetimeInput['wordCounts'],
  tz: Zone | string,
): Map<number, number> {
  const z = typeof tz === 'string' ? zone(tz) : tz;
  const days = new Map<number, number>();
  for (const record of records) {
    const at = instant(record.date);
    if (at === null) continue;
    const day = z.dayOf(at);
    days.set(day, (days.get(day) ?? 0) + clampWords(record.words));
  }
  return days;
}

/** Writing time per local day in ms: each session (never below 0) on the day it starts. */
export function msByDay(
  sessions: LifetimeInput['sessions'],
  tz: Zone | string,
): Map<number, number> {
  const z = typeof tz === 'string' ? zone(tz) : tz;
  const days = new Map<number, number>();
  for (const session of sessions) {
    const start = instant(session.start);
    const end = instant(session.end);
    if (start === null || end === null) continue;
    const day = z.dayOf(start);
    days.set(day, (days.get(day) ?? 0) + Math.max(0, end - start));
  }
  return days;
}

function sumIn(byDay: Map<number, number>, range?: DayRange): number {
  let sum = 0;
  for (const [day, value] of byDay) {
    if (!range || (day >= range.from && day <= range.to)) sum += value;
  }
  return sum;
}

const wholeMinutes = (ms: number) => Math.floor(ms / MINUTE_MS);

/**
 * Up to two weekdays with the most whole minutes over all time, most first; ties go to the lower
 * weekday number, and a weekday with no minute is never listed.
 */
export function bestDays(msPerDay: Map<number, number>): number[] {
  const ms = [0, 0, 0, 0, 0, 0, 0];
  for (const [day, value] of msPerDay) ms[weekdayOf(day)] = (ms[weekdayOf(day)] ?? 0) + value;
  return ms
    .map((value, weekday) => ({ weekday, minutes: wholeMinutes(value) }))
    .filter((entry) => entry.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || a.weekday - b.weekday)
    .slice(0, 2)
    .map((entry) => entry.weekday);
}

/** The lifetime figures (see `LifetimeStats`); minutes are whole (the floor of the sum). */
export function lifetimeStats(input: LifetimeInput): LifetimeStats {
  const z = zone(input.timezone);
  const now = instant(input.now) ?? Date.now();
  const p = periods(z.dayOf(now));
  const words = wordsByDay(input.wordCounts, z);
  const ms = msByDay(input.sessions, z);
  const minutesIn = (range?: DayRange) => wholeMinutes(sumIn(ms, range));
  return {
    minutes: {
      total: minutesIn(),
      today: minutesIn(p.today),
      this_week: minutesIn(p.thisWeek),
      this_month: minutesIn(p.thisMonth),
      best_days: bestDays(ms),
    },
    words: {
      total: sumIn(words),
      today: sumIn(words, p.today),
      yesterday: sumIn(words, p.yesterday),
      this_week: sumIn(words, p.thisWeek),
      last_week: sumIn(words, p.lastWeek),
      this_month: sumIn(words, p.thisMonth),
      last_month: sumIn(words, p.lastMonth),
      this_year: sumIn(words, p.thisYear),
    },
  };
}
