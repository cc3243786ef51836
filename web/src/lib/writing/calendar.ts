/**
 * Local days for the writing rules (sessions, goals), the same arithmetic as quire-core's
 * `manuscript::calendar`: an offset is minutes **east** of UTC (+60 for Madrid in winter), the
 * negation of JavaScript's `Date.prototype.getTimezoneOffset()`. No time-zone database: the
 * caller passes the offset in force.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The offset (minutes east of UTC) of a `getTimezoneOffset()` value (minutes west). */
export function eastOffset(timezoneOffset: number): number {
  return timezoneOffset === 0 ? 0 : -timezoneOffset;
}

/** The local day `ts` falls on, as days since 1970-01-01. */
export function localDay(ts: number, offsetMin: number): number {
  return Math.floor((ts + offsetMin * MINUTE_MS) / DAY_MS);
}

/** The instant a local day begins (its midnight). */
export function dayStart(day: number, offsetMin: number): number {
  return day * DAY_MS - offsetMin * MINUTE_MS;
}

/** `YYYY-MM-DD` of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The local date of `ts` as `YYYY-MM-DD`. */
export function localDateString(ts: number, offsetMin: number): string {
  return dayString(localDay(ts, offsetMin));
}

/** The day number of a `YYYY-MM-DD…` string (an ISO timestamp's date part), or null. */
export function parseDay(raw: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return ms / DAY_MS;
}

/** The weekday of a day number in `Date.getDay()` numbering (0 = Sunday … 6 = Saturday). */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday.
  return (((day + 4) % 7) + 7) % 7;
}

/** The start of the UTC hour `ts` falls in: a word count record's `date` (quire-core `hour_bucket`). */
export function hourBucket(ts: number): number {
  return Math.floor(ts / HOUR_MS) * HOUR_MS;
}
