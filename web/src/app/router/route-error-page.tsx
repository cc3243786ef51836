import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { NotFoundPage } from '@/features/misc/not-found-page';
import { paths } from '@/lib/paths';

import { ChunkLoadError } from './lazy-page';

/** Error boundary of the route tree: 404 answers show the 404 page, anything else a recovery page. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const description =
    error instanceof ChunkLoadError ? t('errors.chunk_load') : t('errors.page_description');

  function handleReload() {
    window.location.reload();
  }

  return (
    <Center component="main" mih="100dvh" px="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('errors.page_title')}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Group>
          <Button leftSection={<IconRefresh size={18} />} onClick={handleReload}>
            {t('errors.reload')}
          </Button>
          <Button component={Link} to={paths.splash} variant="default" reloadDocument>
            {t('not_found.go_home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
