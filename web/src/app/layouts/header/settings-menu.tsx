import { ActionIcon, Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { CommandMenuItems } from './command-menu-items';
import type { HeaderCommand } from './header-commands';

export function SettingsMenu({ commands }: { commands: HeaderCommand[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('header.settings')}>
          <IconSettings size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.settings')}</Menu.Label>
        <CommandMenuItems commands={commands} />
      </Menu.Dropdown>
    </Menu>
  );
}
