import { describe, expect, it } from 'vitest';

import { buildFolder, buildManuscript, DAY, NOW } from '@/testing/build-shelf';

import {
  allSelected,
  arrangeShelf,
  canMoveInto,
  folderItem,
  folderTrail,
  hasTrash,
  itemsIn,
  manuscriptItem,
  matchesTitle,
  moveTargets,
  pruneSelection,
  selectedIds,
  sortItems,
  toggleAll,
  toggleSelected,
  trashItems,
} from './shelf-logic';

const novels = buildFolder({ id: 'novels', name: 'Novels' });
const drafts = buildFolder({ id: 'drafts', name: 'Drafts', folder_id: 'novels' });
const old = buildFolder({ id: 'old', name: 'Old drafts', folder_id: 'drafts' });
const binned = buildFolder({ id: 'binned', name: 'Binned', deleted_at: NOW - DAY });
const folders = [novels, drafts, old, binned];

const dune = buildManuscript({
  id: 'dune',
  title: 'Dune',
  created_at: NOW - 5 * DAY,
  updated_at: NOW - DAY,
});
const emma = buildManuscript({
  id: 'emma',
  title: 'emma',
  created_at: NOW - 9 * DAY,
  updated_at: NOW - 3 * DAY,
});
const arrival = buildManuscript({
  id: 'arrival',
  title: 'Arrival',
  created_at: NOW - 2 * DAY,
  updated_at: NOW - 2 * DAY,
});
const inDrafts = buildManuscript({ id: 'wip', title: 'Work in progress', folder_id: 'drafts' });
const orphan = buildManuscript({ id: 'orphan', title: 'Orphan', folder_id: 'binned' });
const gone = buildManuscript({ id: 'gone', title: 'Gone', deleted_at: NOW - 59.5 * DAY });
const manuscripts = [dune, emma, arrival, inDrafts, orphan, gone];

const titles = (items: readonly { title: string }[]) => items.map((item) => item.title);

describe('what a folder shows', () => {
  it('lists the live items directly inside it', () => {
    expect(titles(itemsIn('novels', folders, manuscripts))).toEqual(['Drafts']);
    expect(titles(itemsIn('drafts', folders, manuscripts))).toEqual([
      'Old drafts',
      'Work in progress',
    ]);
  });

  it('shows at the top level an item whose folder is in the trash', () => {
    expect(titles(itemsIn(null, folders, manuscripts))).toEqual([
      'Novels',
      'Dune',
      'emma',
      'Arrival',
      'Orphan',
    ]);
  });

  it('gives the path from the root to a folder, and nothing for an unknown one', () => {
    expect(folderTrail('old', folders).map((f) => f.name)).toEqual([
      'Novels',
      'Drafts',
      'Old drafts',
    ]);
    expect(folderTrail('binned', folders)).toEqual([]);
    expect(folderTrail(null, folders)).toEqual([]);
  });
});

describe('search', () => {
  it('matches a case-insensitive substring of the title', () => {
    expect(matchesTitle('The Lord of the Rings', 'lord OF')).toBe(true);
    expect(matchesTitle('Emma', 'EMM')).toBe(true);
    expect(matchesTitle('Emma', 'dune')).toBe(false);
    expect(matchesTitle('Emma', '   ')).toBe(true);
  });

  it('filters folders and manuscripts alike, folders still first', () => {
    const items = itemsIn(null, folders, manuscripts);
    expect(titles(arrangeShelf(items, 'N', { key: 'title', direction: 'asc' }))).toEqual([
      'Novels',
      'Dune',
      'Orphan',
    ]);
  });
});

describe('sort', () => {
  const items = [dune, emma, arrival].map(manuscriptItem);

  it('sorts by title A→Z ignoring case, or Z→A', () => {
    expect(titles(sortItems(items, { key: 'title', direction: 'asc' }))).toEqual([
      'Arrival',
      'Dune',
      'emma',
    ]);
    expect(titles(sortItems(items, { key: 'title', direction: 'desc' }))).toEqual([
      'emma',
      'Dune',
      'Arrival',
    ]);
  });

  it('sorts by last update (the default, newest first) and by creation', () => {
    expect(titles(sortItems(items, { key: 'updated_at', direction: 'desc' }))).toEqual([
      'Dune',
      'Arrival',
      'emma',
    ]);
    expect(titles(sortItems(items, { key: 'created_at', direction: 'asc' }))).toEqual([
      'emma',
      'Dune',
      'Arrival',
    ]);
  });

  it('keeps folders before manuscripts whatever the order', () => {
    const mixed = [
      ...items,
      folderItem(novels),
      folderItem(buildFolder({ id: 'a', name: 'Zeta' })),
    ];
    expect(titles(arrangeShelf(mixed, '', { key: 'title', direction: 'desc' }))).toEqual([
      'Zeta',
      'Novels',
      'emma',
      'Dune',
      'Arrival',
    ]);
  });
});

describe('moving', () => {
  it('refuses to move a folder into itself or any folder inside it', () => {
    const folder = { kind: 'folder' as const, id: 'novels' };
    expect(canMoveInto(folder, 'novels', folders)).toBe(false);
    expect(canMoveInto(folder, 'drafts', folders)).toBe(false);
    expect(canMoveInto(folder, 'old', folders)).toBe(false);
    expect(canMoveInto(folder, null, folders)).toBe(true);
    expect(canMoveInto({ kind: 'folder', id: 'old' }, 'novels', folders)).toBe(true);
    expect(canMoveInto({ kind: 'manuscript', id: 'dune' }, 'old', folders)).toBe(true);
  });

  it('offers the top level and every live folder, marking the current place and the forbidden ones', () => {
    const targets = moveTargets(folderItem(drafts), folders);
    expect(
      targets.map((target) => [target.path.join(' / '), target.allowed, target.current]),
    ).toEqual([
      ['', true, false],
      ['Novels', true, true],
      ['Novels / Drafts', false, false],
      ['Novels / Drafts / Old drafts', false, false],
    ]);
  });
});

describe('Recently Deleted', () => {
  it('is offered only while something is in the trash', () => {
    expect(hasTrash(folders, manuscripts)).toBe(true);
    expect(hasTrash([novels], [dune])).toBe(false);
    expect(hasTrash([], [gone])).toBe(true);
  });

  it('lists the trash with the days left before the purge', () => {
    expect(
      trashItems(folders, manuscripts, NOW).map((item) => [item.title, item.daysLeft]),
    ).toEqual([
      ['Binned', 59],
      ['Gone', 1],
    ]);
  });

  it('selects one, all, none, and forgets items that left the trash', () => {
    const items = trashItems(folders, manuscripts, NOW);
    let selection: ReadonlySet<string> = new Set();
    selection = toggleSelected(selection, 'folder:binned');
    expect(allSelected(selection, items)).toBe(false);
    selection = toggleAll(selection, items);
    expect([...selection].sort()).toEqual(['folder:binned', 'manuscript:gone']);
    expect(allSelected(selection, items)).toBe(true);
    expect(selectedIds(selection, items)).toEqual({ folders: ['binned'], manuscripts: ['gone'] });
    expect([...pruneSelection(selection, items.slice(0, 1))]).toEqual(['folder:binned']);
    expect(toggleAll(selection, items).size).toBe(0);
    expect(allSelected(new Set(), [])).toBe(false);
  });
});
