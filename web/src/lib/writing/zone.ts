/**
 * Local days and hours in an IANA time zone (the writer's `settings.timezone`, else the
 * browser's), DST-correct through `Intl`. Days are numbered as days since 1970-01-01 of the local
 * calendar date, like `calendar.ts`, so its `dayString`, `parseDay` and `weekdayOf` apply.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS } from './calendar';

/** Offsets change on quarter-hour boundaries in every zone: one answer per quarter hour. */
const QUARTER_MS = 15 * MINUTE_MS;

export interface Zone {
  timeZone: string;
  /** Milliseconds to add to a UTC instant to read the local wall clock. */
  offsetAt(ts: number): number;
  /** The local day `ts` falls on. */
  dayOf(ts: number): number;
  /** The local hour of day (0–23) `ts` falls in. */
  hourOf(ts: number): number;
}

/** Whether `Intl` knows the zone name. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's zone name (UTC when it has none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The writer's zone: the setting when `Intl` knows it, else the browser's. */
export function resolveTimeZone(setting: string | null | undefined): string {
  return isTimeZone(setting) ? setting : browserTimeZone();
}

const zones = new Map<string, Zone>();

/** A zone's local days and hours (one per name, its offsets remembered); unknown reads as UTC. */
export function zone(timeZone: string): Zone {
  let known = zones.get(timeZone);
  if (!known) {
    known = makeZone(isTimeZone(timeZone) ? timeZone : 'UTC');
    zones.set(timeZone, known);
  }
  return known;
}

function makeZone(name: string): Zone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: name,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const exact = (minute: number): number => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(minute)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
    );
    return wall - minute;
  };
  // The offset at each UTC day's start and end; a day whose two agree has no change in it, and
  // only days with a change are read quarter by quarter.
  const byDay = new Map<number, number | null>();
  const byQuarter = new Map<number, number>();
  const offsetAt = (ts: number): number => {
    const utcDay = Math.floor(ts / DAY_MS);
    let steady = byDay.get(utcDay);
    if (steady === undefined) {
      const first = exact(utcDay * DAY_MS);
      steady = first === exact((utcDay + 1) * DAY_MS - MINUTE_MS) ? first : null;
      byDay.set(utcDay, steady);
    }
    if (steady !== null) return steady;
    const quarter = Math.floor(ts / QUARTER_MS);
    let offset = byQuarter.get(quarter);
    if (offset === undefined) {
      offset = exact(quarter * QUARTER_MS);
      byQuarter.set(quarter, offset);
    }
    return offset;
  };
  return {
    timeZone: name,
    offsetAt,
    dayOf: (ts) => Math.floor((ts + offsetAt(ts)) / DAY_MS),
    hourOf: (ts) => {
      const wall = ts + offsetAt(ts);
      return Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
    },
  };
}

/** An instant given as epoch ms or an ISO timestamp; null when it is neither. */
export function instant(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}
