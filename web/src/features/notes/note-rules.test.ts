import { describe, expect, it } from 'vitest';

import {
  attachmentOf,
  copyTitle,
  dateGroupOf,
  firstNotes,
  groupNotes,
  htmlText,
  isBlankTitle,
  matchesSearch,
  notesLock,
  withAttachment,
} from './note-rules';
import type { NoteRow } from './note-rules';

const NEW_YORK = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

function note(id: string, fields: Partial<NoteRow> = {}): NoteRow {
  return { id, title: id, content: '', created_at: 0, updated_at: 0, ...fields };
}

describe('date groups in the writer’s time zone', () => {
  it('puts a note written ten minutes before midnight in Yesterday', () => {
    const now = at('2026-06-10T00:05:00-04:00');
    expect(dateGroupOf(at('2026-06-09T23:55:00-04:00'), now, NEW_YORK)).toBe('yesterday');
    expect(dateGroupOf(at('2026-06-10T00:01:00-04:00'), now, NEW_YORK)).toBe('today');
  });

  it('counts calendar days across the spring and autumn clock changes', () => {
    // 2026-03-08 has 23 hours in New York: 00:30 the day before is 23 hours earlier, yet
    // yesterday.
    const spring = at('2026-03-09T00:30:00-04:00');
    expect(dateGroupOf(at('2026-03-08T00:30:00-05:00'), spring, NEW_YORK)).toBe('yesterday');
    expect(dateGroupOf(at('2026-03-09T00:10:00-04:00'), spring, NEW_YORK)).toBe('today');
    // 2026-11-01 has 25 hours: 23:30 that day is 25 hours before 00:30 two days on.
    const autumn = at('2026-11-02T23:30:00-05:00');
    expect(dateGroupOf(at('2026-11-01T00:10:00-04:00'), autumn, NEW_YORK)).toBe('yesterday');
    expect(dateGroupOf(at('2026-10-31T23:50:00-04:00'), autumn, NEW_YORK)).toBe('previous_7_days');
  });

  it('draws the 7- and 30-day lines by days, and a time ahead of now is today', () => {
    const now = at('2026-06-30T12:00:00Z');
    const daysAgo = (n: number) => now - n * 86_400_000;
    expect(dateGroupOf(daysAgo(2), now, 'UTC')).toBe('previous_7_days');
    expect(dateGroupOf(daysAgo(7), now, 'UTC')).toBe('previous_7_days');
    expect(dateGroupOf(daysAgo(8), now, 'UTC')).toBe('previous_30_days');
    expect(dateGroupOf(daysAgo(30), now, 'UTC')).toBe('previous_30_days');
    expect(dateGroupOf(daysAgo(31), now, 'UTC')).toBe('older');
    expect(dateGroupOf(now + 3_600_000, now, 'UTC')).toBe('today');
  });

  it('groups one moment by the writer’s zone, not the browser’s', () => {
    const now = at('2026-06-10T10:00:00Z');
    const written = at('2026-06-09T20:00:00Z');
    // 13:00 on the 9th seen at 03:00 on the 10th in Los Angeles; 05:00 and 19:00 on the 10th
    // in Tokyo.
    expect(dateGroupOf(written, now, 'America/Los_Angeles')).toBe('yesterday');
    expect(dateGroupOf(written, now, 'Asia/Tokyo')).toBe('today');
  });
});

