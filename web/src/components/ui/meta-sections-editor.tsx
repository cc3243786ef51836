/**
 * Meta sections of a chapter or a story element: a title and a text each, renamed, reordered,
 * deleted (after a confirmation) and added to; typing is kept after a short pause and when the
 * field is left. Someone else's change shows unless this writer has unsaved typing there.
 */
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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { MetaSection } from '@/lib/meta-sections';
import {
  addSection,
  editSection,
  moveSection,
  removeSection,
  SECTION_TITLE_MAX,
  sortedSections,
} from '@/lib/meta-sections';

import { RichTextField } from './rich-text-field';
import { showSuccess } from './show-success';
import { TitleInput } from './title-input';

/** Typing is kept this long after the last key (and at once when the field is left). */
export const SECTION_SAVE_DELAY_MS = 600;

/** The translation keys under which a screen's section texts live. */
type SectionTexts = 'properties.sections' | 'elements.sections';

export interface MetaSectionsEditorProps {
  sections: readonly MetaSection[] | undefined;
  canWrite: boolean;
  /** Writes the sections: `change` applies to the list as stored when the write happens. */
  write: (change: (list: MetaSection[] | undefined) => MetaSection[]) => void;
  texts: SectionTexts;
  /** Section text as rich text (HTML) rather than plain text. */
  rich?: boolean;
  /** When given, a reader who may not write still sees delete, which this refuses. */
  refuseDelete?: () => void;
}

export function MetaSectionsEditor({
  sections: stored,
  canWrite,
  write,
  texts,
  rich = false,
  refuseDelete,
}: MetaSectionsEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const sections = sortedSections(stored);

  function handleDelete(section: MetaSection) {
    if (!canWrite) {
      refuseDelete?.();
      return;
    }
    modals.openConfirmModal({
      title: t(`${texts}.delete_title`),
      centered: true,
      children: <Text size="sm">{t(`${texts}.delete_confirm`)}</Text>,
      labels: { confirm: t(`${texts}.delete_submit`), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        write((list) => removeSection(list, section.id));
        showSuccess(t(`${texts}.deleted`));
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={5} id={headingId}>
          {t(`${texts}.label`)}
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
            {t(`${texts}.add`)}
          </Button>
        )}
      </Group>
      {sections.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${texts}.empty`)}
        </Text>
      )}
      {sections.map((section, index) => (
        <SectionItem
          key={section.id}
          section={section}
          first={index === 0}
          last={index === sections.length - 1}
          canWrite={canWrite}
          canDelete={canWrite || refuseDelete !== undefined}
          texts={texts}
          rich={rich}
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
  canDelete: boolean;
  texts: SectionTexts;
  rich: boolean;
  onEdit: (changes: Pick<MetaSection, 'title' | 'content'>) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

function SectionItem({
  section,
  first,
  last,
  canWrite,
  canDelete,
  texts,
  rich,
  onEdit,
  onMove,
  onDelete,
}: SectionItemProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ title: section.title, content: section.content });
  const [seen, setSeen] = useState(section);
  const saveDraft = useDebouncedCallback(onEdit, {
    delay: SECTION_SAVE_DELAY_MS,
    flushOnUnmount: true,
  });
  if (seen !== section) {
    setSeen(section);
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
  const label = section.title.trim() === '' ? t(`${texts}.untitled`) : section.title;
  const tool = (key: 'move_up' | 'move_down' | 'delete', run: () => void, disabled = false) => (
    <Tooltip label={t(`${texts}.${key}`)}>
      <ActionIcon
        variant="subtle"
        color={key === 'delete' ? 'red' : undefined}
        aria-label={`${t(`${texts}.${key}`)}: ${label}`}
        disabled={disabled}
        onClick={() => {
          flush();
          run();
        }}
      >
        {key === 'move_up' && <IconArrowUp size={16} aria-hidden />}
        {key === 'move_down' && <IconArrowDown size={16} aria-hidden />}
        {key === 'delete' && <IconTrash size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper withBorder p="xs" radius="sm" data-testid="meta-section">
      <Stack gap={6}>
        <TitleInput
          aria-label={t(`${texts}.title`)}
          placeholder={t(`${texts}.untitled`)}
          value={draft.title}
          maxLength={SECTION_TITLE_MAX}
          readOnly={!canWrite}
          onChange={(title) => {
            change({ title });
          }}
          onBlur={flush}
        />
        {rich ? (
          <RichTextField
            label={`${t(`${texts}.content`)}: ${label}`}
            value={draft.content}
            readOnly={!canWrite}
            onChange={(content) => {
              change({ content });
            }}
            onBlur={flush}
          />
        ) : (
          <Textarea
            aria-label={t(`${texts}.content`)}
            placeholder={t(`${texts}.content`)}
            autosize
            minRows={2}
            value={draft.content}
            readOnly={!canWrite}
            onChange={(event) => {
              change({ content: event.currentTarget.value });
            }}
            onBlur={flush}
          />
        )}
        <Group gap={4} justify="flex-end">
          {canWrite && tool('move_up', () => onMove(-1), first)}
          {canWrite && tool('move_down', () => onMove(1), last)}
          {canDelete && tool('delete', onDelete)}
        </Group>
      </Stack>
    </Paper>
  );
}
