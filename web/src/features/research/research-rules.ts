/**
 * Research rows read into one shape (name, cover, description, items, meta, `_order`), and the
 * rules over them without React: the board's search, the order (from 100), and the edits of a
 * research's items (notes, links, pictures and files) as pure functions answering the new list.
 */
import type { LocalRecord } from '@/storage';
import { TITLE_MAX } from '@/storage';

/** Research is ordered from 100 up, the research's own order and its items' alike. */
export const FIRST_ORDER = 100;

/** Names, link titles and file names hold at most 255 characters, as every editable title. */
export const RESEARCH_NAME_MAX = TITLE_MAX;

export const ITEM_TYPES = ['note', 'link', 'image', 'file'] as const;
export type ResearchItemType = (typeof ITEM_TYPES)[number];

/** One item of a research; `order` places it in the list. */
export type ResearchItem =
  | { id: string; type: 'note'; order: number; content: string }
  | { id: string; type: 'link'; order: number; url: string; title: string }
  | { id: string; type: 'image' | 'file'; order: number; url: string; name: string };

export interface ResearchRecord {
  id: string;
  name: string;
  /** The cover picture's URL, or '' for none. */
  cover: string;
  /** Rich text (HTML), '' when empty. */
  description: string;
  /** In their order. */
  items: ResearchItem[];
  _order: number;
  deleted_at: number | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function readItem(value: unknown, index: number): ResearchItem | null {
  if (!isRecord(value)) return null;
  const id = str(value.id) || `item-${String(index)}`;
  const order = typeof value.order === 'number' ? value.order : FIRST_ORDER + index;
  switch (value.type) {
    case 'note':
      return { id, type: 'note', order, content: str(value.content) };
    case 'link':
      return { id, type: 'link', order, url: str(value.url), title: str(value.title) };
    case 'image':
    case 'file':
      return { id, type: value.type, order, url: str(value.url), name: str(value.name) };
    default:
      return null;
  }
}

/** The items in their order (unknown shapes left out, ties kept in stored order). */
export function readItems(value: unknown): ResearchItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item, index) => readItem(item, index))
    .filter((item): item is ResearchItem => item !== null)
    .sort((a, b) => a.order - b.order);
}

export function readResearch(row: LocalRecord): ResearchRecord {
  return {
    id: row.id,
    name: str(row.name),
    cover: str(row.cover),
    description: str(row.description),
    items: readItems(row.items),
    _order: typeof row._order === 'number' ? row._order : FIRST_ORDER,
    deleted_at: typeof row.deleted_at === 'number' ? row.deleted_at : null,
  };
}

export function byOrder(a: ResearchRecord, b: ResearchRecord): number {
  return a._order - b._order || a.name.localeCompare(b.name);
}

/** The order after `orders`: 100 for the first, else one past the largest. */
export function nextOrder(orders: readonly number[]): number {
  return orders.length === 0
    ? FIRST_ORDER
    : Math.max(FIRST_ORDER, Math.floor(Math.max(...orders)) + 1);
}

/** Lower case without accents, so 'muad' finds 'Muád'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The text of an HTML fragment (tags dropped, entities read). */
export function htmlText(html: string): string {
  if (html === '') return '';
  return new DOMParser().parseFromString(html, 'text/html').body.textContent;
}

function itemText(item: ResearchItem): string[] {
  switch (item.type) {
    case 'note':
      return [htmlText(item.content)];
    case 'link':
      return [item.title, item.url];
    default:
      return [item.name];
  }
}

/** Whether a research matches the search: every word somewhere in its name, description or items. */
export function matchesSearch(research: ResearchRecord, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = foldText(
    [research.name, htmlText(research.description), ...research.items.flatMap(itemText)].join('\n'),
  );
  return words.every((word) => text.includes(word));
}

/** Where `by` (-1 earlier, +1 later) takes entry `id` of `list`, renumbered from 100. */
function moved<T extends { id: string }>(list: readonly T[], id: string, by: -1 | 1): T[] | null {
  const from = list.findIndex((entry) => entry.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return null;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry === undefined) return null;
  next.splice(to, 0, entry);
  return next;
}

/**
 * The writes that move one research a place earlier (-1) or later (+1) on the board: the live
 * researches renumbered from 100, only those whose order changes.
 */
export function moveResearch(
  researches: readonly ResearchRecord[],
  id: string,
  by: -1 | 1,
): { id: string; _order: number }[] {
  const list = moved([...researches].sort(byOrder), id, by);
  if (!list) return [];
  return list.flatMap((research, index) =>
    research._order === FIRST_ORDER + index
      ? []
      : [{ id: research.id, _order: FIRST_ORDER + index }],
  );
}

/** A new item as the writer adds it: its fields without an id or an order. */
export type NewItem =
  | { type: 'note'; content: string }
  | { type: 'link'; url: string; title: string }
  | { type: 'image' | 'file'; url: string; name: string };

/** The items with `item` added at the end. */
export function addItem(items: readonly ResearchItem[], item: NewItem, id: string): ResearchItem[] {
  const order = nextOrder(items.map((entry) => entry.order));
  return [...items, { ...item, id, order }];
}

/** What an edit may change of an item (the fields its type has; the others are ignored). */
export interface ItemChanges {
  content?: string;
  url?: string;
  title?: string;
  name?: string;
}

function changed(item: ResearchItem, changes: ItemChanges): ResearchItem {
  switch (item.type) {
    case 'note':
      return { ...item, content: changes.content ?? item.content };
    case 'link':
      return { ...item, url: changes.url ?? item.url, title: changes.title ?? item.title };
    default:
      return { ...item, url: changes.url ?? item.url, name: changes.name ?? item.name };
  }
}

/** The items with item `id`'s fields changed (its type, id and order kept). */
export function editItem(
  items: readonly ResearchItem[],
  id: string,
  changes: ItemChanges,
): ResearchItem[] {
  return items.map((item) => (item.id === id ? changed(item, changes) : item));
}

export function removeItem(items: readonly ResearchItem[], id: string): ResearchItem[] {
  return items.filter((item) => item.id !== id);
}

/** The items with item `id` a place earlier (-1) or later (+1), renumbered from 100. */
export function moveItem(items: readonly ResearchItem[], id: string, by: -1 | 1): ResearchItem[] {
  const list = moved(
    [...items].sort((a, b) => a.order - b.order),
    id,
    by,
  );
  if (!list) return [...items];
  return list.map((item, index) => ({ ...item, order: FIRST_ORDER + index }));
}

/** A name as kept: trimmed and cut to the limit. */
export function cleanName(name: string): string {
  return name.trim().slice(0, RESEARCH_NAME_MAX);
}

/** A file's name for a picture or file item: without a path, cut to the limit. */
export function fileItemName(fileName: string): string {
  return cleanName(fileName.split(/[\\/]/).pop() ?? fileName);
}
