/**
 * The writing rules as pure functions: which word count record (hourly bucket) and which writing
 * sessions some writing changes (today's words are `today-words.ts`; the goals `lib/writing/goals.ts`).
 * Sessions mirror quire-core `record_writing` (crates/quire-core/src/manuscript/sessions.rs), so
 * the client makes the rows the server's rules describe. Offsets are minutes east of UTC (see
 * `lib/writing/calendar.ts`). Nothing here reads a clock or a database.
 */
import { dayStart, HOUR_MS, hourBucket, localDay } from '@/lib/writing/calendar';
import { clampWords } from '@/lib/writing/goals';

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

export { clampWords, dailyGoal, readDaysOff, writingDays } from '@/lib/writing/goals';
export type { DailyGoalInput } from '@/lib/writing/goals';

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
