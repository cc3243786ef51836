/**
 * The binder's rules as plans (deletion, ordering, promote and demote, names): each takes the
 * tree and says which rows to write. Nothing here writes; `applyWrites` does, through the
 * workspace's writer.
 */
import { MOVED_UP_ORDER_OFFSET, PROTECTED_FIELDS, TITLE_MAX } from '@/storage';

import { NO_STATUS_ID } from '../workspace/statuses';
import type { StructureRow, Workspace } from '../workspace/types';
import { create, detach, draftOf, insert, listOf, trash, writesOf } from './binder-draft';
import type { BinderWrite } from './binder-draft';
import {
  canContain,
  childrenOf,
  compareRows,
  descendants,
  isSubchapter,
  KIND_OF,
  ROOT,
} from './binder-tree';
import type { BinderNode, BinderTree, NodeType } from './binder-tree';

export type { BinderWrite } from './binder-draft';

/** A duplicate sits this far after its original before the renumbering. */
export const DUPLICATE_ORDER_OFFSET = 0.1;
/** `settings.status_id` of a chapter without a status. */
export const NO_STATUS = NO_STATUS_ID;

export type NameProblem = 'name_required' | 'name_too_long';

/** A name is required and at most `TITLE_MAX` characters. */
export function checkName(name: string): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'name_required';
  if (trimmed.length > TITLE_MAX) return 'name_too_long';
  return null;
}

function nodeOf(tree: BinderTree, key: string): BinderNode {
  const node = tree.nodes.get(key);
  if (!node) throw new Error(`No binder node ${key}`);
  return node;
}

/**
 * Moves `key` to `index` among `parentKey`'s children (the index counted without the node
 * itself). An empty plan when the move is not allowed or changes nothing.
 */
export function planMove(
  tree: BinderTree,
  key: string,
  parentKey: string,
  index: number,
): BinderWrite[] {
  const node = nodeOf(tree, key);
  if (!canContain(tree, parentKey, node)) return [];
  if (parentKey !== ROOT && descendants(node).some((d) => d.key === parentKey)) return [];
  const staying = node.parentKey === parentKey;
  if (staying && childrenOf(tree, parentKey).indexOf(node) === index) return [];
  const draft = draftOf(tree);
  detach(draft, key);
  insert(draft, key, parentKey, index);
  return writesOf(draft);
}

/** The chapter a chapter would be demoted under: the top-level chapter just above it. */
export function demoteTarget(tree: BinderTree, key: string): BinderNode | null {
  const node = tree.nodes.get(key);
  if (node?.type !== 'chapter' || isSubchapter(tree, node) || node.children.length > 0) return null;
  const siblings = childrenOf(tree, node.parentKey);
  const above = siblings[siblings.indexOf(node) - 1];
  return above?.type === 'chapter' ? above : null;
}

/** Demote: the chapter becomes the last subchapter of the chapter above it. */
export function planDemote(tree: BinderTree, key: string): BinderWrite[] {
  const target = demoteTarget(tree, key);
  return target ? planMove(tree, key, target.key, target.children.length) : [];
}

/** Promote: a subchapter becomes a chapter right after its former parent. */
export function planPromote(tree: BinderTree, key: string): BinderWrite[] {
  const node = nodeOf(tree, key);
  if (!isSubchapter(tree, node)) return [];
  const parent = nodeOf(tree, node.parentKey);
  const index = childrenOf(tree, parent.parentKey).indexOf(parent);
  return planMove(tree, key, parent.parentKey, index + 1);
}

/** The fields a new row of `type` starts with (its place and `_order` come from the plan). */
function freshRow(type: NodeType, id: string, name: string, order: number): StructureRow {
  const row = { id, name, _order: order } as StructureRow;
  if (type === 'section') row.type = 'chapters';
  if (type === 'chapter') row.settings = { status_id: NO_STATUS };
  return row;
}

/** Adds a row at the end of `parentKey`'s list: `_order` after its last sibling. */
export function planAdd(
  tree: BinderTree,
  type: NodeType,
  parentKey: string,
  name: string,
  id: string,
): BinderWrite[] {
  const probe = freshRow(type, id, name, 0);
  const siblings = childrenOf(tree, parentKey);
  if (parentKey !== ROOT) {
    const fake: BinderNode = {
      key: `${type}:${id}`,
      type,
      id,
      row: probe,
      name,
      parentKey,
      depth: 0,
      children: [],
    };
    if (!canContain(tree, parentKey, fake)) return [];
  }
  const last = siblings.at(-1);
  const order = last ? Math.floor(last.row._order ?? 0) + 1 : 0;
  const draft = draftOf(tree);
  create(draft, type, freshRow(type, id, name.trim(), order), parentKey);
  return writesOf(draft);
}

/** Renames a row (the name trimmed); an empty plan when the name is not valid. */
export function planRename(tree: BinderTree, key: string, name: string): BinderWrite[] {
  const node = nodeOf(tree, key);
  if (checkName(name) !== null || name.trim() === node.name) return [];
  return [{ op: 'save', kind: KIND_OF[node.type], id: node.id, fields: { name: name.trim() } }];
}

/** 'Copy of <name>', clipped to 255 characters. */
export function copyName(name: string, prefix: string): string {
  return `${prefix}${name}`.slice(0, TITLE_MAX);
}

/**
 * Fields a copy never takes over: those no caller may set (identity, times, local marks), the
 * row's kind (the copy's is set where it is stored) and its text (copied as a document).
 */
const NOT_COPIED = new Set([...PROTECTED_FIELDS, 'kind', 'content']);

