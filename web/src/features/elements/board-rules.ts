/**
 * What the elements board shows: elements filtered by kind and tag and searched across names,
 * nicknames and section text; grouped by element group (those in no group first), each list in
 * the writer's order; and the writes that move an element or place a new one.
 */
import type { ElementRecord } from '@/lib/elements';
import { byOrder } from '@/lib/elements';

import { kindOf, kindValue } from './element-kinds';

export interface BoardFilter {
  /** A kind choice's value (`character`, `custom:<id>`), or null for every kind. */
  kind: string | null;
  tag: string | null;
  search: string;
}

export const NO_FILTER: BoardFilter = { kind: null, tag: null, search: '' };

/** Lower case without accents, so 'muad' finds 'Muád'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The text of an HTML fragment (tags dropped, entities read), for searching. */
export function htmlText(html: string): string {
  if (html === '') return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent;
}

function searchText(element: ElementRecord): string {
  return foldText(
    [
      element.name,
      ...element.meta.nicknames.map((nickname) => nickname.label),
      ...element.meta.sections.flatMap((section) => [section.title, htmlText(section.content)]),
    ].join('\n'),
  );
}

/** Whether an element passes the filter (search words may match anywhere, each of them). */
export function matchesFilter(element: ElementRecord, filter: BoardFilter): boolean {
  if (filter.kind !== null && kindValue(kindOf(element.meta)) !== filter.kind) return false;
  if (filter.tag !== null && !element.meta.tags.includes(filter.tag)) return false;
  const words = foldText(filter.search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchText(element);
  return words.every((word) => text.includes(word));
}

/** Every tag the elements carry, sorted, each once. */
export function tagsInUse(elements: readonly ElementRecord[]): string[] {
  const tags = new Set(elements.flatMap((element) => element.meta.tags));
  return [...tags].sort((a, b) => a.localeCompare(b));
}

export interface BoardGroup {
  /** The element group's id, or null for elements in no group. */
  id: string | null;
  name: string;
  elements: ElementRecord[];
}

/**
 * The board's lists: elements in no group (or in a group that is gone) first, then each element
 * group in its order — empty ones too, so a new group shows — each list in the writer's order.
 */
export function boardGroups(
  elements: readonly ElementRecord[],
  groups: readonly { id: string; name: string; _order: number }[],
  filter: BoardFilter,
): BoardGroup[] {
  const known = new Set(groups.map((group) => group.id));
  const shown = elements.filter((element) => matchesFilter(element, filter)).sort(byOrder);
  const loose = shown.filter((e) => e.group_id === null || !known.has(e.group_id));
  const lists: BoardGroup[] = [{ id: null, name: '', elements: loose }];
  for (const group of [...groups].sort((a, b) => a._order - b._order)) {
    lists.push({
      id: group.id,
      name: group.name,
      elements: shown.filter((element) => element.group_id === group.id),
    });
  }
  return lists;
}

/** The order a new element takes: after every element of its group. */
export function nextOrder(elements: readonly ElementRecord[], groupId: string | null): number {
  const orders = elements.filter((e) => e.group_id === groupId).map((e) => e._order);
  return orders.length === 0 ? 0 : Math.floor(Math.max(...orders)) + 1;
}

/**
 * The writes that move one element a place earlier (-1) or later (+1) within its group: the
 * group's elements renumbered from 0, only those whose order changes.
 */
export function moveElement(
  elements: readonly ElementRecord[],
  id: string,
  by: -1 | 1,
): { id: string; _order: number }[] {
  const moving = elements.find((element) => element.id === id);
  if (!moving) return [];
  const list = elements.filter((e) => e.group_id === moving.group_id).sort(byOrder);
  const from = list.indexOf(moving);
  const to = from + by;
  if (to < 0 || to >= list.length) return [];
  list.splice(from, 1);
  list.splice(to, 0, moving);
  return list.flatMap((element, order) =>
    element._order === order ? [] : [{ id: element.id, _order: order }],
  );
}
