/**
 * A working copy of the binder's layout that plans change (move, add, duplicate, delete) and then
 * turn into the fewest writes: the lists of the parents a plan touched are renumbered from 0, each
 * row's place fields follow its parent, and only rows whose fields changed are written.
 */
import type { StructureRow } from '../workspace/types';
import { KIND_OF, nodeKey, ROOT } from './binder-tree';
import type { BinderTree, NodeType, StructureKind } from './binder-tree';

export type BinderWrite =
  | { op: 'save'; kind: StructureKind; id: string; fields: Record<string, unknown> }
  | { op: 'trash'; kind: StructureKind; id: string };

interface DraftItem {
  type: NodeType;
  id: string;
  row: StructureRow;
  /** A row this plan creates: written whole. */
  created: boolean;
}

export interface Draft {
  items: Map<string, DraftItem>;
  children: Map<string, string[]>;
  parent: Map<string, string>;
  /** Parents whose lists are renumbered. */
  touched: Set<string>;
  trashed: string[];
}

export function draftOf(tree: BinderTree): Draft {
  const draft: Draft = {
    items: new Map(),
    children: new Map([[ROOT, tree.roots.map((n) => n.key)]]),
    parent: new Map(),
    touched: new Set(),
    trashed: [],
  };
  for (const node of tree.nodes.values()) {
    draft.items.set(node.key, { type: node.type, id: node.id, row: node.row, created: false });
    draft.children.set(
      node.key,
      node.children.map((c) => c.key),
    );
    draft.parent.set(node.key, node.parentKey);
  }
  return draft;
}

export function listOf(draft: Draft, parentKey: string): string[] {
  let list = draft.children.get(parentKey);
  if (!list) {
    list = [];
    draft.children.set(parentKey, list);
  }
  return list;
}

/** Takes `key` out of its parent's list (the parent is renumbered). */
export function detach(draft: Draft, key: string): void {
  const parentKey = draft.parent.get(key);
  if (parentKey === undefined) return;
  const list = listOf(draft, parentKey);
  const at = list.indexOf(key);
  if (at >= 0) list.splice(at, 1);
  draft.parent.delete(key);
  draft.touched.add(parentKey);
}

/** Puts `key` into `parentKey`'s list at `index` (clamped; the parent is renumbered). */
export function insert(draft: Draft, key: string, parentKey: string, index: number): void {
  const list = listOf(draft, parentKey);
  list.splice(Math.max(0, Math.min(index, list.length)), 0, key);
  draft.parent.set(key, parentKey);
  draft.touched.add(parentKey);
}

/** Adds a row the plan creates, at the end of `parentKey`'s list, or at `index`. */
export function create(
  draft: Draft,
  type: NodeType,
  row: StructureRow,
  parentKey: string,
  index?: number,
): string {
  const key = nodeKey(type, row.id);
  draft.items.set(key, { type, id: row.id, row, created: true });
  draft.children.set(key, []);
  if (index === undefined) {
    listOf(draft, parentKey).push(key);
    draft.parent.set(key, parentKey);
  } else {
    insert(draft, key, parentKey, index);
  }
  return key;
}

/** Into the trash; its own list stays as it is (its children go with it unless moved first). */
export function trash(draft: Draft, key: string): void {
  detach(draft, key);
  draft.trashed.push(key);
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

type Place = Record<string, string | null>;

/** The place fields a row of `type` gets under the parent `parentKey`. */
function placeUnder(draft: Draft, type: NodeType, parentKey: string, parentPlace: Place): Place {
  if (type === 'section') return {};
  const parent = draft.items.get(parentKey);
  if (type === 'outline') return { group_id: parent?.type === 'section' ? parent.id : null };
  switch (parent?.type) {
    case 'section':
      return { group_id: parent.id, outline_id: null, chapter_id: null };
    case 'outline':
      return { group_id: parentPlace.group_id ?? null, outline_id: parent.id, chapter_id: null };
    case 'chapter':
      return {
        group_id: parentPlace.group_id ?? null,
        outline_id: parentPlace.outline_id ?? null,
        chapter_id: parent.id,
      };
    default:
      return { group_id: null, outline_id: null, chapter_id: null };
  }
}

/**
 * The writes that turn the stored rows into the draft: saves in tree order (a parent before
 * its children), then the trash, children before their containers.
 */
export function writesOf(draft: Draft): BinderWrite[] {
  const writes: BinderWrite[] = [];
  const visit = (parentKey: string, parentPlace: Place, changed: boolean) => {
    const renumber = draft.touched.has(parentKey);
    (draft.children.get(parentKey) ?? []).forEach((key, index) => {
      const item = draft.items.get(key);
      if (!item) return;
      const place = placeUnder(draft, item.type, parentKey, parentPlace);
      const fields: Record<string, unknown> = { ...place };
      if (renumber) fields._order = index;
      const check = changed || renumber || item.created;
      if (check) {
        const diff = item.created
          ? { ...item.row, ...fields }
          : Object.fromEntries(
              Object.entries(fields).filter(([field, value]) => !same(item.row[field], value)),
            );
        Reflect.deleteProperty(diff, 'id');
        Reflect.deleteProperty(diff, 'updated_at');
        if (Object.keys(diff).length > 0) {
          writes.push({ op: 'save', kind: KIND_OF[item.type], id: item.id, fields: diff });
        }
      }
      visit(key, { ...parentPlace, ...place }, check);
    });
  };
  visit(ROOT, {}, false);
  for (const key of draft.trashed) {
    const item = draft.items.get(key);
    if (item) writes.push({ op: 'trash', kind: KIND_OF[item.type], id: item.id });
  }
  return writes;
}
