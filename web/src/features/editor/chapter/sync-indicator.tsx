/**
 * The editor's word on where the writing is: this chapter's status, and what else this device
 * has not yet got onto the server (other chapters, rows of the outbox). "Synced" is said only
 * when the server has acknowledged all of it; otherwise it says what waits, and a button beside
 * it lists which chapters and which changes.
 */
import { ActionIcon, Group, List, Popover, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import type { PendingRow, SyncSnapshot, SyncStatus } from '@/sync';
import type { ChapterHandle, ChapterStatus } from '@/sync/collab';

import { useSignedInEditorData } from '../workspace/editor-data';
import { SavingIndicator, useStatusAfterPaint } from './saving-indicator';

/** What the indicator says: a chapter status, or how many chapters / changes wait. */
export type IndicatorText = { key: ChapterStatus } | WaitingCount;

interface WaitingCount {
  key: 'waiting_chapters' | 'waiting_changes';
  count: number;
}

/**
 * The rule: the open chapter's own trouble (refused, saving) first; then "saved on this
 * device" while it or anything else waits (with counts when other chapters or changes wait);
 * "synced" only when nothing waits anywhere and the local store has been read.
 */
export function indicatorText(
  chapterId: string,
  status: ChapterStatus,
  sync: SyncSnapshot | null,
): IndicatorText {
  if (status === 'denied' || status === 'read-only' || status === 'saving' || !sync) {
    return { key: status };
  }
  const others = sync.chapters.filter((id) => id !== chapterId).length;
  if (others > 0) {
    return { key: 'waiting_chapters', count: others + (status === 'synced' ? 0 : 1) };
  }
  if (status === 'saved-locally' || !sync.known) return { key: 'saved-locally' };
  if (sync.rows.length > 0) return { key: 'waiting_changes', count: sync.rows.length };
  return { key: 'synced' };
}

/** The chapter's status with what else waits; `sync` is the device's sync status (if any). */
export function SyncIndicator(props: { handle: ChapterHandle; sync: SyncStatus | null }) {
  const { handle } = props;
  const { sync } = props;
  const status = useStatusAfterPaint(handle);
  const subscribe = useCallback(
    (notify: () => void) => sync?.subscribe(notify) ?? (() => undefined),
    [sync],
  );
  const snapshot = useSyncExternalStore(subscribe, () => sync?.getSnapshot() ?? null);
  const text = indicatorText(handle.chapterId, status, snapshot);
  if (!('count' in text)) {
    return (
      <Group gap={4} wrap="nowrap" data-chapter-id={handle.chapterId}>
        <SavingIndicator status={text.key} />
        {snapshot && text.key === 'saved-locally' && <WaitingDetails snapshot={snapshot} />}
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" data-chapter-id={handle.chapterId}>
      <WaitingText text={text} />
      {snapshot && <WaitingDetails snapshot={snapshot} />}
    </Group>
  );
}

function WaitingText({ text }: { text: WaitingCount }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" role="status" aria-live="polite" data-status="waiting">
      {t(`chapter_editor.sync.${text.key}`, { count: text.count })}
    </Text>
  );
}

interface Named {
  id: string;
  name: string | null;
}

/** The names of the waiting chapters, read from the local store. */
function useChapterNames(ids: readonly string[]): Named[] {
  const [names, setNames] = useState<Named[]>(() => ids.map((id) => ({ id, name: null })));
  const reads = useSignedInEditorData()?.reads ?? null;
  const key = ids.join(',');
  useEffect(() => {
    if (!reads) return;
    let active = true;
    const wanted = key === '' ? [] : key.split(',');
    void reads
      .parts('chapters', wanted)
      .then((rows) => {
        if (!active) return;
        setNames(
          wanted.map((id, i) => {
            const name = rows[i]?.name;
            return { id, name: typeof name === 'string' && name !== '' ? name : null };
          }),
        );
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [reads, key]);
  return names;
}

function RowLabel({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  const kind = t(`chapter_editor.sync.kinds.${row.kind ?? 'unknown'}`);
  return <>{row.name ? `${kind}: ${row.name}` : kind}</>;
}

/** A button that lists what waits: the chapters (by name) and the other changes (by kind). */
function WaitingDetails({ snapshot }: { snapshot: SyncSnapshot }) {
  const { t } = useTranslation();
  const chapters = useChapterNames(snapshot.chapters);
  const refused = new Set(snapshot.refused);
  if (snapshot.chapters.length === 0 && snapshot.rows.length === 0) return null;
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={300}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('chapter_editor.sync.show')}
        >
          <IconListDetails size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('chapter_editor.sync.title')}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('chapter_editor.sync.title')}
          </Text>
          <Text size="xs">
            {t(snapshot.online ? 'chapter_editor.sync.online' : 'chapter_editor.sync.offline')}
          </Text>
          {chapters.length > 0 && (
            <>
              <Text size="xs" fw={600}>
                {t('chapter_editor.sync.chapters')}
              </Text>
              <List size="xs" spacing={2}>
                {chapters.map((chapter) => (
                  <List.Item key={chapter.id}>
                    {chapter.name ?? t('chapter_editor.sync.untitled')}
                    {refused.has(chapter.id) && ` — ${t('chapter_editor.sync.refused')}`}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          {snapshot.rows.length > 0 && (
            <>
              <Text size="xs" fw={600}>
                {t('chapter_editor.sync.changes')}
              </Text>
              <List size="xs" spacing={2}>
                {snapshot.rows.map((row) => (
                  <List.Item key={`${row.table}:${row.id}`}>
                    <RowLabel row={row} />
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
