import { ActionIcon, Menu } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { CommandMenuItems } from './command-menu-items';
import type { HeaderCommand } from './header-commands';

/** Help and resources; hidden on phones (the drawer carries them there). */
export function HelpMenu({ commands }: { commands: HeaderCommand[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('header.help')}>
          <IconHelpCircle size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.help')}</Menu.Label>
        <CommandMenuItems commands={commands} />
      </Menu.Dropdown>
    </Menu>
  );
}
