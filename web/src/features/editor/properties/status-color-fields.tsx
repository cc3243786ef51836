import { ColorSwatch, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { ColorChoice } from '@/components/ui';

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
  return (
    <ColorChoice
      value={chapter.meta?.color}
      readOnly={readOnly}
      onChange={(color) => {
        save((c) => ({ meta: { ...c.meta, color } }));
      }}
    />
  );
}
