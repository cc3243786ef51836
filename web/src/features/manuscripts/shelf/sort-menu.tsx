import { Button, Menu } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { defaultDirection } from './shelf-logic';
import type { SortDirection, SortKey, SortOrder } from './shelf-logic';

interface SortMenuProps {
  keys: readonly SortKey[];
  value: SortOrder;
  onChange: (order: SortOrder) => void;
}

/** Sort by one of `keys`, ascending or descending; picking a key starts at its usual direction. */
export function SortMenu({ keys, value, onChange }: SortMenuProps) {
  const { t } = useTranslation();
  const Icon = value.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" closeOnItemClick>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<Icon size={16} />}
          aria-label={t('manuscripts.sort.button_label', {
            key: t(`manuscripts.sort.keys.${value.key}`),
            direction: t(`manuscripts.sort.${value.direction}`),
          })}
        >
          {t(`manuscripts.sort.keys.${value.key}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('manuscripts.sort.sort_by')}</Menu.Label>
        <Menu.RadioGroup
          value={value.key}
          onChange={(key) => {
            const chosen = keys.find((candidate) => candidate === key);
            if (chosen) onChange({ key: chosen, direction: defaultDirection(chosen) });
          }}
        >
          {keys.map((key) => (
            <Menu.RadioItem key={key} value={key} closeMenuOnClick>
              {t(`manuscripts.sort.keys.${key}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Label>{t('manuscripts.sort.order')}</Menu.Label>
        <Menu.RadioGroup
          value={value.direction}
          onChange={(direction) => {
            onChange({ key: value.key, direction: direction as SortDirection });
          }}
        >
          <Menu.RadioItem value="asc" closeMenuOnClick>
            {t('manuscripts.sort.asc')}
          </Menu.RadioItem>
          <Menu.RadioItem value="desc" closeMenuOnClick>
            {t('manuscripts.sort.desc')}
          </Menu.RadioItem>
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
