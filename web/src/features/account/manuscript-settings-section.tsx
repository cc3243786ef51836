import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

import { DISPLAY_SETTINGS, displaySetting } from '@/lib/session';
import type { DisplaySettingKey, SessionUser } from '@/lib/session';

import { useSaveUser } from './use-save-user';

type DisplayValues = Record<DisplaySettingKey, boolean>;

function displayValues(user: SessionUser): DisplayValues {
  const values = {} as DisplayValues;
  for (const { key } of DISPLAY_SETTINGS) values[key] = displaySetting(user.settings, key);
  return values;
}

/** Manuscript settings: the ten display checkboxes with their defaults. */
export function ManuscriptSettingsSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const saveUser = useSaveUser();
  const form = useForm({ initialValues: displayValues(user) });

  async function handleSubmit(values: DisplayValues) {
    const outcome = await saveUser({ settings: values }, t('account.manuscript_settings.saved'));
    if (outcome.ok) form.resetDirty();
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md" maw={640}>
        <Text c="dimmed">{t('account.manuscript_settings.description')}</Text>
        {DISPLAY_SETTINGS.map(({ key }) => (
          <Checkbox
            key={key}
            label={t(`account.manuscript_settings.options.${key}`)}
            {...form.getInputProps(key, { type: 'checkbox' })}
          />
        ))}
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