function copyRow(row: StructureRow, id: string, name: string): StructureRow {
  const copy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    if (!NOT_COPIED.has(field)) copy[field] = structuredClone(value);
  }
  const settings = copy.settings as Record<string, unknown> | undefined;
  if (settings) {
    Reflect.deleteProperty(settings, 'shared');
    Reflect.deleteProperty(settings, 'share_link_hash');
  }
  return { ...copy, id, name } as StructureRow;
}

export interface DuplicatePlan {
  writes: BinderWrite[];
  /** [original chapter id, copy id] for every chapter whose text is to be copied. */
  copies: [string, string][];
}

/**
 * Duplicates a row with everything under it (a chapter with its subchapters, an outline or a
 * section with its rows). The copy's `_order` is the original's +0.1, then the siblings are
 * renumbered. `newId` names the copies; `prefix` ('Copy of ') goes before the copied row's name,
 * not its children's.
 */
export function planDuplicate(
  tree: BinderTree,
  key: string,
  prefix: string,
  newId: () => string,
): DuplicatePlan {
  const node = nodeOf(tree, key);
  const draft = draftOf(tree);
  const copies: [string, string][] = [];
  const copyUnder = (original: BinderNode, parentKey: string, index?: number, name?: string) => {
    const id = newId();
    const copy = copyRow(original.row, id, name ?? original.name);
    if (index !== undefined) copy._order = (original.row._order ?? 0) + DUPLICATE_ORDER_OFFSET;
    const copyKey = create(draft, original.type, copy, parentKey, index);
    if (original.type === 'chapter') copies.push([original.id, id]);
    for (const child of original.children) copyUnder(child, copyKey);
    draft.touched.add(copyKey);
  };
  const index = listOf(draft, node.parentKey).indexOf(key) + 1;
  copyUnder(node, node.parentKey, index, copyName(node.name, prefix));
  return { writes: writesOf(draft), copies };
}

export type ChildrenChoice = 'move_up' | 'delete';

/**
 * Into the trash: a container's children either move up to its parent (their `_order` + 99999, then
 * renumbered) or go to the trash with it. When no live chapter would be left, an 'Untitled Chapter'
 * (`fallbackName`, id `newId()`) is added at the top.
 */
export function planDelete(
  tree: BinderTree,
  key: string,
  children: ChildrenChoice,
  fallback: { name: string; newId: () => string },
): BinderWrite[] {
  const node = nodeOf(tree, key);
  const draft = draftOf(tree);
  const gone = new Set([key]);
  if (children === 'delete') {
    for (const child of descendants(node).reverse()) {
      trash(draft, child.key);
      gone.add(child.key);
    }
  } else if (node.children.length > 0) {
    const parentKey = node.parentKey;
    const order = (n: BinderNode) => n.row._order ?? 0;
    const moved = new Set(node.children.map((c) => c.key));
    const placed = [...childrenOf(tree, parentKey).filter((s) => s.key !== key), ...node.children]
      .map((n) => ({
        n,
        row: { ...n.row, _order: order(n) + (moved.has(n.key) ? MOVED_UP_ORDER_OFFSET : 0) },
      }))
      .sort((a, b) => compareRows(a.row, b.row));
    for (const child of node.children) detach(draft, child.key);
    const list = listOf(draft, parentKey);
    list.splice(0, list.length, ...placed.map(({ n }) => n.key));
    for (const child of node.children) draft.parent.set(child.key, parentKey);
  }
  trash(draft, key);
  const chaptersLeft = [...tree.nodes.values()].some(
    (n) => n.type === 'chapter' && !gone.has(n.key),
  );
  if (!chaptersLeft) {
    const roots = listOf(draft, ROOT);
    const lastRoot = roots.at(-1);
    const lastRow = lastRoot ? draft.items.get(lastRoot)?.row : undefined;
    const next = draft.touched.has(ROOT) ? roots.length : Math.floor(lastRow?._order ?? -1) + 1;
    create(draft, 'chapter', freshRow('chapter', fallback.newId(), fallback.name, next), ROOT);
  }
  return writesOf(draft);
}

/** A chapter's status (`settings.status_id`, -1 for none), the other settings kept. */
export function planStatus(tree: BinderTree, key: string, statusId: number): BinderWrite[] {
  const node = nodeOf(tree, key);
  const settings = node.row.settings ?? {};
  if (node.type !== 'chapter' || (settings.status_id ?? NO_STATUS) === statusId) return [];
  return [
    {
      op: 'save',
      kind: 'chapters',
      id: node.id,
      fields: { settings: { ...settings, status_id: statusId } },
    },
  ];
}

/** A row's colour (`meta.color`: 6 hex digits without '#', or null), the other meta kept. */
export function planColor(tree: BinderTree, key: string, color: string | null): BinderWrite[] {
  const node = nodeOf(tree, key);
  const meta = node.row.meta ?? {};
  if ((meta.color ?? null) === color) return [];
  return [
    { op: 'save', kind: KIND_OF[node.type], id: node.id, fields: { meta: { ...meta, color } } },
  ];
}

/** Writes a plan through the workspace's writer, in order. */
export async function applyWrites(
  workspace: Pick<Workspace, 'writer' | 'manuscript'>,
  writes: readonly BinderWrite[],
): Promise<void> {
  const manuscriptId = workspace.manuscript.id;
  for (const write of writes) {
    if (write.op === 'trash') await workspace.writer.trash(write.kind, write.id);
    else {
      await workspace.writer.save(write.kind, {
        ...write.fields,
        id: write.id,
        manuscript_id: manuscriptId,
      });
    }
  }
}
