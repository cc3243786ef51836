import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsMove,
  IconCopy,
  IconDownload,
  IconDotsVertical,
  IconExternalLink,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ItemCommand, ItemCommandId } from './item-commands';

const ICONS: Record<ItemCommandId, ReactNode> = {
  open: <IconExternalLink size={16} />,
  rename: <IconPencil size={16} />,
  move: <IconArrowsMove size={16} />,
  duplicate: <IconCopy size={16} />,
  export: <IconDownload size={16} />,
  delete: <IconTrash size={16} />,
};

/** The "⋮" menu of a folder or manuscript. */
export function ItemMenu({ title, commands }: { title: string; commands: readonly ItemCommand[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('manuscripts.item.options', { title })}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {commands.map((command) => (
          <Menu.Item
            key={command.id}
            leftSection={ICONS[command.id]}
            color={command.danger ? 'red' : undefined}
            onClick={command.run}
          >
            {command.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
