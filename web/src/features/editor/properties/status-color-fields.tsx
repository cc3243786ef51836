import {
  ColorSwatch,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconCircleOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { cleanHexInput, COLOR_SWATCHES, cssColor, storedColor } from '../workspace/colors';
import { chapterStatuses, NO_STATUS_ID, NO_STATUS_LABEL_KEY } from '../workspace/statuses';
import type { ChapterRow, ManuscriptRow } from '../workspace/types';
import type { SaveChapter } from './use-chapter-draft';

interface FieldProps {
  manuscript: ManuscriptRow;
  chapter: ChapterRow;
  readOnly: boolean;
  save: SaveChapter;
}

/** The chapter's status (`settings.status_id`, -1 for none) from the manuscript's list. */
export function StatusField({ manuscript, chapter, readOnly, save }: FieldProps) {
  const { t } = useTranslation();
  const statuses = chapterStatuses(manuscript);
  const colors = new Map(statuses.map((status) => [String(status.id), status.color]));
  const data = [
    { value: String(NO_STATUS_ID), label: t(NO_STATUS_LABEL_KEY) },
    ...statuses.map((status) => ({
      value: String(status.id),
      label: status.labelKey ? t(status.labelKey) : (status.name ?? ''),
    })),
  ];
  const current = String(chapter.settings?.status_id ?? NO_STATUS_ID);
  const value = data.some((item) => item.value === current) ? current : String(NO_STATUS_ID);
  const dot = (id: string) => {
    const color = colors.get(id);
    return color ? <ColorSwatch color={color} size={12} /> : null;
  };

  return (
    <Select
      label={t('properties.status.label')}
      data={data}
      value={value}
      allowDeselect={false}
      readOnly={readOnly}
      leftSection={dot(value)}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          {dot(option.value)}
          <span>{option.label}</span>
        </Group>
      )}
      onChange={(next) => {
        if (next === null || next === value) return;
        save((c) => ({ settings: { ...c.settings, status_id: Number(next) } }));
      }}
    />
  );
}

/** The chapter's colour (`meta.color`): swatches, none, and a hex input (6 characters, no '#'). */
export function ColorField({ chapter, readOnly, save }: Omit<FieldProps, 'manuscript'>) {
  const { t } = useTranslation();
  const stored = storedColor(chapter.meta?.color);
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
    save((c) => ({ meta: { ...c.meta, color } }));
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
          if (color !== null && color !== stored) save((c) => ({ meta: { ...c.meta, color } }));
        }}
      />
    </Stack>
  );
}
