import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showError, showSuccess, TitleInput } from '@/components/ui';
import {
  addSection,
  editSection,
  moveSection,
  removeSection,
  SECTION_TITLE_MAX,
  sortedSections,
} from '@/lib/meta-sections';

import type { ChapterRow, MetaSection } from '../workspace/types';
import { EDIT_SAVE_DELAY_MS } from './use-chapter-draft';
import type { SaveChapter } from './use-chapter-draft';

interface SectionsEditorProps {
  chapter: ChapterRow;
  /** False for a Viewer or Commenter: everything read-only, deleting refused. */
  canWrite: boolean;
  save: SaveChapter;
}

/** The chapter's meta sections: add, edit, reorder and delete. */
export function SectionsEditor({ chapter, canWrite, save }: SectionsEditorProps) {
  const { t } = useTranslation();
  const sections = sortedSections(chapter.meta?.sections);
  const writeSections = (change: (list: MetaSection[] | undefined) => MetaSection[]) => {
    save((c) => ({ meta: { ...c.meta, sections: change(c.meta?.sections) } }));
  };

  function handleDelete(section: MetaSection) {
    if (!canWrite) {
      showError({ message: t('properties.sections.not_allowed') });
      return;
    }
    modals.openConfirmModal({
      title: t('properties.sections.delete_title'),
      centered: true,
      children: <Text size="sm">{t('properties.sections.delete_confirm')}</Text>,
      labels: { confirm: t('properties.sections.delete_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        writeSections((list) => removeSection(list, section.id));
        showSuccess(t('properties.sections.deleted'));
      },
    });
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{t('properties.sections.label')}</Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              writeSections((list) => addSection(list).sections);
            }}
          >
            {t('properties.sections.add')}
          </Button>
        )}
      </Group>
      {sections.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('properties.sections.empty')}
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
            writeSections((list) => editSection(list, section.id, changes));
          }}
          onMove={(by) => {
            writeSections((list) => moveSection(list, section.id, by));
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
  onEdit: (changes: Pick<MetaSection, 'title' | 'content'>) => void;
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
  const [draft, setDraft] = useState({ title: section.title, content: section.content });
  const [seen, setSeen] = useState(section);
  const saveDraft = useDebouncedCallback(onEdit, {
    delay: EDIT_SAVE_DELAY_MS,
    flushOnUnmount: true,
  });
  if (seen !== section) {
    setSeen(section);
    // Someone else's change shows unless this writer has unsaved typing here.
    if (!saveDraft.isPending()) setDraft({ title: section.title, content: section.content });
  }

  function change(next: Partial<typeof draft>) {
    const merged = { ...draft, ...next };
    setDraft(merged);
    saveDraft(merged);
  }

  const flush = () => {
    saveDraft.flush();
  };
  const label = section.title.trim() === '' ? t('properties.sections.untitled') : section.title;

  return (
    <Paper withBorder p="xs" radius="sm" data-testid="meta-section">
      <Stack gap={6}>
        <TitleInput
          aria-label={t('properties.sections.title')}
          placeholder={t('properties.sections.untitled')}
          value={draft.title}
          maxLength={SECTION_TITLE_MAX}
          readOnly={!canWrite}
          onChange={(title) => {
            change({ title });
          }}
          onBlur={flush}
        />
        <Textarea
          aria-label={t('properties.sections.content')}
          placeholder={t('properties.sections.content')}
          autosize
          minRows={2}
          value={draft.content}
          readOnly={!canWrite}
          onChange={(event) => {
            change({ content: event.currentTarget.value });
          }}
          onBlur={flush}
        />
        <Group gap={4} justify="flex-end">
          {canWrite && (
            <>
              <Tooltip label={t('properties.sections.move_up')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('properties.sections.move_up')}: ${label}`}
                  disabled={first}
                  onClick={() => {
                    flush();
                    onMove(-1);
                  }}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('properties.sections.move_down')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('properties.sections.move_down')}: ${label}`}
                  disabled={last}
                  onClick={() => {
                    flush();
                    onMove(1);
                  }}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label={t('properties.sections.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('properties.sections.delete')}: ${label}`}
              onClick={() => {
                flush();
                onDelete();
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}
