/**
 * The to-do rules the screens follow: scopes and the panel's tabs, filters, the item menu
 * (what it offers by status), status and priority changes, the duplicate, and the priority
 * colours — the same rules the server keeps for to-dos.
 */
import type { LocalRow } from '@/storage';

import { dueInstant, isDueIn } from './due-dates';
import type { DueRange } from './due-dates';

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export type TodoStatus = 'pending' | 'done';
export const STATUSES: readonly TodoStatus[] = ['pending', 'done'];

/** A to-do as stored on this device. */
export type TodoRow = LocalRow & {
  manuscript_id?: string | null;
  chapter_id?: string | null;
  title?: string | null;
  /** Rich text (HTML). */
  description?: string | null;
  status?: TodoStatus | null;
  /** A UTC ISO timestamp. */
  due_date?: string | null;
  priority?: Priority | null;
  notes?: Record<string, unknown>[] | null;
  global?: boolean | null;
};

/** Titles are cut to this many characters, as every editable title is. */
export const TODO_TITLE_MAX = 255;
export const COPY_PREFIX = 'Copy of ';

/** The colour a task of each priority is drawn in. */
export const PRIORITY_COLORS: Record<Priority, string> = {
  high: '#FF7396',
  medium: '#FCC315',
  low: '#26C683',
};

