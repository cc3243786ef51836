/**
 * The open chapter's stashes: newest first with a preview, "Insert at cursor", and the delete
 * that first marks a stash deleted (restore brings it back) and, confirmed, removes it for good.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorContentFrom, showError } from '@/components/ui';
import { useSession } from '@/lib/session';
import { useLiveQuery } from '@/lib/use-live-query';

import type { ChapterStashes } from './chapter-stashes';
import { isDeleted, stashPreview } from './stash-rules';
import type { StashRow } from './stash-rules';

export interface StashesPanelProps {
  stashes: ChapterStashes;
  /** Whether stashes can be inserted, deleted and restored (a writer of the chapter). */
  writable: boolean;
  /** Puts the stash's HTML back at the editor's caret. */
  onInsert: (html: string) => void;
  onClose: () => void;
  /** Drawn as a column beside the page (large screens) or filling its container (a drawer). */
  layout?: 'column' | 'fill';
}

/** Reports a failed write (the stash stays as it was). */
async function attempt(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showError(errorContentFrom(error));
    return false;
  }
}

function useFormatCreated(): (at: number | null | undefined) => string {
  const { i18n } = useTranslation();
  const timeZone = useSession().user?.settings.timezone ?? undefined;
  return (at) => {
    if (typeof at !== 'number' || !Number.isFinite(at)) return '';
    try {
      return new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      }).format(at);
    } catch {
      // A zone this browser does not know: the browser's own.
      return new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(at);
    }
  };
}

function StashCard(props: {
  row: StashRow;
  writable: boolean;
  created: string;
  onInsert: () => void;
  onRemove: () => Promise<boolean>;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { row } = props;
  const deleted = isDeleted(row);
  const preview = stashPreview(row.content);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      component="li"
      data-testid="stash"
      data-deleted={deleted ? 'yes' : 'no'}
      style={{ listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {props.created}
          </Text>
          {deleted && (
            <Badge size="xs" color="gray" variant="light">
              {t('stashes.deleted')}
            </Badge>
          )}
        </Group>
        <Text
          size="sm"
          lineClamp={4}
          c={deleted ? 'dimmed' : undefined}
          td={deleted ? 'line-through' : undefined}
          data-testid="stash-preview"
        >
          {preview === '' ? t('stashes.no_text') : preview}
        </Text>
        {props.writable && !confirming && (
          <Group gap="xs">
            {deleted ? (
              <>
                <Button size="compact-xs" variant="light" onClick={props.onRestore}>
                  {t('stashes.restore')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    setConfirming(true);
                  }}
                >
                  {t('stashes.delete_for_good')}
                </Button>
              </>
            ) : (
              <>
                <Button size="compact-xs" variant="light" onClick={props.onInsert}>
                  {t('stashes.insert')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void props.onRemove()}
                >
                  {t('stashes.delete')}
                </Button>
              </>
            )}
          </Group>
        )}
        {confirming && (
          <Alert color="red" variant="light" role="alertdialog" aria-label={t('stashes.delete')}>
            <Stack gap="xs">
              <Text size="sm">{t('stashes.delete_confirm')}</Text>
              <Group gap="xs" justify="flex-end">
                <Button
                  size="compact-xs"
                  variant="default"
                  data-autofocus
                  autoFocus
                  onClick={() => {
                    setConfirming(false);
                  }}
                >
                  {t('stashes.cancel')}
                </Button>
                <Button
                  size="compact-xs"
                  color="red"
                  onClick={() => {
                    void props.onRemove().then((done) => {
                      if (!done) setConfirming(false);
                    });
                  }}
                >
                  {t('stashes.delete_for_good')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export function StashesPanel(props: StashesPanelProps) {
  const { t } = useTranslation();
  const rows = useLiveQuery(props.stashes.live);
  const formatCreated = useFormatCreated();
  const column = (props.layout ?? 'column') === 'column';

  const list =
    rows === undefined ? null : rows.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('stashes.empty')}
      </Text>
    ) : (
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('stashes.list_label')}>
        {rows.map((row) => (
          <StashCard
            key={row.id}
            row={row}
            writable={props.writable}
            created={formatCreated(row.created_at ?? row.updated_at)}
            onInsert={() => {
              props.onInsert(row.content ?? '');
            }}
            onRemove={() => attempt(() => props.stashes.remove(row))}
            onRestore={() => void attempt(() => props.stashes.restore(row.id))}
          />
        ))}
      </Stack>
    );

  if (!column) return <Stack gap="sm">{list}</Stack>;
  return (
    <Paper
      withBorder
      radius={0}
      p="sm"
      w={300}
      h="100%"
      component="aside"
      aria-label={t('stashes.panel')}
      style={{ flexShrink: 0 }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Text component="h2" fw={600} fz="md" m={0}>
            {t('stashes.panel')}
          </Text>
          <Tooltip label={t('stashes.close')} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('stashes.close')}
              onClick={props.onClose}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ScrollArea style={{ flex: 1 }}>{list}</ScrollArea>
      </Stack>
    </Paper>
  );
}
