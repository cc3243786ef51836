/**
 * A colour field for a chapter or a story element: swatches, none, and a hex input that keeps at
 * most 6 characters and strips '#'; stored as 6 upper-case hex digits without '#'.
 */
import { ColorSwatch, Group, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCircleOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { cleanHexInput, COLOR_SWATCHES, cssColor, storedColor } from '@/lib/colors';

export interface ColorChoiceProps {
  /** The stored colour (6 hex digits without '#'; a value with '#' is read too), or none. */
  value: unknown;
  readOnly?: boolean;
  /** A new colour in its stored form, or null for none; called only when it changes. */
  onChange: (color: string | null) => void;
}

/** A colour: swatches, none, and a hex input (6 characters, no '#'). */
export function ColorChoice({ value, readOnly = false, onChange }: ColorChoiceProps) {
  const { t } = useTranslation();
  const stored = storedColor(value);
  const [hex, setHex] = useState(stored ?? '');
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    // The writer's own typing stays as typed (case included) when it is what got stored.
    if (storedColor(hex) !== stored) setHex(stored ?? '');
  }

  function choose(color: string | null) {
    setHex(color ?? '');
    if (color === stored) return;
    onChange(color);
  }

  const swatch = (color: string | null) => {
    const selected = color === stored;
    const label =
      color === null
        ? t('properties.color.none')
        : t('properties.color.swatch', { color: `#${color}` });
    return (
      <Tooltip key={color ?? 'none'} label={label}>
        <UnstyledButton
          aria-label={label}
          aria-pressed={selected}
          disabled={readOnly}
          onClick={() => {
            choose(color);
          }}
        >
          {color === null ? (
            <IconCircleOff size={22} aria-hidden />
          ) : (
            <ColorSwatch color={`#${color}`} size={22}>
              {selected ? <IconCheck size={14} color="white" aria-hidden /> : null}
            </ColorSwatch>
          )}
        </UnstyledButton>
      </Tooltip>
    );
  };
  const css = cssColor(stored);

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('properties.color.label')}
      </Text>
      <Group gap={6}>
        {swatch(null)}
        {COLOR_SWATCHES.map((color) => swatch(color))}
      </Group>
      <TextInput
        label={t('properties.color.hex')}
        description={t('properties.color.hex_description')}
        value={hex}
        readOnly={readOnly}
        leftSection={<Text size="sm">#</Text>}
        rightSection={css ? <ColorSwatch color={css} size={16} /> : null}
        onChange={(event) => {
          const next = cleanHexInput(event.currentTarget.value);
          setHex(next);
          const color = storedColor(next);
          if (color !== null && color !== stored) onChange(color);
        }}
      />
    </Stack>
  );
}
