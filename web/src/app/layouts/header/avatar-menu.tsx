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
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function firstLetters(word: string, count: number): string {
  return Array.from(graphemes.segment(word), (part) => part.segment)
    .slice(0, count)
    .join('');
}

/** Up to two initials of a name, as the avatar shows them. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters =
    words.length <= 1
      ? firstLetters(words[0] ?? '', 2)
      : words
          .slice(0, 2)
          .map((word) => firstLetters(word, 1))
          .join('');
  return letters.toUpperCase();
}

export function AvatarMenu({ user, onLogout }: AvatarMenuProps) {
  const { t } = useTranslation();
  // The button's name holds the initials it shows, so that speech users can say what they see.
  const shown = initials(user.name);
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.profile_of', { name: user.name, initials: shown })}>
          <Avatar name={user.name} color="initials" radius="xl" size={34}>
            {shown}
          </Avatar>
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
