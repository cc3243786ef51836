/**
 * The binder's tree, built from the workspace's rows: sections (groups of type 'chapters'),
 * outlines (in a section or at the top), chapters (in a section, an outline or at the top) and
 * subchapters, one level under a top-level chapter. Plain data: no React, no writes (those are
 * planned in `binder-plan.ts`).
 */
import type { ChapterRow, GroupRow, StructureRow, Workspace } from '../workspace/types';

export type NodeType = 'section' | 'outline' | 'chapter';
/** The writer's kinds of the binder's rows. */
export type StructureKind = 'groups' | 'outlines' | 'chapters';

/** The key of the top level; every other parent key is a node key. */
export const ROOT = 'root';

export interface BinderNode {
  /** `${type}:${id}`: ids of different kinds never meet. */
  key: string;
  type: NodeType;
  id: string;
  row: StructureRow;
  name: string;
  /** `ROOT` or the parent's key. */
  parentKey: string;
  /** 0 at the top level. */
  depth: number;
  children: BinderNode[];
}

export interface BinderTree {
  roots: BinderNode[];
  nodes: ReadonlyMap<string, BinderNode>;
}

export const KIND_OF: Record<NodeType, StructureKind> = {
  section: 'groups',
  outline: 'outlines',
  chapter: 'chapters',
};

export function nodeKey(type: NodeType, id: string): string {
  return `${type}:${id}`;
}

const isLive = (row: StructureRow) => row.deleted_at === undefined || row.deleted_at === null;

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The binder's order of siblings: `_order`, then `created_at`, then id. */
export function compareRows(a: StructureRow, b: StructureRow): number {
  return (
    numberOr(a._order, 0) - numberOr(b._order, 0) ||
    numberOr(a.created_at, 0) - numberOr(b.created_at, 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Where a chapter lives: its parent chapter, else its outline, else its section, else the top. */
function chapterParent(
  chapter: ChapterRow,
  topChapters: ReadonlySet<string>,
  outlines: ReadonlySet<string>,
  sections: ReadonlySet<string>,
): string {
  const { chapter_id: parent, outline_id: outline, group_id: group } = chapter;
  if (parent && parent !== chapter.id && topChapters.has(parent)) return nodeKey('chapter', parent);
  if (outline && outlines.has(outline)) return nodeKey('outline', outline);
  if (group && sections.has(group)) return nodeKey('section', group);
  return ROOT;
}

/**
 * The tree of the workspace's live rows, every level sorted by `compareRows`. A row whose
 * parent is missing (in the trash, another kind, or a subchapter) is shown one level up.
 */
export function buildTree(
  workspace: Pick<Workspace, 'groups' | 'outlines' | 'chapters'>,
): BinderTree {
  const groups = workspace.groups.filter((g: GroupRow) => isLive(g) && g.type !== 'elements');
  const outlines = workspace.outlines.filter(isLive);
  const chapters = workspace.chapters.filter(isLive);
  const sectionIds = new Set(groups.map((g) => g.id));
  const outlineIds = new Set(outlines.map((o) => o.id));
  const chapterIds = new Set(chapters.map((c) => c.id));
  // A top-level chapter is one whose own parent chapter does not count.
  const topChapterIds = new Set(
    chapters
      .filter((c) => !c.chapter_id || c.chapter_id === c.id || !chapterIds.has(c.chapter_id))
      .map((c) => c.id),
  );

  const entries: { node: BinderNode; parentKey: string }[] = [];
  const add = (type: NodeType, row: StructureRow, parentKey: string) => {
    const node: BinderNode = {
      key: nodeKey(type, row.id),
      type,
      id: row.id,
      row,
      name: typeof row.name === 'string' ? row.name : '',
      parentKey,
      depth: 0,
      children: [],
    };
    entries.push({ node, parentKey });
  };
  for (const group of groups) add('section', group, ROOT);
  for (const outline of outlines) {
    const group = outline.group_id;
    add('outline', outline, group && sectionIds.has(group) ? nodeKey('section', group) : ROOT);
  }
  for (const chapter of chapters) {
    add('chapter', chapter, chapterParent(chapter, topChapterIds, outlineIds, sectionIds));
  }

  const nodes = new Map(entries.map(({ node }) => [node.key, node]));
  const roots: BinderNode[] = [];
  for (const { node, parentKey } of entries) {
    const parent = nodes.get(parentKey);
    (parent ? parent.children : roots).push(node);
  }
  const settle = (list: BinderNode[], depth: number) => {
    list.sort((a, b) => compareRows(a.row, b.row));
    for (const node of list) {
      node.depth = depth;
      settle(node.children, depth + 1);
    }
  };
  settle(roots, 0);
  return { roots, nodes };
}

/** The children of `parentKey` (`ROOT` for the top level). */
export function childrenOf(tree: BinderTree, parentKey: string): readonly BinderNode[] {
  return parentKey === ROOT ? tree.roots : (tree.nodes.get(parentKey)?.children ?? []);
}

/** How the binder names a node's kind: 'chapter', 'scene' or 'subchapter', 'section', 'outline'. */
export type NodeLabel = 'section' | 'outline' | 'chapter' | 'scene' | 'subchapter';

export function isSubchapter(tree: BinderTree, node: BinderNode): boolean {
  return node.type === 'chapter' && tree.nodes.get(node.parentKey)?.type === 'chapter';
}

export function nodeLabel(
  tree: BinderTree,
  node: BinderNode,
  subchaptersAsScenes: boolean,
): NodeLabel {
  if (!isSubchapter(tree, node)) return node.type;
  return subchaptersAsScenes ? 'scene' : 'subchapter';
}

/** Whether `node` may live under `parentKey` (ADR 0005: one level of subchapters only). */
export function canContain(tree: BinderTree, parentKey: string, node: BinderNode): boolean {
  if (parentKey === node.key) return false;
  if (parentKey === ROOT) return true;
  const parent = tree.nodes.get(parentKey);
  if (!parent) return false;
  switch (node.type) {
    case 'section':
      return false;
    case 'outline':
      return parent.type === 'section';
    case 'chapter':
      if (parent.type !== 'chapter') return true;
      // parent_is_subchapter: the new parent must be top level; a chapter with subchapters
      // would make its own children subchapters of a subchapter.
      return !isSubchapter(tree, parent) && node.children.length === 0;
  }
}

/** Every node below `node`, depth first. */
export function descendants(node: BinderNode): BinderNode[] {
  return node.children.flatMap((child) => [child, ...descendants(child)]);
}

export interface FlatNode {
  node: BinderNode;
  key: string;
  depth: number;
  parentKey: string;
}

/** The visible rows, depth first, without the children of collapsed nodes (nor of `skip`). */
export function flattenTree(
  tree: BinderTree,
  collapsed: ReadonlySet<string>,
  skip?: string,
): FlatNode[] {
  const out: FlatNode[] = [];
  const walk = (list: readonly BinderNode[]) => {
    for (const node of list) {
      out.push({ node, key: node.key, depth: node.depth, parentKey: node.parentKey });
      if (!collapsed.has(node.key) && node.key !== skip) walk(node.children);
    }
  };
  walk(tree.roots);
  return out;
}
