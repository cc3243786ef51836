/**
 * Deleted elements: they stay in the trash for 60 days (days left shown), then are gone; a writer
 * may recover one or delete it permanently at once.
 */
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess } from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';
import { daysLeft, TRASH_DAYS } from '@/storage';

import { useElementsScreen } from './elements-context';

export function ElementsTrash({ elements }: { elements: ElementRecord[] }) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const [now] = useState(() => Date.now());
  if (elements.length === 0) return null;
  const newestFirst = [...elements].sort((a, b) => (b.deleted_at ?? 0) - (a.deleted_at ?? 0));

  function confirmDelete(element: ElementRecord, name: string) {
    modals.openConfirmModal({
      title: t('elements.trash.confirm_title'),
      centered: true,
      children: <Text size="sm">{t('elements.trash.confirm', { name })}</Text>,
      labels: { confirm: t('elements.trash.delete_forever'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void screen.store.hardDelete(element.id);
      },
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="elements-trash-title" mt="lg">
      <Title order={3} size="h5" id="elements-trash-title">
        {t('elements.trash.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('elements.trash.intro', { days: TRASH_DAYS })}
      </Text>
      {newestFirst.map((element) => {
        const name = element.name.trim() === '' ? t('elements.untitled') : element.name;
        const left = daysLeft(element.deleted_at ?? now, now);
        return (
          <Paper key={element.id} withBorder p="xs" data-testid="element-trash-row">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {left === 1
                    ? t('elements.trash.day_left')
                    : t('elements.trash.days_left', { days: left })}
                </Text>
              </div>
              {screen.canWrite && (
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('elements.trash.recover')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('elements.trash.recover_item', { name })}
                      onClick={() => {
                        void screen.store.recover(element.id).then(() => {
                          showSuccess(t('elements.trash.recovered'));
                          void screen.mentions.recovered({ ...element, deleted_at: null });
                        });
                      }}
                    >
                      <IconArrowBackUp size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('elements.trash.delete_forever')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('elements.trash.delete_item', { name })}
                      onClick={() => {
                        confirmDelete(element, name);
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
