import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';

import { useHeaderHidden } from '@/lib/chrome';
import { useSession } from '@/lib/session';

import { AppHeader } from './header/app-header';
import { PublicHeader } from './header/public-header';
import { StoreAppBanner } from './store-app-banner';

/** The main layout: the signed-in shell, or the visitor header on shared pages. */
export function MainLayout() {
  const { user } = useSession();
  const headerHidden = useHeaderHidden();
  return (
    <AppShell header={{ height: 60, collapsed: headerHidden }} padding={0}>
      <AppShell.Header>{user ? <AppHeader user={user} /> : <PublicHeader />}</AppShell.Header>
      <AppShell.Main>
        <StoreAppBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
