import { daysLeft, folderAndDescendants } from '@/storage';
import type { ShelfIds, StoredFolder, StoredManuscript } from '@/storage';

/**
 * The manuscripts list's rules as plain functions: which items a folder shows, search, sort,
 * the folder path, where a folder may move, the trash and its selection.
 */

export type ShelfItem =
  | { kind: 'folder'; key: string; id: string; title: string; row: StoredFolder }
  | { kind: 'manuscript'; key: string; id: string; title: string; row: StoredManuscript };

export type SortKey = 'title' | 'updated_at' | 'created_at' | 'deleted_at';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

/** The shelf sorts by title, updated_at or created_at; the trash also by deleted_at. */
export const SHELF_SORT_KEYS: readonly SortKey[] = ['title', 'updated_at', 'created_at'];
export const TRASH_SORT_KEYS: readonly SortKey[] = [
  'deleted_at',
  'title',
  'updated_at',
  'created_at',
];
export const DEFAULT_SHELF_SORT: SortOrder = { key: 'updated_at', direction: 'desc' };
export const DEFAULT_TRASH_SORT: SortOrder = { key: 'deleted_at', direction: 'desc' };

/** Titles read A→Z; dates newest first. */
export function defaultDirection(key: SortKey): SortDirection {
  return key === 'title' ? 'asc' : 'desc';
}

export function folderItem(row: StoredFolder): ShelfItem {
  return { kind: 'folder', key: `folder:${row.id}`, id: row.id, title: row.name, row };
}

export function manuscriptItem(row: StoredManuscript): ShelfItem {
  return { kind: 'manuscript', key: `manuscript:${row.id}`, id: row.id, title: row.title, row };
}

export function liveFolderIds(folders: readonly StoredFolder[]): Set<string> {
  return new Set(folders.filter((folder) => folder.deleted_at === null).map((f) => f.id));
}

/**
 * The folder an item shows in: its `folder_id` when that folder is live, else the root
 * (an item recovered from the trash whose folder is still deleted, or unknown, shows at the top).
 */
export function shownParent(
  row: { folder_id: string | null },
  liveIds: ReadonlySet<string>,
): string | null {
  return row.folder_id !== null && liveIds.has(row.folder_id) ? row.folder_id : null;
}

/** The live items directly in `folderId` (`null`: the root). */
export function itemsIn(
  folderId: string | null,
  folders: readonly StoredFolder[],
  manuscripts: readonly StoredManuscript[],
): ShelfItem[] {
  const live = liveFolderIds(folders);
  const here = (row: StoredFolder | StoredManuscript) =>
    row.deleted_at === null && row.id !== folderId && shownParent(row, live) === folderId;
  return [...folders.filter(here).map(folderItem), ...manuscripts.filter(here).map(manuscriptItem)];
}

