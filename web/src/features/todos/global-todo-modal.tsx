/**
 * The Global To-Do List: the writer's own tasks (outside any manuscript) in two tabs, Pending
 * and Done, each with its count; 'No tasks available' when a tab is empty; a block's menu
 * deletes through the Delete Task modal.
 */
import { Modal, Tabs } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DEFAULT_MODAL_SIZE } from '@/components/ui';

import { byStatus, inListOrder } from './todo-rules';
import type { TodoRow, TodoStatus } from './todo-rules';
import { TodoList } from './todo-views';

export function GlobalTodoModal({
  opened,
  onClose,
  todos,
}: {
  opened: boolean;
  onClose: () => void;
  todos: TodoRow[] | null;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TodoStatus>('pending');
  const columns = useMemo(() => byStatus(inListOrder(todos ?? [])), [todos]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('todos.global_title')}
      size={DEFAULT_MODAL_SIZE}
      data-testid="global-todo-modal"
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'pending' || value === 'done') setTab(value);
        }}
      >
        <Tabs.List mb="sm">
          {(['pending', 'done'] as const).map((status) => (
            <Tabs.Tab key={status} value={status} data-testid={`global-tab-${status}`}>
              {t('todos.count', {
                label: t(`todos.status.${status}`),
                count: columns[status].length,
              })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(['pending', 'done'] as const).map((status) => (
          <Tabs.Panel key={status} value={status}>
            <TodoList todos={columns[status]} view={status} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
