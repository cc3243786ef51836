/**
 * The editor's to-do panel: tabs for the open chapter, all chapters, the manuscript and the
 * writer's global list; a list or board view; the filters (All, Date Added, Due Date, Priority)
 * in the writer's time zone; a new task takes the open tab's scope.
 */
import { Button, Group, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useTodoScreen } from './todo-context';
import {
  ALL,
  applyFilter,
  filterFromValue,
  filterValue,
  PANEL_TABS,
  scopeOfTab,
  todosOfTab,
} from './todo-rules';
import type { PanelTab, TodoFilter, TodoRow } from './todo-rules';
import { TodoBoard, TodoList } from './todo-views';

export interface TodoPanelProps {
  manuscriptId: string;
  /** The chapter open in the editor; none while the manuscript has no chapter. */
  chapterId: string | null;
  /** Live chapters of the manuscript (a chapter in the trash hides its tasks). */
  chapterIds: ReadonlySet<string>;
  /** The manuscript's to-dos and the writer's global ones, live (`null` while loading). */
  own: TodoRow[] | null;
  global: TodoRow[] | null;
  /** The time the due-date filters count from (tests give a fixed one). */
  now?: () => number;
}

export function TodoPanel({
  manuscriptId,
  chapterId,
  chapterIds,
  own,
  global,
  now = Date.now,
}: TodoPanelProps) {
  const { t } = useTranslation();
  const screen = useTodoScreen();
  const [tab, setTab] = useState<PanelTab>(chapterId ? 'chapter' : 'manuscript');
  const [view, setView] = useState<'list' | 'board'>('list');
  const [filter, setFilter] = useState<TodoFilter>(ALL);

  const shown = useMemo(
    () =>
      applyFilter(
        todosOfTab(tab, own ?? [], global ?? [], chapterId, chapterIds),
        filter,
        now(),
        screen.zone,
      ),
    [tab, own, global, chapterId, chapterIds, filter, now, screen.zone],
  );
  const filterData = [
    { value: 'all', label: t('todos.filter.all') },
    { value: 'date_added', label: t('todos.filter.date_added') },
    {
      group: t('todos.filter.due_group'),
      items: (['today', 'tomorrow', 'this_week', 'this_month'] as const).map((range) => ({
        value: `due:${range}`,
        label: t(`todos.filter.${range}`),
      })),
    },
    {
      group: t('todos.filter.priority_group'),
      items: (['high', 'medium', 'low'] as const).map((priority) => ({
        value: `priority:${priority}`,
        label: t(`todos.filter.${priority}`),
      })),
    },
  ];
  const shownView = `${tab}/${filterValue(filter)}`;
  const canCreate = screen.canWrite && !(tab === 'chapter' && chapterId === null);

  return (
    <Stack gap="sm" data-testid="todo-panel" data-tab={tab} data-filter={filterValue(filter)}>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value) setTab(value as PanelTab);
        }}
      >
        <Tabs.List aria-label={t('todos.tabs_label')}>
          {PANEL_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`todo-tab-${value}`}>
              {t(`todos.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('todos.view.label')}
          value={view}
          onChange={(value) => {
            setView(value);
          }}
          data={[
            { value: 'list', label: t('todos.view.list') },
            { value: 'board', label: t('todos.view.board') },
          ]}
        />
        <Select
          label={t('todos.filter.label')}
          data={filterData}
          value={filterValue(filter)}
          onChange={(value) => {
            setFilter(filterFromValue(typeof value === 'string' ? value : null));
          }}
          allowDeselect={false}
          w={170}
          data-testid="todo-filter"
        />
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              screen.create(scopeOfTab(tab, manuscriptId, chapterId));
            }}
            data-testid="todo-new-task"
          >
            {t('todos.new_task')}
          </Button>
        )}
      </Group>
      {!screen.canWrite && (
        <Text size="sm" c="dimmed">
          {t('todos.read_only')}
        </Text>
      )}
      {own === null || global === null ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : view === 'list' ? (
        <TodoList todos={shown} view={shownView} />
      ) : (
        <TodoBoard todos={shown} view={shownView} />
      )}
    </Stack>
  );
}
