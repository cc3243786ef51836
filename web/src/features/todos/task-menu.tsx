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
import type { ReactNode, Ref } from 'react';
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

/**
 * The menu's button; the popup (or sheet) behind it is first built when the button is first
 * used, so a list of blocks mounts buttons only.
 */
/**
 * On the menu's controls: Escape closes the menu only, not the panel or dialog around it (which
 * listens on the window and skips events from elements marked so).
 */
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': 'true' };

export function TaskMenu({ todo }: { todo: TodoRow }) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  if (used) return <OpenedTaskMenu todo={todo} />;
  return menuButton({
    label: t('todos.menu.label', { title: todo.title ?? '' }),
    opened: false,
    onClick: () => {
      setUsed(true);
    },
  });
}

/** The menu's button (an element, not a component: the popup's target takes its ref). */
function menuButton(props: {
  label: string;
  opened: boolean;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <ActionIcon
      ref={props.ref}
      variant="subtle"
      aria-label={props.label}
      aria-haspopup="dialog"
      aria-expanded={props.opened}
      data-testid="task-menu-button"
      onClick={props.onClick}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}

/**
 * The menu once used: it opens at once. Focus goes back to the button by hand: the button that
 * was clicked was replaced by this one, so the popup's own return would find nothing to go to.
 */
function OpenedTaskMenu({ todo }: { todo: TodoRow }) {
  const { t } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN_QUERY, false);
  const [opened, setOpened] = useState(true);
  // Between a View, Edit or Delete and the menu closing: the dialog it opened holds focus.
  const [closing, setClosing] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Closes the menu; focus returns to the button unless a dialog (View, Edit, Delete) took it. */
  const close = (returnFocus: boolean) => {
    setOpened(false);
    setClosing(false);
    if (returnFocus) button?.focus();
  };
  /** Closes the menu after `item`: at once, or 1 s later after View, Edit or Delete. */
  const closeAfter = (item: MenuItem) => {
    if (!DELAYED_CLOSE_ITEMS.includes(item)) {
      close(true);
      return;
    }
    setClosing(true);
    timer.current = setTimeout(() => {
      close(false);
    }, MENU_CLOSE_DELAY_MS);
  };

  const label = t('todos.menu.label', { title: todo.title ?? '' });
  const trigger = menuButton({
    ref: setButton,
    label,
    opened,
    onClick: () => {
      if (opened) close(true);
      else setOpened(true);
    },
  });
  const content = <TaskMenuItems todo={todo} onChosen={closeAfter} />;

  if (small) {
    return (
      <>
        {trigger}
        <Drawer
          opened={opened}
          onClose={() => {
            close(true);
          }}
          position="bottom"
          // As tall as its items, at most most of the screen.
          styles={{ content: { height: 'auto', maxHeight: '85dvh' } }}
          title={todo.title}
          data-testid="task-bottom-sheet"
          returnFocus={false}
        >
          {content}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={(next) => {
        if (next) setOpened(true);
        else close(true);
      }}
      position="bottom-end"
      withinPortal
      shadow="md"
      returnFocus={false}
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
      {...KEEP_ESCAPE}
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
                {...KEEP_ESCAPE}
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
            {...KEEP_ESCAPE}
          />
          <Button
            size="compact-sm"
            variant="light"
            mt={4}
            onClick={choose('due_date', () =>
              screen.actions.setDueDate(todo, day === '' ? null : dueDateOf(day, screen.zone)),
            )}
            data-testid="task-menu-due-save"
            {...KEEP_ESCAPE}
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
