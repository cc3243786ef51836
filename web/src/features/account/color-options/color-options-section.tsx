import { ColorInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { SessionUser } from '@/lib/session';
import {
  isHexColor,
  normaliseHex,
  THEME_PRESETS,
  themeIdToServer,
  useEffectiveThemeSelection,
} from '@/lib/theme';
import type { ThemeColors, ThemeId } from '@/lib/theme';

import { pushRecentColor } from './recent-colors';
import { ThemeCard } from './theme-card';
import { useColorSave } from './use-color-save';

const PRESET_SWATCHES = THEME_PRESETS.flatMap((preset) => [
  preset.primaryColor,
  preset.secondaryColor,
]);

/** Theme cards (the four presets and a custom pair), saved in the user's settings. */
export function ColorOptionsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const selection = useEffectiveThemeSelection();
  const saveColors = useColorSave();
  const recent = user.settings.recently_used_colors ?? [];
  const swatches = [...new Set([...recent, ...PRESET_SWATCHES])];

  function handleSelect(themeId: ThemeId) {
    if (themeId === selection.themeId) return;
    saveColors({ settings: { theme_id: themeIdToServer(themeId) } });
  }

  function handleCustomChange(key: keyof ThemeColors, value: string) {
    if (!isHexColor(value)) return;
    const color = normaliseHex(value);
    const custom = { ...selection.custom, [key]: color };
    saveColors({
      settings: {
        theme_id: themeIdToServer('custom'),
        custom_theme: {
          primary_color: custom.primaryColor,
          secondary_color: custom.secondaryColor,
        },
        recently_used_colors: pushRecentColor(recent, color),
      },
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
            swatches={swatches}
            defaultValue={selection.custom.primaryColor}
            onChangeEnd={(value) => {
              handleCustomChange('primaryColor', value);
            }}
          />
          <ColorInput
            label={t('account.color_options.secondary')}
            format="hex"
            swatches={swatches}
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