/** The panel's tabs: the open chapter's, every chapter's, the manuscript's own, the writer's. */
export const PANEL_TABS = ['chapter', 'chapters', 'manuscript', 'user'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

/** A new to-do's status, and a stored one's (a missing status reads as pending). */
export function statusOf(todo: Pick<TodoRow, 'status'>): TodoStatus {
  return todo.status === 'done' ? 'done' : 'pending';
}

/** A known priority, or `null` (the global list shows it as unknown). */
export function priorityOf(todo: Pick<TodoRow, 'priority'>): Priority | null {
  const priority = todo.priority;
  return priority === 'high' || priority === 'medium' || priority === 'low' ? priority : null;
}

/** The status after the menu's toggle: 'Mark as Completed' when pending, 'Completed' reverts. */
export function toggledStatus(status: TodoStatus): TodoStatus {
  return status === 'pending' ? 'done' : 'pending';
}

/** Edit, Priority and Due Date are offered only while the to-do is pending. */
export function isEditable(status: TodoStatus): boolean {
  return status === 'pending';
}

export type MenuItem =
  'view' | 'edit' | 'duplicate' | 'priority' | 'due_date' | 'status' | 'delete';

/** The item menu of a to-do, in order. */
export function menuItems(status: TodoStatus): MenuItem[] {
  return isEditable(status)
    ? ['view', 'edit', 'duplicate', 'priority', 'due_date', 'status', 'delete']
    : ['view', 'duplicate', 'status', 'delete'];
}

/** Items after which the menu closes 1 second later (the others close it at once). */
export const DELAYED_CLOSE_ITEMS: readonly MenuItem[] = ['view', 'edit', 'delete'];
export const MENU_CLOSE_DELAY_MS = 1000;

/** A title with the duplicate's prefix, cut to the title limit. */
export function copyTitle(title: string): string {
  return Array.from(`${COPY_PREFIX}${title}`).slice(0, TODO_TITLE_MAX).join('').trimEnd();
}

/** The fields of a duplicate: the same to-do, pending, titled 'Copy of …'. */
export function duplicateFields(todo: TodoRow): Record<string, unknown> & {
  manuscript_id: string | null;
} {
  return {
    manuscript_id: todo.manuscript_id ?? null,
    chapter_id: todo.chapter_id ?? null,
    title: copyTitle(todo.title ?? ''),
    description: todo.description ?? null,
    status: 'pending',
    due_date: todo.due_date ?? null,
    priority: priorityOf(todo),
    notes: todo.notes ?? [],
    global: (todo.manuscript_id ?? null) === null,
    _order: Number(todo._order ?? 0) + 0.1,
  };
}

/** Whether a due date picked in the form differs from the stored one (only then it is saved). */
export function dueDateChanged(stored: string | null | undefined, next: string | null): boolean {
  const a = dueInstant(stored);
  const b = dueInstant(next);
  return a !== b;
}

/** Where a new to-do of a tab lives. `chapterId` is the open chapter (none: the manuscript). */
export function scopeOfTab(
  tab: PanelTab,
  manuscriptId: string,
  chapterId: string | null,
): { manuscript_id: string | null; chapter_id: string | null; global: boolean } {
  if (tab === 'user') return { manuscript_id: null, chapter_id: null, global: true };
  if (tab === 'manuscript') return { manuscript_id: manuscriptId, chapter_id: null, global: false };
  return { manuscript_id: manuscriptId, chapter_id: chapterId, global: false };
}

/** The to-dos a tab lists, of the manuscript's (`own`) and the writer's (`global`). */
export function todosOfTab(
  tab: PanelTab,
  own: readonly TodoRow[],
  global: readonly TodoRow[],
  chapterId: string | null,
  liveChapterIds: ReadonlySet<string>,
): TodoRow[] {
  switch (tab) {
    case 'chapter':
      return chapterId === null ? [] : own.filter((todo) => todo.chapter_id === chapterId);
    case 'chapters':
      return own.filter((todo) => liveChapterIds.has(todo.chapter_id ?? ''));
    case 'manuscript':
      return own.filter((todo) => (todo.chapter_id ?? null) === null);
    case 'user':
      return [...global];
  }
}

export type TodoFilter =
  | { by: 'all' }
  | { by: 'date_added' }
  | { by: 'due'; range: DueRange }
  | { by: 'priority'; priority: Priority };

export const ALL: TodoFilter = { by: 'all' };

/** A stable order: `_order`, then oldest first. */
function byOrder(a: TodoRow, b: TodoRow): number {
  return (
    Number(a._order ?? 0) - Number(b._order ?? 0) ||
    Number(a.created_at) - Number(b.created_at) ||
    (a.id < b.id ? -1 : 1)
  );
}

/** The to-dos in the list's order. */
export function inListOrder(todos: readonly TodoRow[]): TodoRow[] {
  return [...todos].sort(byOrder);
}

/**
 * The to-dos a filter keeps, in the order shown: All in the list's order; Date Added newest
 * first; a due range those due in it (in the writer's zone at `nowMs`), soonest first; a
 * priority those of it.
 */
export function applyFilter(
  todos: readonly TodoRow[],
  filter: TodoFilter,
  nowMs: number,
  zone: string,
): TodoRow[] {
  const sorted = [...todos].sort(byOrder);
  switch (filter.by) {
    case 'all':
      return sorted;
    case 'date_added':
      return sorted.sort((a, b) => Number(b.created_at) - Number(a.created_at));
    case 'due': {
      const due = (todo: TodoRow) => dueInstant(todo.due_date);
      return sorted
        .filter((todo) => {
          const ms = due(todo);
          return ms !== null && isDueIn(filter.range, ms, nowMs, zone);
        })
        .sort((a, b) => (due(a) ?? 0) - (due(b) ?? 0));
    }
    case 'priority':
      return sorted.filter((todo) => priorityOf(todo) === filter.priority);
  }
}

/** The filter a select value names (`all`, `date_added`, `due:today`, `priority:high` …). */
export function filterFromValue(value: string | null): TodoFilter {
  const [by, arg] = (value ?? 'all').split(':');
  if (by === 'date_added') return { by: 'date_added' };
  if (by === 'due' && ['today', 'tomorrow', 'this_week', 'this_month'].includes(arg ?? '')) {
    return { by: 'due', range: arg as DueRange };
  }
  if (by === 'priority' && PRIORITIES.includes(arg as Priority)) {
    return { by: 'priority', priority: arg as Priority };
  }
  return ALL;
}

export function filterValue(filter: TodoFilter): string {
  if (filter.by === 'due') return `due:${filter.range}`;
  if (filter.by === 'priority') return `priority:${filter.priority}`;
  return filter.by;
}

/** To-dos split by status, each in the order given. */
export function byStatus(todos: readonly TodoRow[]): Record<TodoStatus, TodoRow[]> {
  return {
    pending: todos.filter((todo) => statusOf(todo) === 'pending'),
    done: todos.filter((todo) => statusOf(todo) === 'done'),
  };
}

/** How many notes a to-do has. */
export function notesCount(todo: Pick<TodoRow, 'notes'>): number {
  return Array.isArray(todo.notes) ? todo.notes.length : 0;
}
