import type { ShelfItem } from './shelf-logic';

export type ItemCommandId = 'open' | 'rename' | 'move' | 'duplicate' | 'delete';

/** One entry of an item's menu (commands as data: the menu only draws them). */
export interface ItemCommand {
  id: ItemCommandId;
  label: string;
  danger?: boolean;
  run: () => void;
}

/** The commands an item offers: duplicate is for manuscripts only (`manuscripts/copy`). */
export function commandIdsFor(item: ShelfItem): ItemCommandId[] {
  return item.kind === 'manuscript'
    ? ['open', 'rename', 'move', 'duplicate', 'delete']
    : ['open', 'rename', 'move', 'delete'];
}
