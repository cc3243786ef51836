/**
 * The to-do writes the screens make, each through the local writer (local first; the outbox
 * sends it) and each followed by its notice: create, edit, status, priority, due date (saved
 * only when it changed), duplicate and delete (into the trash).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { showError, showSuccess } from '@/components/ui';
import type { EntityWriter } from '@/storage';

import { dueDateChanged, duplicateFields, statusOf, toggledStatus } from './todo-rules';
import type { Priority, TodoRow } from './todo-rules';

/** What a task form gives. */
export interface TaskFields {
  title: string;
  description: string;
  /** UTC ISO, or `null` for none. */
  due_date: string | null;
  priority: Priority | null;
}

type NoticeKey = `todos.notices.${'status' | 'priority' | 'due_date' | 'duplicated' | 'deleted'}`;

export interface TodoActions {
  create(
    scope: { manuscript_id: string | null; chapter_id: string | null; global: boolean },
    fields: TaskFields,
  ): Promise<boolean>;
  edit(todo: TodoRow, fields: TaskFields): Promise<boolean>;
  toggleStatus(todo: TodoRow): Promise<boolean>;
  setPriority(todo: TodoRow, priority: Priority): Promise<boolean>;
  setDueDate(todo: TodoRow, dueDate: string | null): Promise<boolean>;
  duplicate(todo: TodoRow): Promise<boolean>;
  remove(todo: TodoRow): Promise<boolean>;
}

export function useTodoActions(writer: EntityWriter): TodoActions {
  const { t } = useTranslation();
  return useMemo(() => {
    /** Runs a write; a refusal shows the error and nothing is lost from the screen. */
    async function run(write: () => Promise<unknown>, notice?: NoticeKey): Promise<boolean> {
      try {
        await write();
      } catch (error) {
        showError({ code: errorCode(error) });
        return false;
      }
      if (notice) showSuccess(t(notice));
      return true;
    }
    const change = (todo: TodoRow, fields: Record<string, unknown>) =>
      writer.save('to_dos', { id: todo.id, manuscript_id: todo.manuscript_id ?? null, ...fields });

    return {
      create: (scope, fields) =>
        run(() => writer.save('to_dos', { ...scope, ...fields, status: 'pending', notes: [] })),
      edit: (todo, fields) => {
        const { due_date: dueDate, ...rest } = fields;
        const changes = dueDateChanged(todo.due_date, dueDate) ? fields : rest;
        return run(() => change(todo, changes));
      },
      toggleStatus: (todo) =>
        run(() => change(todo, { status: toggledStatus(statusOf(todo)) }), 'todos.notices.status'),
      setPriority: (todo, priority) =>
        run(() => change(todo, { priority }), 'todos.notices.priority'),
      setDueDate: (todo, dueDate) =>
        dueDateChanged(todo.due_date, dueDate)
          ? run(() => change(todo, { due_date: dueDate }), 'todos.notices.due_date')
          : Promise.resolve(false),
      duplicate: (todo) =>
        run(() => writer.save('to_dos', duplicateFields(todo)), 'todos.notices.duplicated'),
      remove: (todo) => run(() => writer.trash('to_dos', todo.id), 'todos.notices.deleted'),
    };
  }, [writer, t]);
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'failed';
}
