/**
 * The elements view of a manuscript: the board, or one element's page, over the rows live on
 * this device (the trash included), with the screens' shared context.
 */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { readTags } from '@/lib/elements';
import { useLiveQuery } from '@/lib/use-live-query';

import type { AppearsInSource } from './appears-in';
import { readCustomTypes } from './element-kinds';
import type { ChapterTexts } from './element-mentions';
import { useElementMentions } from './element-mentions';
import { ElementPage } from './element-page';
import { ElementsBoard } from './elements-board';
import { ElementsScreenProvider } from './elements-context';
import type { ElementsScreen } from './elements-context';
import { createElementsStore } from './elements-store';
import type { ElementsWorkspace } from './elements-store';

interface ElementsViewProps {
  workspace: ElementsWorkspace;
  /** The element whose page shows, or null for the board. */
  elementId: string | null;
  open: (elementId: string | null) => void;
  /** The chapters' texts, where the elements' mentions are made and undone. */
  texts: ChapterTexts;
  appearsIn: AppearsInSource | null;
  openChapter: (chapterId: string, elementId: string) => void;
  showInBinder: (elementId: string) => void;
}

export function ElementsView({
  workspace,
  elementId,
  open,
  texts,
  appearsIn,
  openChapter,
  showInBinder,
}: ElementsViewProps) {
  const { t } = useTranslation();
  const { manuscript, writer, reads, saveManuscript } = workspace;
  const manuscriptId = manuscript.id;
  // The workspace object is new after every write; the store lives as long as its rows' source.
  const store = useMemo(
    () => createElementsStore({ manuscriptId, writer, reads }),
    [manuscriptId, writer, reads],
  );
  const elements = useLiveQuery(store.liveElements);
  const groups = useLiveQuery(store.liveGroups);
  const settings = manuscript.settings;
  const chapterRows = workspace.chapters;
  const chapterIds = useMemo(() => chapterRows.map((chapter) => chapter.id), [chapterRows]);
  const { mentions, dialog } = useElementMentions({ texts, chapterIds, settings, elements });
  const screen: ElementsScreen = useMemo(
    () => ({
      manuscriptId,
      store,
      canWrite: workspace.canWrite,
      customTypes: readCustomTypes(settings),
      knownTags: readTags(settings?.tags),
      saveCustomTypes: (types) =>
        saveManuscript({ settings: { elements_custom_others: [...types] } }),
      saveTags: (tags) => saveManuscript({ settings: { tags: [...tags] } }),
      open,
      mentions,
      appearsIn,
      openChapter,
      showInBinder,
    }),
    [
      manuscriptId,
      store,
      workspace.canWrite,
      settings,
      saveManuscript,
      open,
      mentions,
      appearsIn,
      openChapter,
      showInBinder,
    ],
  );

  if (elements === undefined || groups === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const element =
    elementId === null
      ? null
      : (elements.find((row) => row.id === elementId && row.deleted_at === null) ?? null);

  return (
    <ElementsScreenProvider value={screen}>
      {dialog}
      {elementId === null ? (
        <ElementsBoard elements={elements} groups={groups} />
      ) : element ? (
        <ElementPage key={element.id} element={element} groups={groups} />
      ) : (
        <Stack align="flex-start" gap="sm">
          <Text role="alert">{t('elements.not_found')}</Text>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => {
              open(null);
            }}
          >
            {t('elements.back')}
          </Button>
        </Stack>
      )}
    </ElementsScreenProvider>
  );
}
