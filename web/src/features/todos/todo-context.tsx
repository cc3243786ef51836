/**
 * What every to-do screen shares: the writes, the writer's zone, due dates written in it, and
 * the dialogs (the task modal, the Delete Task modal) a block's menu opens.
 */
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DeleteTaskModal } from './delete-task-modal';
import { dueInstant } from './due-dates';
import { TaskFormModal } from './task-form-modal';
import type { TaskFormMode } from './task-form-modal';
import type { TodoRow } from './todo-rules';
import type { TaskFields, TodoActions } from './use-todo-actions';

type Scope = Parameters<TodoActions['create']>[0];

export interface TodoScreen {
  actions: TodoActions;
  zone: string;
  /** False for someone who may only read the manuscript: no menus, no new tasks. */
  canWrite: boolean;
  formatDue: (dueDate: string | null | undefined) => string | null;
  create: (scope: Scope) => void;
  view: (todo: TodoRow) => void;
  edit: (todo: TodoRow) => void;
  remove: (todo: TodoRow) => void;
}

const TodoScreenContext = createContext<TodoScreen | null>(null);

export function useTodoScreen(): TodoScreen {
  const screen = useContext(TodoScreenContext);
  if (!screen) throw new Error('useTodoScreen outside TodoScreenProvider');
  return screen;
}

type Dialog =
  | { kind: 'form'; mode: TaskFormMode; todo: TodoRow | null; scope: Scope | null }
  | { kind: 'delete'; todo: TodoRow };

export function TodoScreenProvider({
  actions,
  zone,
  canWrite,
  children,
}: {
  actions: TodoActions;
  zone: string;
  canWrite: boolean;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = useCallback(() => {
    setDialog(null);
  }, []);
  const formatter = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: zone }),
    [i18n.language, zone],
  );
  const screen = useMemo<TodoScreen>(
    () => ({
      actions,
      zone,
      canWrite,
      formatDue: (dueDate) => {
        const ms = dueInstant(dueDate);
        return ms === null ? null : formatter.format(ms);
      },
      create: (scope) => {
        setDialog({ kind: 'form', mode: 'create', todo: null, scope });
      },
      view: (todo) => {
        setDialog({ kind: 'form', mode: 'view', todo, scope: null });
      },
      edit: (todo) => {
        setDialog({ kind: 'form', mode: 'edit', todo, scope: null });
      },
      remove: (todo) => {
        setDialog({ kind: 'delete', todo });
      },
    }),
    [actions, zone, canWrite, formatter],
  );

  function submit(fields: TaskFields): Promise<boolean> {
    if (dialog?.kind !== 'form') return Promise.resolve(false);
    if (dialog.mode === 'create' && dialog.scope) return actions.create(dialog.scope, fields);
    if (dialog.todo) return actions.edit(dialog.todo, fields);
    return Promise.resolve(false);
  }

  return (
    <TodoScreenContext.Provider value={screen}>
      {children}
      {dialog?.kind === 'form' && (
        <TaskFormModal
          key={`${dialog.mode}:${dialog.todo?.id ?? 'new'}`}
          mode={dialog.mode}
          todo={dialog.todo}
          zone={zone}
          onClose={close}
          onSubmit={submit}
          onEdit={() => {
            setDialog({ ...dialog, mode: 'edit' });
          }}
          formatDue={screen.formatDue}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTaskModal onClose={close} onConfirm={() => actions.remove(dialog.todo)} />
      )}
    </TodoScreenContext.Provider>
  );
}
