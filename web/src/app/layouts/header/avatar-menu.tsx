import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import type { SessionUser } from '@/lib/session';

interface AvatarMenuProps {
  user: SessionUser;
  onLogout: () => void;
}

/** Profile menu on larger screens. */
export function AvatarMenu({ user, onLogout }: AvatarMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.profile')}>
          <Avatar name={user.name} color="initials" radius="xl" size={34} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.account('settings')}
          leftSection={<IconUserCircle size={16} stroke={1.6} />}
        >
          {t('header.settings_menu.account_settings')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={onLogout}
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
