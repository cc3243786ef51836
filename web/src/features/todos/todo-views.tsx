/**
 * The panel's two views of its tasks: a list, or a board with a column per status (Pending,
 * Done). A block moves between columns by dragging it with the mouse or, focused, with the left
 * and right arrow keys; each move is announced to screen readers.
 */
import { Box, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useGrowingList } from '@/lib/use-growing-list';

import { TASK_DRAG_TYPE, TaskBlock } from './task-block';
import { useTodoScreen } from './todo-context';
import { byStatus, STATUSES, statusOf } from './todo-rules';
import type { TodoRow, TodoStatus } from './todo-rules';

export function TodoEmpty() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="lg" data-testid="todos-empty">
      {t('todos.empty')}
    </Text>
  );
}

interface ViewProps {
  todos: readonly TodoRow[];
  /** The tab and filter shown: a new one draws its list from the first page again. */
  view: string;
}

export function TodoList({ todos, view }: ViewProps) {
  const { count, sentinel } = useGrowingList(todos.length, view);
  if (todos.length === 0) return <TodoEmpty />;
  return (
    <Stack gap="xs" data-testid="todo-list">
      {todos.slice(0, count).map((todo) => (
        <TaskBlock key={todo.id} todo={todo} />
      ))}
      {sentinel && <div ref={sentinel} aria-hidden />}
    </Stack>
  );
}

/** A board column's blocks, drawn a page at a time. */
function ColumnBlocks({
  todos,
  view,
  onMove,
  moveHintId,
}: ViewProps & { onMove: (todo: TodoRow, to: TodoStatus) => void; moveHintId: string }) {
  const { count, sentinel } = useGrowingList(todos.length, view);
  return (
    <Stack gap={6}>
      {todos.slice(0, count).map((todo) => (
        <TaskBlock key={todo.id} todo={todo} onMove={onMove} moveHintId={moveHintId} />
      ))}
      {sentinel && <div ref={sentinel} aria-hidden />}
    </Stack>
  );
}

export function TodoBoard({ todos, view }: ViewProps) {
  const { t } = useTranslation();
  const screen = useTodoScreen();
  const hintId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [over, setOver] = useState<TodoStatus | null>(null);
  const columns = useMemo(() => byStatus(todos), [todos]);

  const move = (todo: TodoRow, to: TodoStatus) => {
    if (statusOf(todo) === to) return;
    void screen.actions.toggleStatus(todo).then((moved) => {
      if (moved) {
        setAnnouncement(
          t('todos.board.moved', { title: todo.title ?? '', status: t(`todos.status.${to}`) }),
        );
      }
    });
  };
  const drop = (to: TodoStatus) => (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(null);
    const id =
      event.dataTransfer.getData(TASK_DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    const todo = todos.find((row) => row.id === id);
    if (todo) move(todo, to);
  };

  return (
    <Box aria-label={t('todos.board.label')} role="region">
      <VisuallyHidden id={hintId}>{t('todos.board.move_hint')}</VisuallyHidden>
      <VisuallyHidden role="status" aria-live="polite" data-testid="board-announcement">
        {announcement}
      </VisuallyHidden>
      <SimpleGrid cols={2} spacing="xs">
        {STATUSES.map((status) => (
          <Box
            key={status}
            data-testid={`board-column-${status}`}
            p={6}
            onDragOver={(event) => {
              if (!screen.canWrite) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(status);
            }}
            onDragLeave={() => {
              setOver(null);
            }}
            onDrop={drop(status)}
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              background:
                over === status
                  ? 'var(--mantine-primary-color-light)'
                  : 'var(--mantine-color-default-hover)',
              minHeight: 120,
            }}
          >
            <Title order={3} size="h6" mb={6}>
              {t('todos.board.column', {
                status: t(`todos.status.${status}`),
                count: columns[status].length,
              })}
            </Title>
            <ColumnBlocks todos={columns[status]} view={view} onMove={move} moveHintId={hintId} />
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
