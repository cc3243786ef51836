import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { session, updateUser } from '@/lib/session';
import { darkModeFromColorScheme } from '@/lib/theme';

/**
 * Flips light and dark. Mantine stores the choice on this device; for a signed-in user it is
 * also saved in `settings.dark_mode`, which then drives the scheme on every device.
 */
export function useToggleColorScheme(): () => void {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return () => {
    const next = computed === 'dark' ? 'light' : 'dark';
    setColorScheme(next);
    if (session.getState().user) {
      updateUser({ settings: { dark_mode: darkModeFromColorScheme(next) } }, { optimistic: true })
        // Best effort: the device keeps the choice; the server copy catches up on the next save.
        .catch((error: unknown) => {
          console.warn('Could not save the colour scheme', error);
        });
    }
  };
}

export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const handleToggle = useToggleColorScheme();
  const label = computed === 'dark' ? t('theme.switch_to_light') : t('theme.switch_to_dark');
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={label}
        onClick={handleToggle}
        data-testid="color-scheme-toggle"
      >
        {computed === 'dark' ? (
          <IconSun size={18} stroke={1.6} />
        ) : (
          <IconMoon size={18} stroke={1.6} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
