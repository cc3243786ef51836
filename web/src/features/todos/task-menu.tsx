/**
 * A task's item menu: a popup on wider screens, a bottom sheet on extra-small ones. View, Edit,
 * Duplicate, the status toggle ('Mark as Completed' / 'Completed'), Priority, Due Date and
 * Delete; Edit, Priority and Due Date only while pending. A priority saves at once and closes
 * the menu; the due date saves only when changed; after View, Edit or Delete the menu closes
 * 1 second later, the other items close it at once.
 */
import {
  ActionIcon,
  Box,
  Button,
  ColorSwatch,
  Divider,
  Drawer,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconEye,
  IconPencil,
  IconRotate,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_SCREEN_QUERY } from '@/components/ui';

import { dueDateOf, dueDayText } from './due-dates';
import { useTodoScreen } from './todo-context';
import {
  DELAYED_CLOSE_ITEMS,
  MENU_CLOSE_DELAY_MS,
  menuItems,
  PRIORITIES,
  PRIORITY_COLORS,
  priorityOf,
  statusOf,
} from './todo-rules';
import type { MenuItem, TodoRow } from './todo-rules';

export function TaskMenu({ todo }: { todo: TodoRow }) {
  const { t } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN_QUERY, false);
  const [opened, setOpened] = useState(false);
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Closes the menu after `item`: at once, or 1 s later after View, Edit or Delete. */
  const closeAfter = (item: MenuItem) => {
    if (!DELAYED_CLOSE_ITEMS.includes(item)) {
      setOpened(false);
      return;
    }
    setClosing(true);
    timer.current = setTimeout(() => {
      setOpened(false);
      setClosing(false);
    }, MENU_CLOSE_DELAY_MS);
  };

  const label = t('todos.menu.label', { title: todo.title ?? '' });
  const trigger = (
    <ActionIcon
      variant="subtle"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={opened}
      data-testid="task-menu-button"
      onClick={() => {
        setOpened((value) => !value);
      }}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  const content = <TaskMenuItems todo={todo} onChosen={closeAfter} />;

  if (small) {
    return (
      <>
        {trigger}
        <Drawer
          opened={opened}
          onClose={() => {
            setOpened(false);
          }}
          position="bottom"
          // As tall as its items, at most most of the screen.
          styles={{ content: { height: 'auto', maxHeight: '85dvh' } }}
          title={todo.title}
          data-testid="task-bottom-sheet"
          returnFocus={!closing}
        >
          {content}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withinPortal
      shadow="md"
      returnFocus={!closing}
      trapFocus={!closing}
    >
      <Popover.Target>{trigger}</Popover.Target>
      <Popover.Dropdown aria-label={label} data-testid="task-popup" p="xs" miw={240}>
        {content}
      </Popover.Dropdown>
    </Popover>
  );
}

function TaskMenuItems({ todo, onChosen }: { todo: TodoRow; onChosen: (item: MenuItem) => void }) {
  const { t } = useTranslation();
  const screen = useTodoScreen();
  const status = statusOf(todo);
  const items = new Set(menuItems(status));
  const [day, setDay] = useState(() => dueDayText(todo.due_date, screen.zone));

  const choose = (item: MenuItem, action: () => unknown) => () => {
    void action();
    onChosen(item);
  };
  const itemButton = (
    item: MenuItem,
    text: string,
    icon: ReactNode,
    action: () => unknown,
    color?: string,
  ) => (
    <Button
      key={item}
      variant="subtle"
      color={color}
      justify="flex-start"
      leftSection={icon}
      onClick={choose(item, action)}
      data-testid={`task-menu-${item}`}
      fullWidth
    >
      {text}
    </Button>
  );

  return (
    <Stack gap={2}>
      {itemButton('view', t('todos.menu.view'), <IconEye size={16} />, () => {
        screen.view(todo);
      })}
      {items.has('edit') &&
        itemButton('edit', t('todos.menu.edit'), <IconPencil size={16} />, () => {
          screen.edit(todo);
        })}
      {itemButton('duplicate', t('todos.menu.duplicate'), <IconCopy size={16} />, () =>
        screen.actions.duplicate(todo),
      )}
      {itemButton(
        'status',
        t(status === 'pending' ? 'todos.menu.mark_completed' : 'todos.menu.completed'),
        status === 'pending' ? <IconCheck size={16} /> : <IconRotate size={16} />,
        () => screen.actions.toggleStatus(todo),
      )}
      {items.has('priority') && (
        <Box px="xs" py={4}>
          <Text size="sm" fw={500} id={`priority-${todo.id}`}>
            {t('todos.menu.priority')}
          </Text>
          <Group gap={4} role="group" aria-labelledby={`priority-${todo.id}`} mt={4}>
            {PRIORITIES.map((priority) => (
              <Button
                key={priority}
                size="compact-sm"
                variant={priorityOf(todo) === priority ? 'light' : 'default'}
                aria-pressed={priorityOf(todo) === priority}
                leftSection={<ColorSwatch color={PRIORITY_COLORS[priority]} size={10} />}
                onClick={choose('priority', () => screen.actions.setPriority(todo, priority))}
                data-testid={`task-priority-${priority}`}
              >
                {t(`todos.priority.${priority}`)}
              </Button>
            ))}
          </Group>
        </Box>
      )}
      {items.has('due_date') && (
        <Box px="xs" py={4}>
          <TextInput
            type="date"
            size="xs"
            label={t('todos.menu.due_date')}
            value={day}
            onChange={(event) => {
              setDay(event.currentTarget.value);
            }}
            data-testid="task-menu-due-input"
          />
          <Button
            size="compact-sm"
            variant="light"
            mt={4}
            onClick={choose('due_date', () =>
              screen.actions.setDueDate(todo, day === '' ? null : dueDateOf(day, screen.zone)),
            )}
            data-testid="task-menu-due-save"
          >
            {t('todos.menu.due_save')}
          </Button>
        </Box>
      )}
      <Divider my={4} />
      {itemButton(
        'delete',
        t('todos.menu.delete'),
        <IconTrash size={16} />,
        () => {
          screen.remove(todo);
        },
        'red',
      )}
    </Stack>
  );
}
