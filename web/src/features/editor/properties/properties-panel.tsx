/**
 * The properties (right) sidebar of the editor: the active chapter's name and word count, its
 * status and colour, goals (with the manuscript's count, goal and daily goal), whether it
 * counts toward the manuscript's words, and its meta sections. A Viewer or Commenter
 * (`!workspace.canWrite`) sees everything read-only.
 */
import { Divider, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChapterRow, Workspace } from '../workspace/types';
import { GoalsSection, IncludeInWordCount } from './goals-section';
import type { TodayCount } from './goals-section';
import { SectionsEditor } from './sections-editor';
import { ColorField, StatusField } from './status-color-fields';
import { useChapterDraft } from './use-chapter-draft';

export interface PropertiesPanelProps {
  workspace: Workspace;
  /** The active chapter. */
  chapter: ChapterRow | null;
  /** Live count of the active chapter (null while unknown). */
  chapterWords: number | null;
  /** The manuscript's count (`manuscriptWords(...)` from stats). */
  manuscriptWords: number;
  /** Today's words (`manuscriptTodayWords`, as the header shows) and their signed net. */
  today: TodayCount;
}

/**
 * Memoised: the editor screen re-renders often (word counts), the panel only when what it is
 * handed changes. It scrolls in its column (or drawer) natively: Mantine's `ScrollArea`
 * measured its scrollbars on every render of the screen.
 */
export const PropertiesPanel = memo(function PropertiesPanel({
  workspace,
  chapter,
  chapterWords,
  manuscriptWords,
  today,
}: PropertiesPanelProps): JSX.Element {
  const { t } = useTranslation();
  const [draft, save] = useChapterDraft(workspace, chapter);
  const readOnly = !workspace.canWrite;

  if (!draft) {
    return (
      <Stack gap="sm" p="sm" aria-label={t('properties.title')} component="section">
        <Title order={2} size="h4">
          {t('properties.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('properties.no_chapter')}
        </Text>
      </Stack>
    );
  }

  const words = chapterWords ?? draft.stats?.words ?? null;
  const name = draft.name?.trim() ? draft.name : t('properties.untitled_chapter');

  return (
    <Stack gap="md" p="sm" aria-label={t('properties.title')} component="section">
      <Stack gap={2}>
        <Title order={2} size="h4">
          {name}
        </Title>
        <Text size="sm" c="dimmed" data-testid="chapter-words">
          {words === null
            ? t('properties.counting')
            : t('properties.chapter_words', { count: words })}
        </Text>
        {readOnly && (
          <Text size="xs" c="dimmed">
            {t('properties.read_only')}
          </Text>
        )}
      </Stack>
      <StatusField
        manuscript={workspace.manuscript}
        chapter={draft}
        readOnly={readOnly}
        save={save}
      />
      <ColorField key={`color-${draft.id}`} chapter={draft} readOnly={readOnly} save={save} />
      <Divider />
      <GoalsSection
        key={`goals-${draft.id}`}
        workspace={workspace}
        chapter={draft}
        chapterWords={words ?? 0}
        manuscriptWords={manuscriptWords}
        today={today}
        readOnly={readOnly}
        save={save}
      />
      <IncludeInWordCount workspace={workspace} chapter={draft} readOnly={readOnly} />
      <Divider />
      <SectionsEditor
        key={`sections-${draft.id}`}
        chapter={draft}
        canWrite={workspace.canWrite}
        save={save}
      />
    </Stack>
  );
});
