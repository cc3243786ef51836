import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { AI_FEATURES, aiFeatureSetting } from '@/lib/session';
import type { AiFeature, AiFeatureSetting, SessionUser } from '@/lib/session';

import { useSaveUser } from '../use-save-user';
import { AiFeatureRow } from './ai-feature-row';
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

  const { setFieldValue } = form;
  const handleFeatureChange = useCallback(
    (feature: AiFeature, setting: AiFeatureSetting) => {
      setFieldValue(feature, setting);
    },
    [setFieldValue],
  );

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
            {AI_FEATURES.map((feature) => (
              <AiFeatureRow
                key={feature}
                feature={feature}
                setting={form.values[feature]}
                languages={languages}
                onChange={handleFeatureChange}
              />
            ))}
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
