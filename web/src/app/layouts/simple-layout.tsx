import { Anchor, Box, Center, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

import { ColorSchemeToggle, LanguagePicker, Logo } from '@/components/ui';
import { env } from '@/config/env';
import { paths } from '@/lib/paths';

/** Layout of `/auth/*`, `/redir/*` and `auth_redir`: a centred card, language and theme at hand. */
export function SimpleLayout() {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      style={{ display: 'flex', flexDirection: 'column' }}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
    >
      <Group component="header" justify="space-between" px="md" py="sm">
        <Anchor
          component={Link}
          to={paths.splash}
          underline="never"
          c="inherit"
          aria-label={t('header.home')}
        >
          <Logo />
        </Anchor>
        <Group gap="xs">
          <LanguagePicker />
          <ColorSchemeToggle />
        </Group>
      </Group>
      <Center component="main" px="md" py="lg" style={{ flex: 1 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
          <Outlet />
        </Paper>
      </Center>
      <Text component="footer" ta="center" size="xs" c="dimmed" pb="md">
        {t('app.version', { version: env.appVersion })}
      </Text>
    </Box>
  );
}
