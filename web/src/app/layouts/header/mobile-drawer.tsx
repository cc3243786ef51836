import { Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { env } from '@/config/env';
import type { SessionUser } from '@/lib/session';

import type { HeaderCommand } from './header-commands';

interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  user: SessionUser;
  settings: HeaderCommand[];
  help: HeaderCommand[];
  onLogout: () => void;
}

function CommandLinks({ commands, onClose }: { commands: HeaderCommand[]; onClose: () => void }) {
  return commands.map((command) => {
    const icon = <command.icon size={18} stroke={1.6} />;
    if (command.to !== undefined) {
      return (
        <NavLink
          key={command.id}
          component={Link}
          to={command.to}
          label={command.label}
          leftSection={icon}
          onClick={onClose}
        />
      );
    }
    return (
      <NavLink
        key={command.id}
        component="button"
        label={command.label}
        leftSection={icon}
        onClick={() => {
          onClose();
          command.run?.();
        }}
      />
    );
  });
}

/** Phones: the right-hand slide-in menu with a back item and the app version line. */
export function MobileDrawer({
  opened,
  onClose,
  user,
  settings,
  help,
  onLogout,
}: MobileDrawerProps) {
  const { t } = useTranslation();
  return (
    // The compound form, so that the dialog itself (not a wrapper without a role) is labelled.
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(22rem, 88vw)"
      padding={0}
    >
      <Drawer.Overlay />
      <Drawer.Content aria-label={t('header.options')}>
        <Drawer.Body>
          <Stack gap={0} mih="100dvh">
            <NavLink
              component="button"
              label={t('header.back')}
              leftSection={<IconChevronLeft size={18} />}
              onClick={onClose}
              fw={600}
              py="md"
            />
            <Divider />
            <Stack gap={2} px="md" py="sm">
              <Text fw={600} truncate>
                {user.name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
            <Divider />
            <ScrollArea style={{ flex: 1 }}>
              <CommandLinks commands={settings} onClose={onClose} />
              <Divider my="xs" label={t('header.help')} labelPosition="left" px="md" />
              <CommandLinks commands={help} onClose={onClose} />
              <Divider my="xs" />
              <NavLink
                component="button"
                label={t('header.logout')}
                leftSection={<IconLogout size={18} stroke={1.6} />}
                c="red"
                onClick={() => {
                  onClose();
                  onLogout();
                }}
              />
            </ScrollArea>
            <Text size="xs" c="dimmed" ta="center" py="md">
              {t('app.version', { version: env.appVersion })}
            </Text>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
