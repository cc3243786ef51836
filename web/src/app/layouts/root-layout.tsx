import { Progress } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { recordCommittedPath } from '@/app/guards';
import { UserSync } from '@/app/providers/user-sync';
import { ExpiredSessionModal } from '@/features/auth/expired-session-modal';

/** Scroll resets to the top on every navigation. */
function useScrollToTopOnNavigate(): void {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);
}

/** Lets guards know which screen the user is leaving. */
function useRecordCommittedPath(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    recordCommittedPath(pathname);
  }, [pathname]);
}

function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      aria-label={t('common.loading')}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}

export function RootLayout() {
  useScrollToTopOnNavigate();
  useRecordCommittedPath();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ExpiredSessionModal />
      <UserSync />
    </>
  );
}