/** Search: a case-insensitive substring of the title; a blank query matches all. */
export function matchesTitle(title: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return needle === '' || title.toLocaleLowerCase().includes(needle);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function sortValue(item: ShelfItem, key: Exclude<SortKey, 'title'>): number {
  return item.row[key] ?? 0;
}

/** Sorts by `order`; ties fall back to the title, then the id, so the order is stable. */
export function sortItems<T extends ShelfItem>(items: readonly T[], order: SortOrder): T[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const primary =
      order.key === 'title'
        ? collator.compare(a.title, b.title)
        : sortValue(a, order.key) - sortValue(b, order.key);
    if (primary !== 0) return sign * primary;
    return collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** What a folder view lists: matching items, folders first, each group sorted. */
export function arrangeShelf(
  items: readonly ShelfItem[],
  query: string,
  order: SortOrder,
): ShelfItem[] {
  const matching = items.filter((item) => matchesTitle(item.title, query));
  return [
    ...sortItems(
      matching.filter((item) => item.kind === 'folder'),
      order,
    ),
    ...sortItems(
      matching.filter((item) => item.kind === 'manuscript'),
      order,
    ),
  ];
}

/** The live folders from the root down to `folderId` (empty for the root or an unknown id). */
export function folderTrail(
  folderId: string | null,
  folders: readonly StoredFolder[],
): StoredFolder[] {
  const live = new Map(folders.filter((f) => f.deleted_at === null).map((f) => [f.id, f]));
  const trail: StoredFolder[] = [];
  let current = folderId === null ? undefined : live.get(folderId);
  while (current && !trail.includes(current)) {
    trail.unshift(current);
    current = current.folder_id === null ? undefined : live.get(current.folder_id);
  }
  return trail;
}

/** Whether `item` may move into `targetId` (`null`: the root): never a folder into its own tree. */
export function canMoveInto(
  item: Pick<ShelfItem, 'kind' | 'id'>,
  targetId: string | null,
  folders: readonly StoredFolder[],
): boolean {
  if (targetId === null || item.kind === 'manuscript') return true;
  return !folderAndDescendants(item.id, folders).has(targetId);
}

export interface MoveTarget {
  /** `null`: the root. */
  id: string | null;
  /** The folder names from the root, for the picker. */
  path: string[];
  allowed: boolean;
  current: boolean;
}

/** Every place `item` could move to, the root first, then live folders by path. */
export function moveTargets(item: ShelfItem, folders: readonly StoredFolder[]): MoveTarget[] {
  const live = folders.filter((folder) => folder.deleted_at === null);
  const parent = shownParent(item.row, liveFolderIds(folders));
  const targets = live.map((folder) => ({
    id: folder.id,
    path: folderTrail(folder.id, folders).map((f) => f.name),
    allowed: canMoveInto(item, folder.id, folders),
    current: folder.id === parent,
  }));
  targets.sort((a, b) => collator.compare(a.path.join('\u0000'), b.path.join('\u0000')));
  return [{ id: null, path: [], allowed: true, current: parent === null }, ...targets];
}

export type TrashItem = ShelfItem & { daysLeft: number };

/** Everything in the trash, with the days left before the purge. */
export function trashItems(
  folders: readonly StoredFolder[],
  manuscripts: readonly StoredManuscript[],
  now: number,
): TrashItem[] {
  const inTrash = (row: StoredFolder | StoredManuscript) => row.deleted_at !== null;
  const withDays = (item: ShelfItem): TrashItem => ({
    ...item,
    daysLeft: daysLeft(item.row.deleted_at ?? now, now),
  });
  return [
    ...folders.filter(inTrash).map(folderItem),
    ...manuscripts.filter(inTrash).map(manuscriptItem),
  ].map(withDays);
}

/** The Recently Deleted view is offered only when something is in the trash. */
export function hasTrash(
  folders: readonly StoredFolder[],
  manuscripts: readonly StoredManuscript[],
): boolean {
  return (
    folders.some((folder) => folder.deleted_at !== null) ||
    manuscripts.some((manuscript) => manuscript.deleted_at !== null)
  );
}

export function toggleSelected(selection: ReadonlySet<string>, key: string): Set<string> {
  const next = new Set(selection);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** Whether every item is selected (false when there are none). */
export function allSelected(selection: ReadonlySet<string>, items: readonly ShelfItem[]): boolean {
  return items.length > 0 && items.every((item) => selection.has(item.key));
}

/** Select All / Unselect All: selects every item, or none when all already are. */
export function toggleAll(
  selection: ReadonlySet<string>,
  items: readonly ShelfItem[],
): Set<string> {
  return allSelected(selection, items) ? new Set() : new Set(items.map((item) => item.key));
}

/** The selection without keys whose items are gone (recovered, deleted, purged). */
export function pruneSelection(
  selection: ReadonlySet<string>,
  items: readonly ShelfItem[],
): Set<string> {
  const present = new Set(items.map((item) => item.key));
  return new Set([...selection].filter((key) => present.has(key)));
}

/** The selected items' ids by kind, for the port's bulk calls. */
export function selectedIds(selection: ReadonlySet<string>, items: readonly ShelfItem[]): ShelfIds {
  const chosen = items.filter((item) => selection.has(item.key));
  return {
    folders: chosen.filter((item) => item.kind === 'folder').map((item) => item.id),
    manuscripts: chosen.filter((item) => item.kind === 'manuscript').map((item) => item.id),
  };
}
