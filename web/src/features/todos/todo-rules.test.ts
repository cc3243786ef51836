import { describe, expect, it } from 'vitest';

import { dueDateOf } from './due-dates';
import {
  applyFilter,
  byStatus,
  copyTitle,
  dueDateChanged,
  duplicateFields,
  filterFromValue,
  filterValue,
  menuItems,
  notesCount,
  priorityOf,
  scopeOfTab,
  todosOfTab,
  toggledStatus,
} from './todo-rules';
import type { TodoRow } from './todo-rules';

const BOOK = 'BookDune00000000000001';
const MADRID = 'Europe/Madrid';

function todo(fields: Partial<TodoRow> & { id: string }): TodoRow {
  return {
    manuscript_id: BOOK,
    chapter_id: null,
    title: fields.id,
    status: 'pending',
    _order: 0,
    created_at: 1,
    updated_at: 1,
    deleted_at: null,
    synced_at: null,
    ...fields,
  } as TodoRow;
}

describe('the item menu and status changes', () => {
  it('offers Edit, Priority and Due Date only while pending', () => {
    expect(menuItems('pending')).toEqual([
      'view',
      'edit',
      'duplicate',
      'priority',
      'due_date',
      'status',
      'delete',
    ]);
    expect(menuItems('done')).toEqual(['view', 'duplicate', 'status', 'delete']);
  });

  it('toggles pending to done and done back to pending', () => {
    expect(toggledStatus('pending')).toBe('done');
    expect(toggledStatus('done')).toBe('pending');
  });

  it('saves a due date only when it changed', () => {
    const stored = dueDateOf('2026-11-27', MADRID);
    expect(dueDateChanged(stored, dueDateOf('2026-11-27', MADRID))).toBe(false);
    expect(dueDateChanged(stored, '2026-11-27T11:00:00Z')).toBe(false);
    expect(dueDateChanged(stored, dueDateOf('2026-11-28', MADRID))).toBe(true);
    expect(dueDateChanged(stored, null)).toBe(true);
    expect(dueDateChanged(null, null)).toBe(false);
  });
});

describe('a duplicate', () => {
  it('is the same to-do, pending, titled Copy of …', () => {
    const done = todo({
      id: 'Todo000000000000000001',
      title: 'Map the desert',
      status: 'done',
      priority: 'high',
      chapter_id: 'Chapter000000000000001',
      description: '<p>Dunes</p>',
      notes: [{ id: 'n1' }],
      due_date: '2026-11-27T11:00:00.000Z',
      _order: 2,
    });
    expect(duplicateFields(done)).toEqual({
      manuscript_id: BOOK,
      chapter_id: 'Chapter000000000000001',
      title: 'Copy of Map the desert',
      description: '<p>Dunes</p>',
      status: 'pending',
      due_date: '2026-11-27T11:00:00.000Z',
      priority: 'high',
      notes: [{ id: 'n1' }],
      global: false,
      _order: 2.1,
    });
    expect(duplicateFields(todo({ id: 'Todo2', manuscript_id: null })).global).toBe(true);
  });

  it('keeps the title within 255 characters', () => {
    expect(Array.from(copyTitle('ñ'.repeat(255)))).toHaveLength(255);
    expect(copyTitle('ñ'.repeat(255)).startsWith('Copy of ññ')).toBe(true);
  });
});

describe('tabs and filters', () => {
  const chapter = 'Chapter000000000000001';
  const other = 'Chapter000000000000002';
  const own = [
    todo({ id: 'A', chapter_id: chapter }),
    todo({ id: 'B', chapter_id: other }),
    todo({ id: 'C', chapter_id: 'ChapterInTheTrash00001' }),
    todo({ id: 'D' }),
  ];
  const global = [todo({ id: 'G', manuscript_id: null })];

  it('lists the open chapter’s, every live chapter’s, the manuscript’s own and the writer’s', () => {
    const live = new Set([chapter, other]);
    const ids = (rows: TodoRow[]) => rows.map((row) => row.id);
    expect(ids(todosOfTab('chapter', own, global, chapter, live))).toEqual(['A']);
    expect(ids(todosOfTab('chapter', own, global, null, live))).toEqual([]);
    expect(ids(todosOfTab('chapters', own, global, chapter, live))).toEqual(['A', 'B']);
    expect(ids(todosOfTab('manuscript', own, global, chapter, live))).toEqual(['D']);
    expect(ids(todosOfTab('user', own, global, chapter, live))).toEqual(['G']);
  });

  it('gives a new to-do the scope of its tab', () => {
    expect(scopeOfTab('chapter', BOOK, 'C1')).toEqual({
      manuscript_id: BOOK,
      chapter_id: 'C1',
      global: false,
    });
    expect(scopeOfTab('manuscript', BOOK, 'C1')).toEqual({
      manuscript_id: BOOK,
      chapter_id: null,
      global: false,
    });
    expect(scopeOfTab('user', BOOK, 'C1')).toEqual({
      manuscript_id: null,
      chapter_id: null,
      global: true,
    });
  });

  it('filters by date added, due range and priority', () => {
    const now = Date.parse('2026-11-27T09:00:00Z');
    const rows = [
      todo({ id: 'Old', created_at: 1, _order: 0, priority: 'low' }),
      todo({
        id: 'New',
        created_at: 3,
        _order: 1,
        priority: 'high',
        due_date: dueDateOf('2026-11-28', MADRID),
      }),
      todo({
        id: 'Mid',
        created_at: 2,
        _order: 2,
        priority: null,
        due_date: dueDateOf('2026-11-27', MADRID),
      }),
    ];
    const ids = (value: string) =>
      applyFilter(rows, filterFromValue(value), now, MADRID).map((row) => row.id);
    expect(ids('all')).toEqual(['Old', 'New', 'Mid']);
    expect(ids('date_added')).toEqual(['New', 'Mid', 'Old']);
    expect(ids('due:today')).toEqual(['Mid']);
    expect(ids('due:tomorrow')).toEqual(['New']);
    expect(ids('due:this_week')).toEqual(['Mid', 'New']);
    expect(ids('priority:high')).toEqual(['New']);
    expect(ids('priority:medium')).toEqual([]);
    expect(ids('nonsense')).toEqual(['Old', 'New', 'Mid']);
    expect(filterValue(filterFromValue('due:this_month'))).toBe('due:this_month');
    expect(priorityOf({ priority: null })).toBeNull();
    expect(priorityOf({ priority: 'urgent' as never })).toBeNull();
  });

  it('splits by status and counts notes', () => {
    const split = byStatus([todo({ id: 'P' }), todo({ id: 'Q', status: 'done' })]);
    expect(split.pending.map((row) => row.id)).toEqual(['P']);
    expect(split.done.map((row) => row.id)).toEqual(['Q']);
    expect(notesCount({ notes: [{}, {}] })).toBe(2);
    expect(notesCount({ notes: null })).toBe(0);
  });
});
