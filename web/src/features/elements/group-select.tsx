/** The element group an element is in: none, or one of the manuscript's element groups. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { ElementGroup } from './elements-store';

const NO_GROUP = '';

interface GroupSelectProps {
  groups: readonly ElementGroup[];
  value: string | null;
  onChange: (groupId: string | null) => void;
  readOnly?: boolean;
}

/** Shown only when the manuscript has element groups. */
export function GroupSelect({ groups, value, onChange, readOnly = false }: GroupSelectProps) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <Select
      label={t('elements.group')}
      data={[
        { value: NO_GROUP, label: t('elements.no_group') },
        ...groups.map((group) => ({ value: group.id, label: group.name })),
      ]}
      value={value ?? NO_GROUP}
      allowDeselect={false}
      readOnly={readOnly}
      onChange={(next) => {
        onChange(next === null || next === NO_GROUP ? null : next);
      }}
    />
  );
}
