/**
 * The binder's filter by story element: the element chosen (kept in the page's address, so the
 * element page can set it), the chapters whose text mentions it (the manuscript's mention
 * index), and the filter's controls with a spoken count.
 */
import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { listElements, type ElementSummary } from '@/lib/elements';
import { MENTIONS_OF_PARAM } from '@/lib/paths';
import { useLiveQuery } from '@/lib/use-live-query';
import { mapLive, type LiveQuery } from '@/storage';
import type { MentionIndexState } from '@/text-editor';

import type { Workspace } from '../workspace/types';

export interface MentionFilter {
  /** The element filtered by, or null. */
  elementId: string | null;
  setElementId(id: string | null): void;
  /** The manuscript's live elements, in the writer's order. */
  elements: ElementSummary[];
  /** The chapters mentioning it (null without a filter). */
  keep: ReadonlySet<string> | null;
  /** The index is still reading chapters. */
  loading: boolean;
}

const NO_INDEX: LiveQuery<MentionIndexState> | null = null;

export function useMentionFilter(
  workspace: Pick<Workspace, 'reads' | 'manuscript'>,
  mentions: LiveQuery<MentionIndexState> | null,
): MentionFilter {
  const [params, setParams] = useSearchParams();
  const { reads } = workspace;
  const manuscriptId = workspace.manuscript.id;
  const elementsQuery = useMemo(
    () => mapLive(reads.liveParts('elements', manuscriptId), listElements),
    [reads, manuscriptId],
  );
  const elements = useLiveQuery(elementsQuery) ?? [];
  const asked = params.get(MENTIONS_OF_PARAM);
  // An element gone (trash, another device) filters nothing.
  const elementId = asked !== null && elements.some((e) => e.id === asked) ? asked : null;
  const state = useLiveQuery(elementId && mentions ? mentions : NO_INDEX);

  const keep = useMemo(() => {
    if (!elementId) return null;
    const ids = new Set<string>();
    for (const [chapterId, summary] of state?.chapters ?? []) {
      if ((summary.get(elementId)?.count ?? 0) > 0) ids.add(chapterId);
    }
    return ids;
  }, [elementId, state]);

  const setElementId = useCallback(
    (id: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(MENTIONS_OF_PARAM);
        else next.set(MENTIONS_OF_PARAM, id);
        return next;
      });
    },
    [setParams],
  );

  return {
    elementId,
    setElementId,
    elements,
    keep,
    loading: elementId !== null && (state === undefined || state.loading),
  };
}

/** The select of elements, the way to clear it, and how many chapters are shown (spoken). */
export function MentionFilterControls({
  filter,
  count,
}: {
  filter: MentionFilter;
  /** Chapters shown under the filter. */
  count: number;
}) {
  const { t } = useTranslation();
  const { elements, elementId } = filter;
  if (elements.length === 0) return null;
  const data = elements.map((element) => ({
    value: element.id,
    label: element.name.trim() === '' ? t('elements.untitled') : element.name,
  }));
  return (
    <Stack gap={4}>
      <Select
        label={t('appears_in.filter_label')}
        placeholder={t('appears_in.filter_placeholder')}
        data={data}
        value={elementId}
        searchable
        size="xs"
        nothingFoundMessage={t('appears_in.filter_nothing')}
        onChange={(value) => {
          filter.setElementId(value);
        }}
        data-testid="binder-mention-filter"
      />
      {/* Spoken as it changes: the filter's result, or that it is still reading. */}
      <Group gap="xs" wrap="nowrap" justify="space-between" mih={elementId ? 26 : 0}>
        <Text
          size="xs"
          c="dimmed"
          role="status"
          aria-live="polite"
          data-testid="binder-mention-count"
        >
          {elementId === null
            ? ''
            : filter.loading
              ? t('appears_in.reading')
              : t('appears_in.filter_count', { count })}
        </Text>
        {elementId !== null && (
          <Group gap={4} wrap="nowrap">
            {filter.loading && <Loader size="xs" aria-hidden />}
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconX size={12} aria-hidden />}
              onClick={() => {
                filter.setElementId(null);
              }}
            >
              {t('appears_in.clear_filter')}
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
