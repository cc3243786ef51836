/**
 * Where Quick Notes open: an icon button in the app header (global notes first) and one in the
 * editor's header (the open manuscript's notes first). The modal's code loads on first open.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSession } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

import type { OpenedFromEditor } from './quick-notes-modal';

const QuickNotesModal = lazy(() =>
  import('./quick-notes-modal').then((m) => ({ default: m.QuickNotesModal })),
);

interface QuickNotesButtonProps {
  user: SessionUser;
  fromEditor?: OpenedFromEditor;
  variant?: 'default' | 'subtle';
  size?: 'md' | 'lg';
}

/** The icon button and, once opened, the modal. */
export function QuickNotesButton({
  user,
  fromEditor,
  variant = 'default',
  size = 'lg',
}: QuickNotesButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = t('quick_notes.open');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant={variant}
          size={size}
          aria-label={label}
          data-testid="quick-notes-button"
          onClick={() => {
            setLoaded(true);
            setOpened(true);
          }}
        >
          <IconNotes size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <QuickNotesModal
            opened={opened}
            onClose={() => {
              setOpened(false);
            }}
            user={user}
            fromEditor={fromEditor}
          />
        </Suspense>
      )}
    </>
  );
}

/** The editor's entry: what the editor's header `actions` are handed (its workspace). */
export interface NotesWorkspace {
  manuscript: { id: string };
  /** False when the editor does not let the writer change the manuscript. */
  canWrite: boolean;
}

export function EditorQuickNotes({ workspace }: { workspace: NotesWorkspace }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <QuickNotesButton
      user={user}
      variant="subtle"
      size="md"
      fromEditor={{ manuscriptId: workspace.manuscript.id, editorEnabled: workspace.canWrite }}
    />
  );
}
