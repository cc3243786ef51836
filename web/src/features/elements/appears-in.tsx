/**
 * An element page's "Appears in": the chapters whose text mentions the element, in the
 * binder's order, each with its count and first lines; a chapter opens in the editor, and the
 * binder can be filtered to them. Read from the manuscript's mention index on this device.
 */
import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconListTree } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { useLiveQuery } from '@/lib/use-live-query';
import type { LiveQuery } from '@/storage';
import type { MentionIndexState, MentionLine } from '@/text-editor';

/** A chapter as the binder lists it: its id and its name ('' when it has none). */
export interface ListedChapter {
  id: string;
  name: string;
}

/** What the page needs of the editor around it (composed by `app/`). */
export interface AppearsInSource {
  index: LiveQuery<MentionIndexState>;
  /** The manuscript's chapters in the binder's order. */
  chapters: readonly ListedChapter[];
}

interface AppearsInProps {
  elementId: string;
  source: AppearsInSource;
  openChapter: (chapterId: string, elementId: string) => void;
  showInBinder: (elementId: string) => void;
}

const TITLE_ID = 'element-appears-in';

export function AppearsIn({ elementId, source, openChapter, showInBinder }: AppearsInProps) {
  const { t } = useTranslation();
  const state = useLiveQuery(source.index);
  const found = source.chapters.flatMap((chapter) => {
    const mentions = state?.chapters.get(chapter.id)?.get(elementId);
    return mentions && mentions.count > 0 ? [{ chapter, mentions }] : [];
  });
  const loading = state === undefined || state.loading;

  return (
    <Stack component="section" gap="sm" aria-labelledby={TITLE_ID} data-testid="appears-in">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id={TITLE_ID}>
          {t('appears_in.title')}
        </Title>
        {found.length > 0 && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconListTree size={16} aria-hidden />}
            onClick={() => {
              showInBinder(elementId);
            }}
          >
            {t('appears_in.show_in_binder')}
          </Button>
        )}
      </Group>
      {loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('appears_in.reading')}
          </Text>
        </Group>
      )}
      {!loading && found.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('appears_in.none')}
        </Text>
      )}
      {found.length > 0 && (
        <Stack
          component="ul"
          gap="md"
          p={0}
          m={0}
          aria-labelledby={TITLE_ID}
          style={{ listStyle: 'none' }}
        >
          {found.map(({ chapter, mentions }) => {
            const name = chapter.name.trim() === '' ? t('binder.unnamed') : chapter.name;
            return (
              <Stack component="li" key={chapter.id} gap={4}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    ta="start"
                    onClick={() => {
                      openChapter(chapter.id, elementId);
                    }}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {name}
                  </Anchor>
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {t('appears_in.mentions', { count: mentions.count })}
                  </Badge>
                </Group>
                <Stack
                  component="ul"
                  gap={2}
                  p={0}
                  m={0}
                  aria-label={t('appears_in.chapter_lines', { name })}
                  style={{ listStyle: 'none' }}
                >
                  {mentions.lines.map((line, index) => (
                    <Text
                      component="li"
                      // A chapter's lines, in text order, are only ever replaced whole.
                      key={index}
                      size="sm"
                      c="dimmed"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <LineText line={line} />
                    </Text>
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** A line with its mention in bold. */
function LineText({ line }: { line: MentionLine }) {
  return (
    <>
      {line.text.slice(0, line.from)}
      <Text component="strong" inherit fw={700} c="var(--mantine-color-text)">
        {line.text.slice(line.from, line.to)}
      </Text>
      {line.text.slice(line.to)}
    </>
  );
}
