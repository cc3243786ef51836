import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';

/** Any unknown path: 'Oops. Nothing here...' and a 'Go Home' button to `/`. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.document_title', { page: t('not_found.title') }));
  return (
    // Shown outside every layout (unknown paths, errors), so it is its own main landmark.
    <Center component="main" mih="100dvh" px="md">
      <Stack align="center" gap="lg" ta="center" maw={520}>
        <Text
          component="p"
          aria-hidden="true"
          fw={800}
          fz={{ base: 96, sm: 140 }}
          lh={1}
          c="var(--mantine-primary-color-light-color)"
          m={0}
        >
          {t('not_found.code')}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t('not_found.title')}
        </Title>
        <Text c="dimmed">{t('not_found.description')}</Text>
        <Button component={Link} to={paths.splash} size="md" leftSection={<IconHome size={18} />}>
          {t('not_found.go_home')}
        </Button>
      </Stack>
    </Center>
  );
}
