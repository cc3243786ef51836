import { Select, Switch, Table, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import type { AiFeature, AiFeatureSetting } from '@/lib/session';

import type { LanguageOption } from './ai-languages';

interface AiFeatureRowProps {
  feature: AiFeature;
  setting: AiFeatureSetting;
  languages: LanguageOption[];
  onChange: (feature: AiFeature, setting: AiFeatureSetting) => void;
}

/** One AI feature: its answer language and its on/off switch. Memoised: a select per feature,
 * each of dozens of languages, should not all re-render when one changes. */
export const AiFeatureRow = memo(function AiFeatureRow({
  feature,
  setting,
  languages,
  onChange,
}: AiFeatureRowProps) {
  const { t } = useTranslation();
  const name = t(`account.ai_language.features.${feature}`);
  const enabled = !setting.disabled;
  return (
    <Table.Tr>
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
          value={setting.language}
          onChange={(language) => {
            if (language !== null) onChange(feature, { ...setting, language });
          }}
        />
      </Table.Td>
      <Table.Td w={110}>
        <Switch
          label={t('account.ai_language.enabled')}
          aria-label={`${name}: ${t('account.ai_language.enabled')}`}
          checked={enabled}
          onChange={(event) => {
            onChange(feature, { ...setting, disabled: !event.currentTarget.checked });
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
});
