/**
 * An element's meta sections: a title and rich text each, renamed, reordered, deleted and added
 * to; typing is kept after a short pause (and when the field is left), local first.
 */
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, TitleInput } from '@/components/ui';
import { RichTextField } from '@/components/ui/rich-text-field';
import type { MetaSection } from '@/lib/meta-sections';
import {
  addSection,
  editSection,
  moveSection,
  removeSection,
  SECTION_TITLE_MAX,
} from '@/lib/meta-sections';

/** Typing is kept this long after the last key (and at once when the field is left). */
export const TYPING_SAVE_DELAY_MS = 600;

interface ElementSectionsProps {
  sections: MetaSection[];
  canWrite: boolean;
  /** Writes the element's sections: `change` is applied to the list as stored now. */
  write: (change: (list: MetaSection[]) => MetaSection[]) => void;
}

export function ElementSections({ sections, canWrite, write }: ElementSectionsProps) {
  const { t } = useTranslation();

  function handleDelete(section: MetaSection) {
    modals.openConfirmModal({
      title: t('elements.sections.delete_title'),
      centered: true,
      children: <Text size="sm">{t('elements.sections.delete_confirm')}</Text>,
      labels: { confirm: t('elements.sections.delete_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        write((list) => removeSection(list, section.id));
        showSuccess(t('elements.sections.deleted'));
      },
    });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="element-sections-title">
      <Group justify="space-between">
        <Title order={3} size="h5" id="element-sections-title">
          {t('elements.sections.label')}
        </Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => {
              write((list) => addSection(list).sections);
            }}
          >
            {t('elements.sections.add')}
          </Button>
        )}
      </Group>
      {sections.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('elements.sections.empty')}
        </Text>
      )}
      {sections.map((section, index) => (
        <SectionItem
          key={section.id}
          section={section}
          first={index === 0}
          last={index === sections.length - 1}
          canWrite={canWrite}
          onEdit={(changes) => {
            write((list) => editSection(list, section.id, changes));
          }}
          onMove={(by) => {
            write((list) => moveSection(list, section.id, by));
          }}
          onDelete={() => {
            handleDelete(section);
          }}
        />
      ))}
    </Stack>
  );
}

interface SectionItemProps {
  section: MetaSection;
  first: boolean;
  last: boolean;
  canWrite: boolean;
  onEdit: (changes: Partial<Pick<MetaSection, 'title' | 'content'>>) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

function SectionItem({
  section,
  first,
  last,
  canWrite,
  onEdit,
  onMove,
  onDelete,
}: SectionItemProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(section.title);
  const [seen, setSeen] = useState(section.title);
  const saveTitle = useDebouncedCallback(
    (next: string) => {
      onEdit({ title: next });
    },
    { delay: TYPING_SAVE_DELAY_MS, flushOnUnmount: true },
  );
  const saveContent = useDebouncedCallback(
    (content: string) => {
      onEdit({ content });
    },
    { delay: TYPING_SAVE_DELAY_MS, flushOnUnmount: true },
  );
  if (seen !== section.title) {
    setSeen(section.title);
    // Someone else's rename shows unless this writer has unsaved typing here.
    if (!saveTitle.isPending()) setTitle(section.title);
  }
  const label = section.title.trim() === '' ? t('elements.sections.untitled') : section.title;
  const flush = () => {
    saveTitle.flush();
    saveContent.flush();
  };

  return (
    <Paper withBorder p="xs" radius="sm" data-testid="element-section">
      <Stack gap={6}>
        <TitleInput
          aria-label={t('elements.sections.title')}
          placeholder={t('elements.sections.untitled')}
          value={title}
          maxLength={SECTION_TITLE_MAX}
          readOnly={!canWrite}
          onChange={(next) => {
            setTitle(next);
            saveTitle(next);
          }}
          onBlur={() => {
            saveTitle.flush();
          }}
        />
        <RichTextField
          label={`${t('elements.sections.content')}: ${label}`}
          value={section.content}
          readOnly={!canWrite}
          onChange={saveContent}
          onBlur={() => {
            saveContent.flush();
          }}
        />
        {canWrite && (
          <Group gap={4} justify="flex-end">
            <Tooltip label={t('elements.sections.move_up')}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('elements.sections.move_up')}: ${label}`}
                disabled={first}
                onClick={() => {
                  flush();
                  onMove(-1);
                }}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('elements.sections.move_down')}>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('elements.sections.move_down')}: ${label}`}
                disabled={last}
                onClick={() => {
                  flush();
                  onMove(1);
                }}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('elements.sections.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('elements.sections.delete')}: ${label}`}
                onClick={() => {
                  flush();
                  onDelete();
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
