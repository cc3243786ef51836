/**
 * Due dates and the writer's calendar: a due day is stored as a UTC ISO timestamp, and the
 * filters (Today, Tomorrow, This Week, This Month) compare calendar days in the writer's time
 * zone (`settings.timezone`, else the browser's), so midnight and summer time fall where the
 * writer lives.
 */

const DAY_MS = 86_400_000;

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

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone the writer's dates are read in: their setting when it is a zone, else the browser's. */
export function writerZone(setting: string | null | undefined): string {
  if (setting) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: setting });
      return setting;
    } catch {
      // An unknown zone name: the browser's zone instead.
    }
  }
  return browserZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of the instant `ms` in `zone`. */
function wallClock(ms: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The calendar day of the instant `ms` in `zone`. */
export function dayIn(ms: number, zone: string): CivilDay {
  const { year, month, day } = wallClock(ms, zone);
  return { year, month, day };
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

/** The offset of `zone` from UTC at the instant `ms`, in milliseconds. */
function zoneOffset(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant the wall clock in `zone` shows `hour`:00 on `day`. */
export function instantOf(day: CivilDay, hour: number, zone: string): number {
  const guess = Date.UTC(day.year, day.month - 1, day.day, hour);
  const first = guess - zoneOffset(guess, zone);
  // Near a change of offset the first guess used the other side's offset: correct once.
  return guess - zoneOffset(first, zone);
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
