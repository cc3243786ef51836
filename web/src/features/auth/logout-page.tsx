import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the logout route clears the session (then it goes to login). */
export function LogoutPage() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader type="dots" />
        <Text>{t('logout.logging_out')}</Text>
      </Stack>
    </Center>
  );
}
