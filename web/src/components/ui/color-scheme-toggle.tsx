import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Flips light and dark; Mantine stores the choice locally and sets `data-mantine-color-scheme`. */
export function useToggleColorScheme(): () => void {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return () => {
    setColorScheme(computed === 'dark' ? 'light' : 'dark');
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
