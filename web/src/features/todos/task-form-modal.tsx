/**
 * The task modal: 'Create New Task', 'Edit Task', or 'Task' (read only, with Edit while the task
 * is pending). Title (required, 255 characters), description (rich text), due date (a day in the
 * writer's zone, stored as UTC) and priority. A refused save keeps the modal and what was typed.
 */
import { Button, Group, Modal, Select, Stack, Text, TextInput, Typography } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE, TitleInput } from '@/components/ui';
import { RichTextField } from '@/components/ui/rich-text-field';

import { dueDateOf, dueDayText } from './due-dates';
import { safeRichText } from './rich-text';
import { isEditable, PRIORITIES, priorityOf, statusOf } from './todo-rules';
import type { Priority, TodoRow } from './todo-rules';
import type { TaskFields } from './use-todo-actions';

export type TaskFormMode = 'create' | 'edit' | 'view';

interface TaskFormModalProps {
  mode: TaskFormMode;
  /** The task shown or edited; none when creating. */
  todo: TodoRow | null;
  zone: string;
  onClose: () => void;
  /** Resolves to whether it was saved (the modal closes then). */
  onSubmit: (fields: TaskFields) => Promise<boolean>;
  /** From the read-only view to the form. */
  onEdit: () => void;
  formatDue: (dueDate: string | null | undefined) => string | null;
}

const TITLES = {
  create: 'todos.modal.create',
  edit: 'todos.modal.edit',
  view: 'todos.modal.view',
} as const satisfies Record<TaskFormMode, string>;

export function TaskFormModal(props: TaskFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(TITLES[props.mode])}
      size={DEFAULT_MODAL_SIZE}
      centered
    >
      {props.mode === 'view' && props.todo ? (
        <TaskView todo={props.todo} onEdit={props.onEdit} formatDue={props.formatDue} />
      ) : (
        <TaskForm {...props} />
      )}
    </Modal>
  );
}

function TaskView({
  todo,
  onEdit,
  formatDue,
}: {
  todo: TodoRow;
  onEdit: () => void;
  formatDue: TaskFormModalProps['formatDue'];
}) {
  const { t } = useTranslation();
  const priority = priorityOf(todo);
  const due = formatDue(todo.due_date);
  return (
    <Stack>
      <Text fw={600} size="lg">
        {todo.title}
      </Text>
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: safeRichText(todo.description) }} />
      </Typography>
      <Text size="sm">
        {t('todos.priority.label')}: {t(`todos.priority.${priority ?? 'unknown'}`)}
      </Text>
      <Text size="sm">{due ? t('todos.block.due', { date: due }) : t('todos.block.no_due')}</Text>
      <Text size="sm">{t(`todos.status.${statusOf(todo)}`)}</Text>
      {isEditable(statusOf(todo)) && (
        <Group justify="flex-end">
          <Button onClick={onEdit}>{t('todos.form.edit')}</Button>
        </Group>
      )}
    </Stack>
  );
}

function TaskForm({ mode, todo, zone, onClose, onSubmit }: TaskFormModalProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(todo?.title ?? '');
  const [description, setDescription] = useState(todo?.description ?? '');
  const [day, setDay] = useState(() => dueDayText(todo?.due_date, zone));
  const [priority, setPriority] = useState<Priority | null>(todo ? priorityOf(todo) : null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleError(t('todos.form.title_required'));
      return;
    }
    setBusy(true);
    const saved = await onSubmit({
      title: title.trim(),
      description,
      due_date: day === '' ? null : dueDateOf(day, zone),
      priority,
    });
    setBusy(false);
    if (saved) onClose();
  }

  const priorityOptions = [
    { value: 'none', label: t('todos.priority.none') },
    ...PRIORITIES.map((value) => ({ value, label: t(`todos.priority.${value}`) })),
  ];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TitleInput
          label={t('todos.form.title')}
          value={title}
          onChange={(value) => {
            setTitle(value);
            if (value.trim() !== '') setTitleError(null);
          }}
          error={titleError}
          required
          data-autofocus
          data-testid="task-title"
        />
        <RichTextField
          testId="task-description"
          label={t('todos.form.description')}
          value={description}
          onChange={setDescription}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={t('todos.form.due_date')}
            value={day}
            onChange={(event) => {
              setDay(event.currentTarget.value);
            }}
            data-testid="task-due-date"
          />
          <Select
            label={t('todos.priority.label')}
            data={priorityOptions}
            value={priority ?? 'none'}
            onChange={(value) => {
              setPriority(value === null || value === 'none' ? null : (value as Priority));
            }}
            allowDeselect={false}
            data-testid="task-priority"
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t(mode === 'create' ? 'todos.form.create' : 'todos.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
