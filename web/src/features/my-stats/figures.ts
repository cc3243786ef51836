/**
 * My Stats' rules besides the lifetime figures (`lib/writing/lifetime-stats.ts`): the series the
 * charts draw, streaks, a manuscript's progress against its goal with a projected finish, and
 * the daily counts as CSV. Pure: the caller gives now, the zone and the rows.
 */
import { dayString, parseDay } from '@/lib/writing/calendar';
import { clampWords, dailyGoal, deadlineDay } from '@/lib/writing/goals';
import { instant } from '@/lib/writing/zone';
import type { Zone } from '@/lib/writing/zone';

/** A day of a chart: its `YYYY-MM-DD` and a value. */
export interface DayPoint {
  date: string;
  value: number;
}

/** One point per day from `from` to `to` (both included), 0 where `byDay` has nothing. */
export function daySeries(
  byDay: ReadonlyMap<number, number>,
  from: number,
  to: number,
): DayPoint[] {
  const points: DayPoint[] = [];
  for (let day = from; day <= to; day += 1) {
    points.push({ date: dayString(day), value: byDay.get(day) ?? 0 });
  }
  return points;
}

/** Words per local hour of day (24 values, 0 = midnight), each record clamped at 0. */
export function wordsByHourOfDay(
  records: readonly { date: number | string; words: number }[],
  zone: Zone,
): number[] {
  const hours = Array.from({ length: 24 }, () => 0);
  for (const record of records) {
    const at = instant(record.date);
    if (at === null) continue;
    const hour = zone.hourOf(at);
    hours[hour] = (hours[hour] ?? 0) + clampWords(record.words);
  }
  return hours;
}

export interface Streaks {
  /** Days in a row with words, up to today — or up to yesterday while today has none yet. */
  current: number;
  /** The most days in a row with words ever. */
  longest: number;
}

/** Streaks of days with words > 0 (`wordsPerDay` by local day number). */
export function streaks(wordsPerDay: ReadonlyMap<number, number>, today: number): Streaks {
  const writes = (day: number) => (wordsPerDay.get(day) ?? 0) > 0;
  const days = [...wordsPerDay.keys()].filter(writes).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of days) {
    run = previous !== null && day === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  let current = 0;
  let day = writes(today) ? today : today - 1;
  while (writes(day)) {
    current += 1;
    day -= 1;
  }
  return { current, longest };
}

/** How many days back the recent pace is measured (today included). */
export const PACE_DAYS = 14;

export interface GoalInput {
  /** The manuscript's `goals` (`words`, `deadline`, `daysoff`). */
  goals: { words?: unknown; deadline?: unknown; daysoff?: unknown } | null | undefined;
  /** The manuscript's words now (`stats.words`). */
  words: number;
  /** The manuscript's words per local day. */
  wordsPerDay: ReadonlyMap<number, number>;
  now: number;
  zone: Zone;
}

export interface GoalProgress {
  goal: number;
  words: number;
  /** 0–100. */
  percent: number;
  remaining: number;
  /** Today's target as the editor computes it; null without a deadline ahead. */
  daily: number | null;
  /** The mean words per day over the last `PACE_DAYS` days. */
  pace: number;
  /** The local day the goal is reached at that pace: today once met, null with no pace. */
  finish: number | null;
  /** The deadline's day, if it has one. */
  deadline: number | null;
}

/** A manuscript's progress against `goals.words`; null when it has no goal. */
export function goalProgress(input: GoalInput): GoalProgress | null {
  const goal = typeof input.goals?.words === 'number' ? input.goals.words : 0;
  if (!(goal > 0)) return null;
  const { zone, now } = input;
  const today = zone.dayOf(now);
  const words = clampWords(input.words);
  const todayWords = input.wordsPerDay.get(today) ?? 0;
  const offsetMin = Math.round(zone.offsetAt(now) / 60_000);
  const daily = dailyGoal({
    goalWords: goal,
    // Today's words taken off, so the target does not shrink while the writer writes.
    written: Math.max(0, words - todayWords),
    deadline: input.goals?.deadline,
    daysOff: input.goals?.daysoff,
    now,
    offsetMin,
  });
  let recent = 0;
  for (let day = today - PACE_DAYS + 1; day <= today; day += 1) {
    recent += input.wordsPerDay.get(day) ?? 0;
  }
  const pace = recent / PACE_DAYS;
  const remaining = Math.max(0, goal - words);
  let finish: number | null = null;
  if (remaining === 0) finish = today;
  else if (recent > 0) finish = today + Math.ceil((remaining * PACE_DAYS) / recent);
  return {
    goal,
    words,
    percent: Math.min(100, (words / goal) * 100),
    remaining,
    daily,
    pace,
    finish,
    deadline: deadlineDay(input.goals?.deadline, offsetMin),
  };
}

/** Daily counts as CSV: a header, then `date,words,total` with the running total. */
export function dailyCountsCsv(days: readonly DayPoint[]): string {
  const lines = ['date,words,total'];
  let total = 0;
  for (const day of days) {
    total += day.value;
    lines.push(`${day.date},${String(day.value)},${String(total)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The longest range the NaNoWriMo call answers: a whole leap year. */
export const MAX_RANGE_DAYS = 366;

/**
 * The local days of a `YYYY-MM-DD` range, both ends included; null when a date is missing or
 * malformed, the end comes before the start or the range is longer than `MAX_RANGE_DAYS`.
 */
export function dayRange(from: string, to: string): { from: number; to: number } | null {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (!iso.test(from) || !iso.test(to)) return null;
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null || end < start || end - start + 1 > MAX_RANGE_DAYS) {
    return null;
  }
  return { from: start, to: end };
}

/** November of the year `today` falls in (NaNoWriMo), as `YYYY-MM-DD` strings. */
export function novemberOf(today: number): { from: string; to: string } {
  const year = dayString(today).slice(0, 4);
  return { from: `${year}-11-01`, to: `${year}-11-30` };
}
