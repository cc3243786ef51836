import type { ShelfItem } from './shelf-logic';

export type ItemCommandId = 'open' | 'rename' | 'move' | 'duplicate' | 'export' | 'delete';

/** One entry of an item's menu (commands as data: the menu only draws them). */
export interface ItemCommand {
  id: ItemCommandId;
  label: string;
  danger?: boolean;
  run: () => void;
}

/**
 * The commands an item offers: duplicate is for manuscripts only (`manuscripts/copy`), and so
 * is export, when the list has an export dialog.
 */
export function commandIdsFor(item: ShelfItem, { canExport = false } = {}): ItemCommandId[] {
  return item.kind === 'manuscript'
    ? ['open', 'rename', 'move', 'duplicate', ...(canExport ? (['export'] as const) : []), 'delete']
    : ['open', 'rename', 'move', 'delete'];
}
