import { describe, expect, it } from 'vitest';

import type { ChapterRow, ManuscriptRow } from '../workspace/types';
import { chapterWords, countsTowardManuscript, manuscriptWords } from './manuscript-words';

const BOOK = 'BookDune00000000000001';

function chapter(id: string, words?: number, changes: Partial<ChapterRow> = {}): ChapterRow {
  return {
    id,
    manuscript_id: BOOK,
    user_id: 'UserAnaWriter000000001',
    updated_at: 1,
    pending: 0,
    pending_ops: [],
    ...(words === undefined ? {} : { stats: { words } }),
    ...changes,
  };
}

function manuscript(excluded: string[] = []): ManuscriptRow {
  return {
    id: BOOK,
    user_id: 'UserAnaWriter000000001',
    updated_at: 1,
    pending: 0,
    pending_ops: [],
    settings: { chapters_excluded_for_word_count: excluded },
  };
}

describe('the manuscript’s word count', () => {
  const chapters = [
    chapter('ChapterOne', 100),
    chapter('ChapterTwo', 250),
    chapter('ChapterNotes', 900),
  ];

  it('sums its chapters’ stored words', () => {
    expect(manuscriptWords(manuscript(), chapters)).toBe(1250);
  });

  it('skips the chapters excluded from the word count', () => {
    expect(manuscriptWords(manuscript(['ChapterNotes']), chapters)).toBe(350);
    expect(countsTowardManuscript(manuscript(['ChapterNotes']), 'ChapterNotes')).toBe(false);
    expect(countsTowardManuscript(manuscript(['ChapterNotes']), 'ChapterOne')).toBe(true);
  });

  it('prefers a fresh count of a chapter open on this device', () => {
    const fresh = new Map([
      ['ChapterTwo', 260],
      ['ChapterNotes', 5],
    ]);
    expect(manuscriptWords(manuscript(['ChapterNotes']), chapters, fresh)).toBe(360);
  });

  it('counts an unknown chapter as 0 and skips chapters in the trash', () => {
    const rows = [
      ...chapters,
      chapter('ChapterNew'),
      chapter('ChapterGone', 70, { deleted_at: 5 }),
    ];
    expect(manuscriptWords(manuscript(), rows)).toBe(1250);
    expect(chapterWords(chapter('ChapterNew'))).toBe(0);
    expect(chapterWords(chapter('ChapterOdd', -3))).toBe(0);
  });
});
