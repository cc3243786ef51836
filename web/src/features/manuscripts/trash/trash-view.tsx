import {
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBook2, IconFolder, IconRestore, IconTrash, IconTrashOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess } from '@/components/ui';
import type { ManuscriptsPort, StoredFolder, StoredManuscript } from '@/storage';
import { TRASH_DAYS } from '@/storage';

import { ConfirmDialog } from '../dialogs/confirm-dialog';
import {
  allSelected,
  DEFAULT_TRASH_SORT,
  pruneSelection,
  selectedIds,
  sortItems,
  toggleAll,
  toggleSelected,
  TRASH_SORT_KEYS,
  trashItems,
} from '../shelf/shelf-logic';
import type { SortOrder, TrashItem } from '../shelf/shelf-logic';
import { SortMenu } from '../shelf/sort-menu';
import { useFormatDate } from '../shelf/use-format-date';
import { useReportFailure } from '../shelf/use-report-failure';

interface TrashViewProps {
  port: ManuscriptsPort;
  folders: readonly StoredFolder[];
  manuscripts: readonly StoredManuscript[];
  onBack: () => void;
}

type Purge = { items: TrashItem[]; selection: boolean } | null;

/**
 * Recently Deleted: what is in the trash with the days left before the purge, Select All / Unselect
 * All, a sort menu, and recover or delete for good, one or the selection.
 */
export function TrashView({ port, folders, manuscripts, onBack }: TrashViewProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const reportFailure = useReportFailure();
  const [order, setOrder] = useState<SortOrder>(DEFAULT_TRASH_SORT);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [purge, setPurge] = useState<Purge>(null);
  const [now] = useState(() => Date.now());

  const items = useMemo(
    () => sortItems(trashItems(folders, manuscripts, now), order),
    [folders, manuscripts, now, order],
  );
  const selected = useMemo(() => pruneSelection(selection, items), [selection, items]);
  const chosen = items.filter((item) => selected.has(item.key));

  async function recover(item: TrashItem) {
    try {
      await port.recover(item.kind === 'folder' ? 'folders' : 'manuscripts', item.id);
      showSuccess(
        t(
          item.kind === 'folder'
            ? 'manuscripts.notices.folder_recovered'
            : 'manuscripts.notices.manuscript_recovered',
        ),
      );
    } catch (error) {
      reportFailure(error);
    }
  }

  async function recoverSelected() {
    try {
      await port.recoverAll(selectedIds(selected, items));
      setSelection(new Set());
      showSuccess(t('manuscripts.notices.all_recovered'));
    } catch (error) {
      reportFailure(error);
    }
  }

  async function deleteForGood(target: NonNullable<Purge>) {
    try {
      if (target.selection) {
        await port.deleteAll(selectedIds(new Set(target.items.map((i) => i.key)), items));
        setSelection(new Set());
      } else {
        for (const item of target.items) {
          await port.hardDelete(item.kind === 'folder' ? 'folders' : 'manuscripts', item.id);
        }
      }
      setPurge(null);
      showSuccess(t('manuscripts.notices.all_deleted'));
    } catch (error) {
      reportFailure(error);
      throw error;
    }
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconTrashOff size={28} />}
        withIndicatorBackground
        title={t('manuscripts.trash.empty_title')}
        description={t('manuscripts.trash.empty_text')}
        py="xl"
      >
        <EmptyState.Actions>
          <Button onClick={onBack}>{t('manuscripts.trash.back')}</Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  const everything = allSelected(selected, items);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('manuscripts.trash.intro', { days: TRASH_DAYS })}
      </Text>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setSelection(toggleAll(selected, items));
            }}
          >
            {everything ? t('manuscripts.trash.unselect_all') : t('manuscripts.trash.select_all')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('manuscripts.trash.selected', { n: chosen.length })}
          </Text>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconRestore size={16} />}
            disabled={chosen.length === 0}
            onClick={() => void recoverSelected()}
          >
            {t('manuscripts.trash.recover_selected')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={chosen.length === 0}
            onClick={() => {
              setPurge({ items: chosen, selection: true });
            }}
          >
            {t('manuscripts.trash.delete_selected')}
          </Button>
          <SortMenu keys={TRASH_SORT_KEYS} value={order} onChange={setOrder} />
        </Group>
      </Group>
      <Stack role="list" gap={6} aria-label={t('manuscripts.trash.title')}>
        {items.map((item) => (
          <Paper key={item.key} role="listitem" withBorder radius="md" px="md" py="xs">
            <Group gap="sm" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                <Checkbox
                  checked={selected.has(item.key)}
                  onChange={() => {
                    setSelection(toggleSelected(selected, item.key));
                  }}
                  aria-label={t('manuscripts.trash.select_item', { title: item.title })}
                />
                <ThemeIcon variant="light" color="gray" radius="md" aria-hidden="true">
                  {item.kind === 'folder' ? <IconFolder size={18} /> : <IconBook2 size={18} />}
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end" title={item.title}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`manuscripts.item.${item.kind}`)} ·{' '}
                    {t('manuscripts.trash.deleted_on', { date: formatDate(item.row.deleted_at) })}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs">
                <Badge variant="light" tt="none" color={item.daysLeft <= 7 ? 'red' : 'gray'}>
                  {item.daysLeft === 1
                    ? t('manuscripts.trash.day_left')
                    : t('manuscripts.trash.days_left', { days: item.daysLeft })}
                </Badge>
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconRestore size={14} />}
                  aria-label={t('manuscripts.trash.recover_item', { title: item.title })}
                  onClick={() => void recover(item)}
                >
                  {t('manuscripts.trash.recover')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  aria-label={t('manuscripts.trash.delete_item', { title: item.title })}
                  onClick={() => {
                    setPurge({ items: [item], selection: false });
                  }}
                >
                  {t('manuscripts.trash.delete_forever')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {purge && (
        <ConfirmDialog
          title={t('manuscripts.trash.confirm_title')}
          message={
            purge.items.length === 1 && purge.items[0]
              ? t('manuscripts.trash.confirm_one', { title: purge.items[0].title })
              : t('manuscripts.trash.confirm_many', { n: purge.items.length })
          }
          confirmLabel={t('manuscripts.trash.delete_forever')}
          onConfirm={() => deleteForGood(purge)}
          onClose={() => {
            setPurge(null);
          }}
        />
      )}
    </Stack>
  );
}
