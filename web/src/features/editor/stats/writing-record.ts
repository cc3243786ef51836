/**
 * The writing rules (sessions and goals) as pure functions: which word count record (hourly bucket)
 * and which writing sessions some writing changes, and the manuscript's daily goal (today's words
 * are `today-words.ts`). Sessions mirror quire-core `record_writing`
 * (crates/quire-core/src/manuscript/sessions.rs) and the daily goal quire-core `daily_goal`
 * (goals.rs), so the client makes the rows the server's rules describe. Offsets are minutes east of
 * UTC (see `calendar.ts`). Nothing here reads a clock or a database.
 */
import { dayStart, HOUR_MS, hourBucket, localDay, parseDay, weekdayOf } from './calendar';

/** The longest pause that still continues a session (on the same local day). */
export const SESSION_GAP_MS = 3 * HOUR_MS;

/** A word count record: the net words written in one manuscript in one UTC hour. */
export interface WordCountRecord {
  id: string;
  manuscript_id: string;
  /** The hour's start, epoch ms (UTC). */
  date: number;
  words: number;
}

/** A writing session: epoch ms `start` and `end`, net `words`. */
export interface WritingSession {
  id: string;
  manuscript_id: string;
  start: number;
  end: number;
  words: number;
}

/** Word counts never go below 0. */
export function clampWords(words: number): number {
  return Math.max(0, Math.round(words));
}

export interface WritingInput {
  manuscriptId: string;
  /** The manuscript's live word count records and sessions (the writer's own). */
  records: readonly WordCountRecord[];
  sessions: readonly WritingSession[];
  /** Words written: a chapter's new count minus its previous one (negative when deleting). */
  delta: number;
  /** When the words were written (epoch ms). */
  now: number;
  /** The writer's offset, minutes east of UTC. */
  offsetMin: number;
  /** A fresh row id (22 random characters in the app). */
  newId: () => string;
}

/** The rows to write: the hour's record and the sessions created or changed (in order). */
export interface WritingRows {
  record: WordCountRecord | null;
  sessions: WritingSession[];
}

/** The rows `input.delta` words written at `input.now` change; a delta of 0 changes nothing. */
export function recordWriting(input: WritingInput): WritingRows {
  if (input.delta === 0) return { record: null, sessions: [] };
  return { record: hourRecord(input), sessions: sessionRows(input) };
}

/**
 * The hour's record: the existing record of the UTC hour `now` falls in (reused, so one record
 * per manuscript and hour, as ADR 0008 stores them) or a new one, holding the hour's net words,
 * never below 0.
 */
export function hourRecord(input: WritingInput): WordCountRecord {
  const date = hourBucket(input.now);
  const existing = input.records.find((r) => hourBucket(r.date) === date);
  return {
    id: existing?.id ?? input.newId(),
    manuscript_id: input.manuscriptId,
    date,
    words: clampWords((existing?.words ?? 0) + input.delta),
  };
}

/**
 * The sessions to write (quire-core `record_writing`): the latest session (the one that ended
 * last) continues when it ended at most 3 hours before `now` on the same local day — its `end`
 * moves to `now`, its words take the delta, never below 0. Within 3 hours but on an earlier
 * day, it closes at the end of its day (23:59:59.999 local) and a new session starts at today's
 * midnight. Otherwise a new session starts at `now`. A session ending after `now` (a clock
 * ahead) counts as ending now.
 */
export function sessionRows(input: WritingInput): WritingSession[] {
  const { delta, now, offsetMin, manuscriptId } = input;
  if (delta === 0) return [];
  const today = localDay(now, offsetMin);
  const start = (at: number): WritingSession => ({
    id: input.newId(),
    manuscript_id: manuscriptId,
    start: at,
    end: now,
    words: clampWords(delta),
  });
  let last: WritingSession | null = null;
  for (const session of input.sessions) if (!last || session.end > last.end) last = session;
  if (!last || now - last.end > SESSION_GAP_MS) return [start(now)];
  const lastDay = localDay(last.end, offsetMin);
  if (lastDay >= today) {
    return [{ ...last, end: Math.max(now, last.end), words: clampWords(last.words + delta) }];
  }
  const dayEnd = dayStart(lastDay + 1, offsetMin) - 1;
  return [{ ...last, end: dayEnd }, start(dayStart(today, offsetMin))];
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
function deadlineDay(deadline: unknown, offsetMin: number): number | null {
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
