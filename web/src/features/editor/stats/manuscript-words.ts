/**
 * The manuscript's word count (`stats.words`): the sum of its live chapters' words, skipping the
 * chapters its settings' `chapters_excluded_for_word_count` lists. Pure: the caller hands in the
 * rows and the fresh counts it has.
 */
import type { ChapterRow, ManuscriptRow } from '../workspace/types';

/** Fresh counts of chapters open on this device, by chapter id. */
export type FreshCounts = ReadonlyMap<string, number>;

/** Whether a chapter's words count toward the manuscript's word count. */
export function countsTowardManuscript(manuscript: ManuscriptRow, chapterId: string): boolean {
  return !(manuscript.settings?.chapters_excluded_for_word_count ?? []).includes(chapterId);
}

/** A chapter's words: its fresh count if it has one, else `stats.words`, else 0; never below 0. */
export function chapterWords(chapter: ChapterRow, fresh?: FreshCounts): number {
  const words = fresh?.get(chapter.id) ?? chapter.stats?.words ?? 0;
  return Number.isFinite(words) ? Math.max(0, words) : 0;
}

/** The sum of the live chapters' words, skipping `settings.chapters_excluded_for_word_count`. */
export function manuscriptWords(
  manuscript: ManuscriptRow,
  chapters: readonly ChapterRow[],
  fresh?: FreshCounts,
): number {
  const excluded = new Set(manuscript.settings?.chapters_excluded_for_word_count ?? []);
  let total = 0;
  for (const chapter of chapters) {
    if ((chapter.deleted_at ?? null) !== null || excluded.has(chapter.id)) continue;
    if ((chapter.manuscript_id ?? null) !== null && chapter.manuscript_id !== manuscript.id)
      continue;
    total += chapterWords(chapter, fresh);
  }
  return total;
}
