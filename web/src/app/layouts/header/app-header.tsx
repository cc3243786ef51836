import { ActionIcon, Anchor, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDotsVertical } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ColorSchemeToggle, LanguagePicker, Logo } from '@/components/ui';
import { paths } from '@/lib/paths';
import type { SessionUser } from '@/lib/session';
import { syncEngineFor } from '@/sync';

import { AvatarMenu } from './avatar-menu';
import { CommunicationSettingsModal } from './communication-settings-modal';
import { useHelpCommands, useSettingsCommands } from './header-commands';
import { HelpMenu } from './help-menu';
import { LogoutConfirmModal } from './logout-confirm-modal';
import { MobileDrawer } from './mobile-drawer';
import { SettingsMenu } from './settings-menu';

/** The Global To-Do List and Quick Notes load after the shell: the first screen never waits. */
const GlobalTodoButton = lazy(() =>
  import('@/features/todos').then((m) => ({ default: m.GlobalTodoButton })),
);
const QuickNotesButton = lazy(() =>
  import('@/features/notes').then((m) => ({ default: m.QuickNotesButton })),
);

/** My Stats loads when first opened. */
const MyStatsModal = lazy(() =>
  import('@/features/my-stats').then((m) => ({ default: m.MyStatsModal })),
);

/** Header of the signed-in shell. */
export function AppHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [logoutOpened, logout] = useDisclosure(false);
  const [communicationOpened, communication] = useDisclosure(false);
  const [statsOpened, stats] = useDisclosure(false);
  const settings = useSettingsCommands({
    onOpenCommunicationSettings: communication.open,
    onOpenMyStats: stats.open,
  });
  const help = useHelpCommands();
  const engine = useMemo(() => syncEngineFor(user.id), [user.id]);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor
        component={Link}
        to={paths.manuscripts}
        underline="never"
        c="inherit"
        aria-label={t('header.manuscripts')}
      >
        <Logo />
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <Suspense fallback={null}>
          <GlobalTodoButton reads={engine.reads} writer={engine.writer} />
          <QuickNotesButton user={user} />
        </Suspense>
        <ColorSchemeToggle />
        <LanguagePicker compact />
        <Group gap="xs" wrap="nowrap" visibleFrom="sm">
          <HelpMenu commands={help} />
          <SettingsMenu commands={settings} />
          <AvatarMenu user={user} onLogout={logout.open} />
        </Group>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="sm"
          aria-label={t('header.options')}
          onClick={drawer.open}
        >
          <IconDotsVertical size={18} stroke={1.6} />
        </ActionIcon>
      </Group>
      <MobileDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        user={user}
        settings={settings}
        help={help}
        onLogout={logout.open}
      />
      <LogoutConfirmModal opened={logoutOpened} onClose={logout.close} />
      <CommunicationSettingsModal
        opened={communicationOpened}
        onClose={communication.close}
        user={user}
      />
      {statsOpened && (
        <Suspense fallback={null}>
          <MyStatsModal opened onClose={stats.close} user={user} />
        </Suspense>
      )}
    </Group>
  );
}
