import { describe, expect, it } from 'vitest';

import type { LocalRecord } from '@/storage';

import { chapterStashes, deleteStep, newStash, stashPreview } from './stash-rules';

function row(id: string, fields: Record<string, unknown>): LocalRecord {
  return { id, updated_at: 1, kind: 'stashes', ...fields };
}

describe('a chapter’s stashes', () => {
  it('are the chapter’s own, newest first, the deleted ones included', () => {
    const rows = [
      row('old', { chapter_id: 'c1', created_at: 10 }),
      row('new', { chapter_id: 'c1', created_at: 30, deleted_at: 40 }),
      row('mid', { chapter_id: 'c1', created_at: 20 }),
      row('other', { chapter_id: 'c2', created_at: 50 }),
      row('note', { chapter_id: 'c1', created_at: 60, kind: 'notes' }),
    ];
    expect(chapterStashes(rows, 'c1').map((r) => r.id)).toEqual(['new', 'mid', 'old']);
  });

  it('fall back to the update time without a creation time, then to the id', () => {
    const rows = [
      row('b', { chapter_id: 'c1', updated_at: 5 }),
      row('a', { chapter_id: 'c1', updated_at: 5 }),
    ];
    expect(chapterStashes(rows, 'c1').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('are marked deleted by a first delete and removed by the second', () => {
    expect(deleteStep(row('s', { deleted_at: null }))).toBe('mark');
    expect(deleteStep(row('s', {}))).toBe('mark');
    expect(deleteStep(row('s', { deleted_at: 123 }))).toBe('remove');
  });

  it('hold the chapter, the manuscript and the HTML, enabled', () => {
    expect(newStash('m1', 'c1', '<p>x</p>')).toEqual({
      manuscript_id: 'm1',
      chapter_id: 'c1',
      content: '<p>x</p>',
      enabled: true,
    });
  });
});

describe('a stash’s preview', () => {
  it('is its text on one line: tags dropped, blocks and breaks as spaces, entities decoded', () => {
    expect(
      stashPreview(
        '<h2>Rain</h2><p>It <strong>fell</strong>&nbsp;&amp; fell<br>all&#39;s &#x263A; &lt;ok&gt;</p>',
      ),
    ).toBe("Rain It fell & fell all's ☺ <ok>");
  });

  it('leaves out a footnote body the stash carries, even one holding a ">"', () => {
    expect(
      stashPreview(
        '<p>Call<sup data-type="footnote" data-footnote-body="a > b, \'c\'"></sup> me</p>',
      ),
    ).toBe('Call me');
  });

  it('is cut short with an ellipsis', () => {
    expect(stashPreview(`<p>${'word '.repeat(10)}</p>`, 11)).toBe('word word…');
    expect(stashPreview('<p>short</p>', 12)).toBe('short');
  });

  it('is empty for a stash without text, and unknown entities stay as they are', () => {
    expect(stashPreview(null)).toBe('');
    expect(stashPreview('<p> </p>')).toBe('');
    expect(stashPreview('<p>&bogus;</p>')).toBe('&bogus;');
  });
});
