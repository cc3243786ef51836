/**
 * Deleted research: each stays in the trash for 60 days (days left shown), then is gone; a
 * writer may recover one or delete it permanently at once.
 */
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess } from '@/components/ui';
import { daysLeft, TRASH_DAYS } from '@/storage';

import { useResearchScreen } from './research-context';
import type { ResearchRecord } from './research-rules';

export function ResearchTrash({ researches }: { researches: ResearchRecord[] }) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  const [now] = useState(() => Date.now());
  if (researches.length === 0) return null;
  const newestFirst = [...researches].sort((a, b) => (b.deleted_at ?? 0) - (a.deleted_at ?? 0));

  function confirmDelete(research: ResearchRecord, name: string) {
    modals.openConfirmModal({
      title: t('research.trash.confirm_title'),
      centered: true,
      children: <Text size="sm">{t('research.trash.confirm', { name })}</Text>,
      labels: { confirm: t('research.trash.delete_forever'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void screen.store.hardDelete(research.id);
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="research-trash-title" mt="lg">
      <Title order={3} size="h5" id="research-trash-title">
        {t('research.trash.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('research.trash.intro', { days: TRASH_DAYS })}
      </Text>
      {newestFirst.map((research) => {
        const name = research.name.trim() === '' ? t('research.untitled') : research.name;
        const left = daysLeft(research.deleted_at ?? now, now);
        return (
          <Paper key={research.id} withBorder p="xs" data-testid="research-trash-row">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {left === 1
                    ? t('research.trash.day_left')
                    : t('research.trash.days_left', { days: left })}
                </Text>
              </div>
              {screen.canWrite && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('research.trash.recover')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('research.trash.recover_item', { name })}
                      onClick={() => {
                        void screen.store.recover(research.id).then(() => {
                          showSuccess(t('research.trash.recovered'));
                        });
                      }}
                    >
                      <IconArrowBackUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('research.trash.delete_forever')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('research.trash.delete_item', { name })}
                      onClick={() => {
                        confirmDelete(research, name);
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
