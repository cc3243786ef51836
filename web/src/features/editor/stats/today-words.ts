/**
 * Today's words: the net words added today (local day) across the manuscript, never below 0.
 * The one rule the editor's header, the properties panel and any stats view show. Pure.
 */
import { localDateString } from '@/lib/writing/calendar';

import type { ChapterRow, ManuscriptRow } from '../workspace/types';
import { countsTowardManuscript } from './manuscript-words';

/** A chapter's goals: its word target, and the net words written in it today (below 0 when more were deleted). */
export interface ChapterGoals {
  words?: number;
  /**
   * The chapter's net change today: words typed minus words deleted, so it is below 0 on a day
   * that only deleted. Kept signed so that deleting in one chapter and writing in another adds
   * up; what is shown is never below 0.
   */
  today_words?: number;
  today_words_date?: string | null;
}

/** Today's goals of chapters not yet stored (the writing recorder's), by chapter id. */
export type LiveTodayWords = ReadonlyMap<string, ChapterGoals>;

/** The chapter's net words today: `today_words` when its date is today (local), else 0. */
export function chapterTodayNet(
  goals: ChapterGoals | undefined,
  now: number,
  offsetMin: number,
): number {
  if (goals?.today_words_date !== localDateString(now, offsetMin)) return 0;
  const words = goals.today_words ?? 0;
  return Number.isFinite(words) ? Math.round(words) : 0;
}

/** The chapter's today's goals after writing `delta` more at `now` (reset on a new local day). */
export function addTodayWords(
  goals: ChapterGoals | undefined,
  delta: number,
  now: number,
  offsetMin: number,
): { today_words: number; today_words_date: string } {
  return {
    today_words: chapterTodayNet(goals, now, offsetMin) + Math.round(delta),
    today_words_date: localDateString(now, offsetMin),
  };
}

export interface TodayInput {
  manuscript: ManuscriptRow;
  chapters: readonly ChapterRow[];
  now: number;
  offsetMin: number;
  /** Goals written on this device and not stored yet; they win over the rows'. */
  live?: LiveTodayWords;
}

/**
 * The manuscript's net change today, signed: the sum of its live chapters' nets, chapters left
 * out of the word count (`chapters_excluded_for_word_count`) skipped, as the manuscript's words.
 */
export function manuscriptTodayNet({
  manuscript,
  chapters,
  now,
  offsetMin,
  live,
}: TodayInput): number {
  let net = 0;
  for (const chapter of chapters) {
    if ((chapter.deleted_at ?? null) !== null) continue;
    if (!countsTowardManuscript(manuscript, chapter.id)) continue;
    if ((chapter.manuscript_id ?? null) !== null && chapter.manuscript_id !== manuscript.id)
      continue;
    net += chapterTodayNet(live?.get(chapter.id) ?? chapter.goals, now, offsetMin);
  }
  return net;
}

/** Today's words: the manuscript's net words added today, never below 0. */
export function manuscriptTodayWords(input: TodayInput): number {
  return Math.max(0, manuscriptTodayNet(input));
}
