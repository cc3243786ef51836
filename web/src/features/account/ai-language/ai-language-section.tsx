import { Button, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { AI_FEATURES, aiFeatureSetting } from '@/lib/session';
import type { AiFeature, AiFeatureSetting, SessionUser } from '@/lib/session';

import { useSaveUser } from '../use-save-user';
import { aiLanguageOptions } from './ai-languages';

type AiValues = Record<AiFeature, AiFeatureSetting>;

function aiValues(user: SessionUser): AiValues {
  const values = {} as AiValues;
  for (const feature of AI_FEATURES) values[feature] = aiFeatureSetting(user.settings, feature);
  return values;
}

/** AI language settings: per AI feature, the answer language and an on/off switch. */
export function AiLanguageSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const saveUser = useSaveUser();
  const locale = i18n.resolvedLanguage ?? 'en';
  const languages = useMemo(
    () => aiLanguageOptions(locale, t('account.ai_language.autodetect')),
    [locale, t],
  );
  const form = useForm({ initialValues: aiValues(user) });

  async function handleSubmit(values: AiValues) {
    const outcome = await saveUser(
      { settings: { ai: values } },
      t('account.ai_language.saved', { product: t('app.name') }),
    );
    if (outcome.ok) form.resetDirty();
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text c="dimmed">{t('account.ai_language.description')}</Text>
        <Table verticalSpacing="sm" layout="fixed">
          <Table.Tbody>
            {AI_FEATURES.map((feature) => {
              const name = t(`account.ai_language.features.${feature}`);
              const enabled = !form.values[feature].disabled;
              return (
                <Table.Tr key={feature}>
                  <Table.Td>
                    <Text fw={500}>{name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${name}: ${t('account.ai_language.language')}`}
                      data={languages}
                      searchable
                      allowDeselect={false}
                      disabled={!enabled}
                      nothingFoundMessage={t('account.ai_language.nothing_found')}
                      {...form.getInputProps(`${feature}.language`)}
                    />
                  </Table.Td>
                  <Table.Td w={110}>
                    <Switch
                      label={t('account.ai_language.enabled')}
                      aria-label={`${name}: ${t('account.ai_language.enabled')}`}
                      checked={enabled}
                      onChange={(event) => {
                        form.setFieldValue(`${feature}.disabled`, !event.currentTarget.checked);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
