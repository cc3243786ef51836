/**
 * The header's Global To-Do List (composed by `app/`): a button opening the modal with the
 * writer's own tasks, read live through the read port and written through the local writer.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';
import type { EntityWriter, ReadPort } from '@/storage';

import { writerZone } from './due-dates';
import { GlobalTodoModal } from './global-todo-modal';
import { TodoScreenProvider } from './todo-context';
import { useTodoActions } from './use-todo-actions';
import { useLiveTodos } from './use-todos';

function GlobalTodoList({ reads, onClose }: { reads: ReadPort; onClose: () => void }) {
  const todos = useLiveTodos(reads, null);
  return <GlobalTodoModal opened onClose={onClose} todos={todos} />;
}

export function GlobalTodoButton({ reads, writer }: { reads: ReadPort; writer: EntityWriter }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [opened, modal] = useDisclosure(false);
  const actions = useTodoActions(writer);
  const label = t('todos.open_global');
  return (
    <TodoScreenProvider actions={actions} zone={writerZone(user?.settings.timezone)} canWrite>
      <Tooltip label={label}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={label}
          onClick={modal.open}
          data-testid="global-todo-button"
        >
          <IconListCheck size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      {/* Read only while open: the list follows the writer's rows live then. */}
      {opened && <GlobalTodoList reads={reads} onClose={modal.close} />}
    </TodoScreenProvider>
  );
}
