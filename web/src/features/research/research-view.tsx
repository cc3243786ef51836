/**
 * The research view of a manuscript: the board, or one research's page, over the rows live on
 * this device (the trash included), with the screens' shared context.
 */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useLiveQuery } from '@/lib/use-live-query';

import { ResearchBoard } from './research-board';
import { ResearchScreenProvider } from './research-context';
import type { ResearchScreen } from './research-context';
import { ResearchPage } from './research-page';
import { createResearchStore } from './research-store';
import type { ResearchWorkspace } from './research-store';

interface ResearchViewProps {
  workspace: ResearchWorkspace;
  /** The research whose page shows, or null for the board. */
  researchId: string | null;
  open: (researchId: string | null) => void;
}

export function ResearchView({ workspace, researchId, open }: ResearchViewProps) {
  const { t } = useTranslation();
  const { manuscript, writer, reads } = workspace;
  const manuscriptId = manuscript.id;
  // The workspace object is new after every write; the store lives as long as its rows' source.
  const store = useMemo(
    () => createResearchStore({ manuscriptId, writer, reads }),
    [manuscriptId, writer, reads],
  );
  const researches = useLiveQuery(store.live);
  const screen: ResearchScreen = useMemo(
    () => ({ manuscriptId, store, canWrite: workspace.canWrite, open }),
    [manuscriptId, store, workspace.canWrite, open],
  );

  if (researches === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const research =
    researchId === null
      ? null
      : (researches.find((row) => row.id === researchId && row.deleted_at === null) ?? null);

  return (
    <ResearchScreenProvider value={screen}>
      {researchId === null ? (
        <ResearchBoard researches={researches} />
      ) : research ? (
        <ResearchPage key={research.id} research={research} />
      ) : (
        <Stack align="flex-start" gap="sm">
          <Text role="alert">{t('research.not_found')}</Text>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => {
              open(null);
            }}
          >
            {t('research.back')}
          </Button>
        </Stack>
      )}
    </ResearchScreenProvider>
  );
}
