import { describe, expect, it } from 'vitest';

import { DAY_MS, HOUR_MS } from '@/lib/writing/calendar';

import type { ChapterRow, ManuscriptRow } from '../workspace/types';
import {
  addTodayWords,
  chapterTodayNet,
  manuscriptTodayNet,
  manuscriptTodayWords,
} from './today-words';
import type { ChapterGoals } from './today-words';

const BOOK = 'BookDune00000000000001';
/** 2026-03-09T10:00:00Z. */
const TEN_AM = Date.UTC(2026, 2, 9, 10);
const MIDNIGHT = Date.UTC(2026, 2, 10);
const TODAY = '2026-03-09';

function manuscript(excluded: string[] = []): ManuscriptRow {
  return {
    id: BOOK,
    settings: { chapters_excluded_for_word_count: excluded },
  } as ManuscriptRow;
}

function chapter(id: string, goals?: ChapterGoals, extra: Partial<ChapterRow> = {}): ChapterRow {
  return { id, manuscript_id: BOOK, goals, ...extra } as ChapterRow;
}

describe('a chapter’s net words today', () => {
  it('counts only on the local day they were written', () => {
    const goals = { words: 1000, today_words: 120, today_words_date: TODAY };
    expect(chapterTodayNet(goals, TEN_AM, 0)).toBe(120);
    expect(chapterTodayNet(goals, TEN_AM + DAY_MS, 0)).toBe(0);
    // 01:00Z on the 10th is still the 9th in New York.
    expect(chapterTodayNet(goals, MIDNIGHT + HOUR_MS, -300)).toBe(120);
    expect(chapterTodayNet(undefined, TEN_AM, 0)).toBe(0);
  });

  it('adds signed words, and starts again on a new day', () => {
    const goals = { today_words: 120, today_words_date: TODAY };
    expect(addTodayWords(goals, 30, TEN_AM, 0)).toEqual({
      today_words: 150,
      today_words_date: TODAY,
    });
    expect(addTodayWords(goals, 30, TEN_AM + DAY_MS, 0)).toEqual({
      today_words: 30,
      today_words_date: '2026-03-10',
    });
    // Deleting more than was written today is a net loss, kept so the next words make up for it.
    expect(addTodayWords(goals, -132, TEN_AM, 0)).toEqual({
      today_words: -12,
      today_words_date: TODAY,
    });
  });

  it('is net: 12 words deleted, then 108 typed, is 96', () => {
    const deleted = addTodayWords(undefined, -12, TEN_AM, 0);
    const typed = addTodayWords(deleted, 108, TEN_AM + 1, 0);
    expect(chapterTodayNet(typed, TEN_AM + 2, 0)).toBe(96);
  });
});

describe('today’s words of a manuscript', () => {
  const now = TEN_AM;

  it('adds the chapters’ nets: words deleted in one chapter and written in another', () => {
    const chapters = [
      chapter('A', { today_words: -40, today_words_date: TODAY }),
      chapter('B', { today_words: 100, today_words_date: TODAY }),
      chapter('C', { today_words: 500, today_words_date: '2026-03-08' }),
    ];
    const input = { manuscript: manuscript(), chapters, now, offsetMin: 0 };
    expect(manuscriptTodayNet(input)).toBe(60);
    expect(manuscriptTodayWords(input)).toBe(60);
  });

  it('is never below 0, while the net that the daily goal takes off stays signed', () => {
    const chapters = [chapter('A', { today_words: -40, today_words_date: TODAY })];
    const input = { manuscript: manuscript(), chapters, now, offsetMin: 0 };
    expect(manuscriptTodayWords(input)).toBe(0);
    expect(manuscriptTodayNet(input)).toBe(-40);
  });

  it('skips chapters left out of the word count, in the trash or of another manuscript', () => {
    const today = { today_words: 10, today_words_date: TODAY };
    const chapters = [
      chapter('A', today),
      chapter('B', today),
      chapter('C', today, { deleted_at: 5 }),
      chapter('D', today, { manuscript_id: 'Another0000000000000001' }),
    ];
    expect(
      manuscriptTodayWords({ manuscript: manuscript(['B']), chapters, now, offsetMin: 0 }),
    ).toBe(10);
  });

  it('takes what this device wrote and has not stored yet over the stored rows', () => {
    const chapters = [
      chapter('A', { today_words: 10, today_words_date: TODAY }),
      chapter('B', { today_words: 5, today_words_date: TODAY }),
    ];
    const live = new Map([['A', { today_words: 35, today_words_date: TODAY }]]);
    expect(
      manuscriptTodayWords({ manuscript: manuscript(), chapters, now, offsetMin: 0, live }),
    ).toBe(40);
  });
});
