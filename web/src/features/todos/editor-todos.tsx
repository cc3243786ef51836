/**
 * The editor header's to-dos (composed by `app/`): a button opening the to-do panel in a side
 * drawer (the Global To-Do List itself is in the app header). Reads are live through the read port; writes
 * go through the local writer.
 */
import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChecklist } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_SCREEN_QUERY } from '@/components/ui';
import { useSession } from '@/lib/session';
import type { EntityWriter, ReadPort } from '@/storage';

import { writerZone } from './due-dates';
import { TodoScreenProvider } from './todo-context';
import { TodoPanel } from './todo-panel';
import { useTodoActions } from './use-todo-actions';
import { useLiveTodos } from './use-todos';

/** What the panel needs of the editor's workspace. */
export interface TodoWorkspace {
  manuscript: { id: string };
  chapters: readonly { id: string }[];
  writer: EntityWriter;
  reads: ReadPort;
  canWrite: boolean;
}

export function EditorTodos({
  workspace,
  chapterId = null,
}: {
  workspace: TodoWorkspace;
  chapterId?: string | null;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const small = useMediaQuery(SMALL_SCREEN_QUERY, false);
  const [panelOpened, panel] = useDisclosure(false);
  const zone = writerZone(user?.settings.timezone);
  const actions = useTodoActions(workspace.writer);
  const own = useLiveTodos(workspace.reads, workspace.manuscript.id);
  const global = useLiveTodos(workspace.reads, null);
  const chapterIds = useMemo(
    () => new Set(workspace.chapters.map((chapter) => chapter.id)),
    [workspace.chapters],
  );
  const panelLabel = t('todos.open_panel');

  return (
    <TodoScreenProvider actions={actions} zone={zone} canWrite={workspace.canWrite}>
      <Tooltip label={panelLabel}>
        <ActionIcon
          variant="subtle"
          aria-label={panelLabel}
          onClick={panel.open}
          data-testid="todo-panel-button"
        >
          <IconChecklist size={18} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={panelOpened}
        onClose={panel.close}
        position="right"
        size={small ? '100%' : 460}
        title={t('todos.panel_title')}
        data-testid="todo-drawer"
      >
        <TodoPanel
          manuscriptId={workspace.manuscript.id}
          chapterId={chapterId}
          chapterIds={chapterIds}
          own={own}
          global={global}
        />
      </Drawer>
    </TodoScreenProvider>
  );
}
