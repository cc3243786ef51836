import { AppShell, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { env } from '@/config/env';

import { PublicHeader } from './header/public-header';
import { StoreAppBanner } from './store-app-banner';

/** Layout of the marketing pages. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <PublicHeader />
      </AppShell.Header>
      <AppShell.Main>
        <StoreAppBanner />
        <Outlet />
        <Text component="footer" ta="center" size="xs" c="dimmed" py="md">
          {t('app.version', { version: env.appVersion })}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