describe('the list: search, filter, sort and groups', () => {
  const now = at('2026-06-30T12:00:00Z');
  const day = 86_400_000;
  const notes = [
    note('a', { title: 'Beta', created_at: now - 40 * day, updated_at: now - 1000 }),
    note('b', {
      title: 'alpha',
      content: '<p>The <strong>café</strong> scene</p>',
      created_at: now - 2 * day,
      updated_at: now - 2 * day,
      settings: { chapter_id: 'Ch1' },
    }),
    note('c', {
      title: 'Gamma',
      created_at: now - 3000,
      updated_at: now - 1 * day,
      settings: { group_id: 'G1', chapter_id: null },
    }),
    note('d', { title: 'Delta', created_at: now, updated_at: now - 50 * day, settings: {} }),
  ];
  const query = { search: '', sort: 'edited' as const, filter: 'all' as const, now };

  it('sorts by date edited by default, grouped from Today to More than 30 Days Ago', () => {
    const groups = groupNotes(notes, { ...query, timeZone: 'UTC' });
    expect(groups.map((g) => [g.group, g.notes.map((n) => n.id)])).toEqual([
      ['today', ['a']],
      ['yesterday', ['c']],
      ['previous_7_days', ['b']],
      ['older', ['d']],
    ]);
  });

  it('groups and orders by creation for Date Created, and A to Z for Title', () => {
    const created = groupNotes(notes, { ...query, sort: 'created', timeZone: 'UTC' });
    expect(created.map((g) => [g.group, g.notes.map((n) => n.id)])).toEqual([
      ['today', ['d', 'c']],
      ['previous_7_days', ['b']],
      ['older', ['a']],
    ]);
    const byTitle = groupNotes(
      notes.map((n) => ({ ...n, updated_at: now })),
      { ...query, sort: 'title', timeZone: 'UTC' },
    );
    expect(byTitle[0]?.notes.map((n) => n.title)).toEqual(['alpha', 'Beta', 'Delta', 'Gamma']);
  });

  it('keeps the notes attached to a chapter, a folder or an outline', () => {
    const ids = (filter: 'chapter' | 'folder' | 'outline') =>
      groupNotes(notes, { ...query, filter, timeZone: 'UTC' }).flatMap((g) =>
        g.notes.map((n) => n.id),
      );
    expect(ids('chapter')).toEqual(['b']);
    expect(ids('folder')).toEqual(['c']);
    expect(ids('outline')).toEqual([]);
  });

  it('searches the title and the text, case and accents ignored, not the markup', () => {
    const cafe = note('b', { title: 'alpha', content: '<p>The <strong>café</strong> scene</p>' });
    expect(matchesSearch(cafe, 'CAFE')).toBe(true);
    expect(matchesSearch(cafe, 'Alph')).toBe(true);
    expect(matchesSearch(cafe, 'strong')).toBe(false);
    expect(matchesSearch(cafe, '   ')).toBe(true);
    expect(htmlText('<p>a &amp; b</p><p>c&nbsp;d</p>')).toBe('a & b c d');
  });

  it('matches within the title or within the text, never across the two', () => {
    const split = note('s', { title: 'Light', content: '<p>house keeper</p>' });
    expect(matchesSearch(split, 'light')).toBe(true);
    expect(matchesSearch(split, 'house keep')).toBe(true);
    expect(matchesSearch(split, 'lighthouse')).toBe(false);
    expect(matchesSearch(split, 'light house')).toBe(false);
  });

  it('keeps thousands of notes of one day in one group, in order', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      note(`n${String(i).padStart(4, '0')}`, { updated_at: now - i * 1000 }),
    );
    const groups = groupNotes(many, { ...query, timeZone: 'UTC' });
    expect(groups.map((g) => [g.group, g.notes.length])).toEqual([['today', 5000]]);
    expect(groups[0]?.notes.slice(0, 2).map((n) => n.id)).toEqual(['n0000', 'n0001']);
  });

  it('draws the first notes across the groups, leaving out the groups not reached', () => {
    const groups = groupNotes(notes, { ...query, timeZone: 'UTC' });
    const drawn = (count: number) =>
      firstNotes(groups, count).map((g) => [g.group, g.notes.length]);
    expect(drawn(1)).toEqual([['today', 1]]);
    expect(drawn(3)).toEqual([
      ['today', 1],
      ['yesterday', 1],
      ['previous_7_days', 1],
    ]);
    expect(drawn(40)).toEqual(groups.map((g) => [g.group, g.notes.length]));
    expect(drawn(0)).toEqual([]);
  });
});

describe('a note’s attachment, title and lock', () => {
  it('reads and writes the attachment in the settings, keeping the others', () => {
    expect(attachmentOf(note('x', { settings: { outline_id: 'O1' } }))).toEqual({
      kind: 'outline',
      id: 'O1',
    });
    expect(attachmentOf(note('x'))).toBeNull();
    expect(
      withAttachment({ color: 'red', chapter_id: 'C1' }, { kind: 'folder', id: 'G2' }),
    ).toEqual({ color: 'red', chapter_id: null, group_id: 'G2', outline_id: null });
  });

  it('calls a blank title blank and copies a title as Copy of', () => {
    expect(isBlankTitle('  ')).toBe(true);
    expect(isBlankTitle(null)).toBe(true);
    expect(isBlankTitle('Plot')).toBe(false);
    expect(copyTitle('Plot')).toBe('Copy of Plot');
    expect(copyTitle('x'.repeat(255))).toHaveLength(255);
  });

  it('locks the notes for a lapsed subscription, a disabled editor or another’s manuscript', () => {
    expect(notesLock({ canWriteBySubscription: true })).toBeNull();
    expect(notesLock({ canWriteBySubscription: undefined, owner: true })).toBeNull();
    expect(notesLock({ canWriteBySubscription: false, owner: false })).toBe('subscription');
    expect(notesLock({ canWriteBySubscription: true, editorEnabled: false })).toBe(
      'editor_disabled',
    );
    expect(notesLock({ canWriteBySubscription: true, owner: false })).toBe('not_owner');
  });
});
