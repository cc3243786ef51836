import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { FullPageLoader } from '@/components/ui';
import { paths } from '@/lib/paths';
import { markOnce } from '@/lib/perf-marks';
import { useSession } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

import type { WorkspaceActions } from './workspace/types';
import { useWorkspace } from './workspace/use-workspace';
import { WorkspaceView } from './workspace-view';

export type { WorkspaceActions };

/** `manuscript/{id}`: the editor. */
export function ManuscriptPage({ actions }: { actions?: WorkspaceActions }) {
  const { id } = useParams();
  const { user } = useSession();
  useEffect(() => {
    markOnce('quire:route-mounted');
  }, []);
  if (!user || !id) return <FullPageLoader />;
  return (
    <ManuscriptWorkspace key={`${user.id}/${id}`} manuscriptId={id} user={user} actions={actions} />
  );
}

function ManuscriptWorkspace({
  manuscriptId,
  user,
  actions,
}: {
  manuscriptId: string;
  user: SessionUser;
  actions: WorkspaceActions | undefined;
}) {
  const { t } = useTranslation();
  const state = useWorkspace(manuscriptId, user);
  useEffect(() => {
    if (state.status === 'ready') markOnce('quire:workspace-loaded');
  }, [state.status]);
  const title = state.workspace?.manuscript.title;
  useDocumentTitle(
    t('app.document_title', {
      page: title !== undefined && title !== '' ? title : t('editor.title'),
    }),
  );

  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status === 'missing') {
    return (
      <Center mih="60dvh" px="md">
        <Stack align="center" ta="center" maw={480}>
          <Title order={1} size="h2">
            {t('workspace.missing.title')}
          </Title>
          <Text c="dimmed">{t('workspace.missing.description')}</Text>
          <Button component={Link} to={paths.manuscripts}>
            {t('workspace.missing.back')}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <WorkspaceView workspace={state.workspace} user={user} actions={actions} />;
}
