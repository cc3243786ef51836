import { ColorInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import {
  isHexColor,
  normaliseHex,
  setThemeSelection,
  THEME_PRESETS,
  useThemeSelection,
} from '@/lib/theme';
import type { ThemeColors, ThemeId } from '@/lib/theme';

import { ThemeCard } from './theme-card';

const SWATCHES = THEME_PRESETS.flatMap((preset) => [preset.primaryColor, preset.secondaryColor]);

/** Theme cards (the four presets and a custom pair). Stored on this device for now. */
export function ColorOptionsSection() {
  const { t } = useTranslation();
  const selection = useThemeSelection();

  function handleSelect(themeId: ThemeId) {
    setThemeSelection({ ...selection, themeId });
  }

  function handleCustomChange(key: keyof ThemeColors, value: string) {
    if (!isHexColor(value)) return;
    setThemeSelection({
      themeId: 'custom',
      custom: { ...selection.custom, [key]: normaliseHex(value) },
    });
  }

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('account.color_options.description')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {THEME_PRESETS.map((preset) => (
          <ThemeCard
            key={preset.id}
            name={t(`theme.presets.${preset.id}`)}
            colors={preset}
            selected={selection.themeId === preset.id}
            onSelect={() => {
              handleSelect(preset.id);
            }}
          />
        ))}
        <ThemeCard
          name={t('theme.presets.custom')}
          colors={selection.custom}
          selected={selection.themeId === 'custom'}
          onSelect={() => {
            handleSelect('custom');
          }}
        />
      </SimpleGrid>
      {selection.themeId === 'custom' ? (
        <Group grow align="flex-start">
          <ColorInput
            label={t('account.color_options.primary')}
            format="hex"
            swatches={SWATCHES}
            defaultValue={selection.custom.primaryColor}
            onChangeEnd={(value) => {
              handleCustomChange('primaryColor', value);
            }}
          />
          <ColorInput
            label={t('account.color_options.secondary')}
            format="hex"
            swatches={SWATCHES}
            defaultValue={selection.custom.secondaryColor}
            onChangeEnd={(value) => {
              handleCustomChange('secondaryColor', value);
            }}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
