/**
 * A manuscript's goals as pure rules, shared by the editor's properties and My Stats: the weekdays
 * off, the writing days left and today's word target (quire-core `daily_goal`, goals.rs). Offsets
 * are minutes east of UTC (see `calendar.ts`). Nothing here reads a clock or a database.
 */
import { localDay, parseDay, weekdayOf } from './calendar';

/** Word counts never go below 0. */
export function clampWords(words: number): number {
  return Math.max(0, Math.round(words));
}

const WEEKDAY_NAMES = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/**
 * The weekdays off in a manuscript's `goals.daysoff`, in `Date.getDay()` numbering. Its shape is
 * not fixed: we read a list of weekday numbers (0 = Sunday … 6 = Saturday, the web client's form,
 * as quire-core `Weekday::from_js_day`) or of English weekday names (full or three letters, any
 * case); anything else is ignored.
 */
export function readDaysOff(daysoff: unknown): number[] {
  if (!Array.isArray(daysoff)) return [];
  const days = new Set<number>();
  for (const item of daysoff) {
    if (typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 6)
      days.add(item);
    if (typeof item === 'string') {
      const name = item.trim().toLowerCase();
      const index = WEEKDAY_NAMES.findIndex((day) => name.length >= 3 && day.startsWith(name));
      if (index >= 0) days.add(index);
    }
  }
  return [...days];
}

/** The deadline's local day: a `YYYY-MM-DD` (or ISO timestamp) string, or epoch ms. */
export function deadlineDay(deadline: unknown, offsetMin: number): number | null {
  if (typeof deadline === 'string') return parseDay(deadline);
  if (typeof deadline === 'number' && Number.isFinite(deadline))
    return localDay(deadline, offsetMin);
  return null;
}

export interface DailyGoalInput {
  /** The manuscript's `goals.words`. */
  goalWords: number | undefined;
  /** Words counting toward the goal before today (the count at the start of the day). */
  written: number;
  /** The manuscript's `goals.deadline`. */
  deadline: unknown;
  /** The manuscript's `goals.daysoff` (see `readDaysOff`). */
  daysOff: unknown;
  now: number;
  offsetMin: number;
}

/**
 * Today's word target (quire-core `daily_goal`): the words still to write divided by the
 * writing days left from today to the deadline (both included) minus the weekdays off, rounded
 * up; when every day left is a day off, the whole remainder. Null unless `goalWords` > 0 and the
 * deadline is today or later; no deadline, no daily goal. 0 once the goal is met.
 */
export function dailyGoal(input: DailyGoalInput): number | null {
  const goal = input.goalWords ?? 0;
  const today = localDay(input.now, input.offsetMin);
  const deadline = deadlineDay(input.deadline, input.offsetMin);
  if (!(goal > 0) || deadline === null || deadline < today) return null;
  const remaining = clampWords(goal - input.written);
  const days = Math.max(1, writingDays(today, deadline, readDaysOff(input.daysOff)));
  return Math.ceil(remaining / days);
}

/** Days from `from` to `to`, both included, that are not days off (whole weeks counted at once). */
export function writingDays(from: number, to: number, daysOff: readonly number[]): number {
  const off = new Set(daysOff);
  const total = to - from + 1;
  if (total <= 0) return 0;
  const weeks = Math.floor(total / 7);
  let days = weeks * (7 - off.size);
  for (let k = weeks * 7; k < total; k += 1) if (!off.has(weekdayOf(from + k))) days += 1;
  return days;
}
