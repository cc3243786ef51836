/**
 * Due dates and the writer's calendar: a due day is stored as a UTC ISO timestamp, and the
 * filters (Today, Tomorrow, This Week, This Month) compare calendar days in the writer's time
 * zone (`settings.timezone`, else the browser's), so midnight and summer time fall where the
 * writer lives.
 */
import { DAY_MS } from '@/lib/writing/calendar';
import { resolveTimeZone, zone } from '@/lib/writing/zone';

/** A calendar day: year, month 1–12, day 1–31. */
export interface CivilDay {
  year: number;
  month: number;
  day: number;
}

/** The due-date filters. */
export const DUE_RANGES = ['today', 'tomorrow', 'this_week', 'this_month'] as const;
export type DueRange = (typeof DUE_RANGES)[number];

/** A due day is kept at noon in the writer's zone, so it reads as the same day nearby. */
const DUE_HOUR = 12;

/** The zone the writer's dates are read in: their setting when it is a zone, else the browser's. */
export const writerZone = resolveTimeZone;

/** The calendar day of the instant `ms` in `timeZone`. */
export function dayIn(ms: number, timeZone: string): CivilDay {
  const date = new Date(zone(timeZone).dayOf(ms) * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Days since 1970-01-01 of a calendar day (calendar arithmetic, not 24-hour steps). */
export function dayNumber({ year, month, day }: CivilDay): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** `YYYY-MM-DD` of a calendar day (what a date field holds). */
export function dayText({ year, month, day }: CivilDay): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar day a `YYYY-MM-DD` text names, or `null` when it names none. */
export function parseDayText(text: string): CivilDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The instant the wall clock in `timeZone` shows `hour`:00 on `day`. */
export function instantOf(day: CivilDay, hour: number, timeZone: string): number {
  const local = zone(timeZone);
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour);
  const first = guess - local.offsetAt(guess);
  // Near a change of offset the first guess used the other side's offset: correct once.
  return guess - local.offsetAt(first);
}

/** The stored due date (UTC ISO) of a day the writer picked in their zone. */
export function dueDateOf(text: string, zone: string): string | null {
  const day = parseDayText(text);
  return day ? new Date(instantOf(day, DUE_HOUR, zone)).toISOString() : null;
}

/** The instant of a stored due date, or `null` when there is none or it is not a date. */
export function dueInstant(dueDate: unknown): number | null {
  if (typeof dueDate !== 'string' || dueDate === '') return null;
  const ms = Date.parse(dueDate);
  return Number.isNaN(ms) ? null : ms;
}

/** The day (`YYYY-MM-DD`) a stored due date falls on in `zone`, for the date field. */
export function dueDayText(dueDate: unknown, zone: string): string {
  const ms = dueInstant(dueDate);
  return ms === null ? '' : dayText(dayIn(ms, zone));
}

/** Weeks start on Monday; 1970-01-01 was a Thursday. */
function weekNumber(days: number): number {
  return Math.floor((days + 3) / 7);
}

/** Whether the instant `dueMs` falls in `range` of the writer's calendar at `nowMs`. */
export function isDueIn(range: DueRange, dueMs: number, nowMs: number, zone: string): boolean {
  const due = dayIn(dueMs, zone);
  const today = dayIn(nowMs, zone);
  const dueDays = dayNumber(due);
  const todayDays = dayNumber(today);
  switch (range) {
    case 'today':
      return dueDays === todayDays;
    case 'tomorrow':
      return dueDays === todayDays + 1;
    case 'this_week':
      return weekNumber(dueDays) === weekNumber(todayDays);
    case 'this_month':
      return due.year === today.year && due.month === today.month;
  }
}
