/**
 * A screen's trash as a section under its list: each deleted row with the days it has left of
 * the 60, newest first, and (for a writer who may change them) Recover and Delete forever with
 * a confirmation. The texts come from one i18n group (`<texts>.title`, `.intro`, …).
 */
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { daysLeft, TRASH_DAYS } from '@/storage';

import { showSuccess } from './show-success';

/** The screens whose trash this draws, by their texts' i18n group. */
export type TrashTexts = 'elements.trash' | 'research.trash';

interface TrashedRow {
  id: string;
  name: string;
  deleted_at?: number | null;
}

export interface TrashSectionProps<Row extends TrashedRow> {
  rows: readonly Row[];
  /**
   * The i18n group of the texts (each has title, intro, day_left, days_left, recover,
   * recover_item, recovered, delete_forever, delete_item, confirm_title, confirm).
   */
  texts: TrashTexts;
  /** The name shown for a row without one. */
  untitled: string;
  canWrite: boolean;
  /** The section heading's id (`aria-labelledby`). */
  headingId: string;
  rowTestId: string;
  recover: (row: Row) => Promise<void>;
  hardDelete: (row: Row) => Promise<void>;
}

export function TrashSection<Row extends TrashedRow>(props: TrashSectionProps<Row>) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const { rows, texts, canWrite } = props;
  if (rows.length === 0) return null;
  const newestFirst = [...rows].sort((a, b) => (b.deleted_at ?? 0) - (a.deleted_at ?? 0));

  function confirmDelete(row: Row, name: string) {
    modals.openConfirmModal({
      title: t(`${texts}.confirm_title`),
      centered: true,
      children: <Text size="sm">{t(`${texts}.confirm`, { name })}</Text>,
      labels: { confirm: t(`${texts}.delete_forever`), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void props.hardDelete(row);
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby={props.headingId} mt="lg">
      <Title order={3} size="h5" id={props.headingId}>
        {t(`${texts}.title`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(`${texts}.intro`, { days: TRASH_DAYS })}
      </Text>
      {newestFirst.map((row) => {
        const name = row.name.trim() === '' ? props.untitled : row.name;
        const left = daysLeft(row.deleted_at ?? now, now);
        return (
          <Paper key={row.id} withBorder p="xs" data-testid={props.rowTestId}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {left === 1 ? t(`${texts}.day_left`) : t(`${texts}.days_left`, { days: left })}
                </Text>
              </div>
              {canWrite && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t(`${texts}.recover`)}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t(`${texts}.recover_item`, { name })}
                      onClick={() => {
                        void props.recover(row).then(() => {
                          showSuccess(t(`${texts}.recovered`));
                        });
                      }}
                    >
                      <IconArrowBackUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t(`${texts}.delete_forever`)}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t(`${texts}.delete_item`, { name })}
                      onClick={() => {
                        confirmDelete(row, name);
                      }}
                    >
                      <IconTrashX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
