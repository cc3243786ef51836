import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ColorSchemeToggle, EntryActions, LanguagePicker, Logo } from '@/components/ui';
import { paths } from '@/lib/paths';

/** Header for visitors (marketing pages, shared items opened without an account). */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor
        component={Link}
        to={paths.splash}
        underline="never"
        c="inherit"
        aria-label={t('header.home')}
      >
        <Logo />
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <LanguagePicker compact />
        <ColorSchemeToggle />
        <EntryActions logInFrom="xs" short />
      </Group>
    </Group>
  );
}
