/**
 * A task block: title, description (rich text, clamped to three lines), due date and the count
 * of notes, drawn in its priority's colour, with its item menu. On the board a block is also
 * dragged between columns with the mouse, or moved with the left and right arrow keys.
 */
import { Badge, Box, ColorSwatch, Group, Paper, Text, Typography } from '@mantine/core';
import { IconCalendarDue, IconNotes } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { shownRichText } from './rich-text';
import { TaskMenu } from './task-menu';
import { useTodoScreen } from './todo-context';
import { notesCount, PRIORITY_COLORS, priorityOf, statusOf } from './todo-rules';
import type { TodoRow, TodoStatus } from './todo-rules';

/** The drag's data type: the task's id. */
export const TASK_DRAG_TYPE = 'application/x-quire-task';

interface TaskBlockProps {
  todo: TodoRow;
  /** On the board: moves the task to the other column. */
  onMove?: (todo: TodoRow, to: TodoStatus) => void;
  /** The id of the text saying how to move a block with the keyboard. */
  moveHintId?: string;
}

export function TaskBlock({ todo, onMove, moveHintId }: TaskBlockProps) {
  const { t } = useTranslation();
  const screen = useTodoScreen();
  const priority = priorityOf(todo);
  const status = statusOf(todo);
  const due = screen.formatDue(todo.due_date);
  const notes = notesCount(todo);
  const description = useMemo(() => shownRichText(todo.description), [todo.description]);
  const color = priority ? PRIORITY_COLORS[priority] : 'var(--mantine-color-gray-5)';
  const movable = onMove !== undefined && screen.canWrite;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!movable || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowRight' && status === 'pending') {
      event.preventDefault();
      onMove(todo, 'done');
    } else if (event.key === 'ArrowLeft' && status === 'done') {
      event.preventDefault();
      onMove(todo, 'pending');
    }
  };
  const onDragStart = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData(TASK_DRAG_TYPE, todo.id);
    event.dataTransfer.setData('text/plain', todo.id);
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="task-block"
      data-task-id={todo.id}
      data-status={status}
      data-priority={priority ?? 'unknown'}
      style={{ borderLeft: `6px solid ${color}` }}
      {...(movable
        ? {
            tabIndex: 0,
            draggable: true,
            onDragStart,
            onKeyDown,
            role: 'group',
            'aria-label': todo.title ?? '',
            'aria-describedby': moveHintId,
          }
        : {})}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text
          fw={600}
          td={status === 'done' ? 'line-through' : undefined}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="task-title-text"
        >
          {todo.title}
        </Text>
        {screen.canWrite && <TaskMenu todo={todo} />}
      </Group>
      {description !== null && (
        <Typography>
          <Box
            fz="sm"
            style={{
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
            dangerouslySetInnerHTML={{ __html: description }}
          />
        </Typography>
      )}
      <Group gap="xs" mt={6}>
        <Badge
          variant="light"
          color="gray"
          leftSection={<IconCalendarDue size={12} />}
          data-testid="task-due"
        >
          {due ? t('todos.block.due', { date: due }) : t('todos.block.no_due')}
        </Badge>
        <Badge variant="light" color="gray" leftSection={<IconNotes size={12} />}>
          {t('todos.block.notes', { count: notes })}
        </Badge>
        <Badge
          variant="light"
          color="gray"
          leftSection={<ColorSwatch color={color} size={10} withShadow={false} />}
        >
          {t(`todos.priority.${priority ?? 'unknown'}`)}
        </Badge>
      </Group>
    </Paper>
  );
}
