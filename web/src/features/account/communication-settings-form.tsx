import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { EMAIL_LISTS } from '@/lib/session';
import type { EmailList, SessionUser } from '@/lib/session';

import { useSaveUser } from './use-save-user';

interface CommunicationSettingsFormProps {
  user: SessionUser;
  /** Called after a successful save (the header's modal closes). */
  onSaved?: () => void;
}

/** Communication settings: which emails (marketing, stats) the user receives. */
export function CommunicationSettingsForm({ user, onSaved }: CommunicationSettingsFormProps) {
  const { t } = useTranslation();
  const saveUser = useSaveUser();
  const subscribed = user.settings.emails_subscriptions ?? [];
  const form = useForm({
    initialValues: Object.fromEntries(
      EMAIL_LISTS.map((list) => [list, subscribed.includes(list)]),
    ) as Record<EmailList, boolean>,
  });

  async function handleSubmit(values: Record<EmailList, boolean>) {
    const lists = EMAIL_LISTS.filter((list) => values[list]);
    const outcome = await saveUser(
      { settings: { emails_subscriptions: lists } },
      t('account.communication.saved'),
    );
    if (outcome.ok) onSaved?.();
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('account.communication.description')}</Text>
        {EMAIL_LISTS.map((list) => (
          <Checkbox
            key={list}
            label={t(`account.communication.${list}`)}
            {...form.getInputProps(list, { type: 'checkbox' })}
          />
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
