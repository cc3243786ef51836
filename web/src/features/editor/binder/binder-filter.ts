/**
 * The binder's tree narrowed to some chapters (those mentioning a story element), and its
 * chapters in reading order for other screens. Plain data over `binder-tree.ts`.
 */
import type { Workspace } from '../workspace/types';
import { buildTree, flattenTree } from './binder-tree';
import type { BinderNode, BinderTree } from './binder-tree';

/**
 * The tree holding only the chapters in `keep` and what they sit in (their sections, outlines
 * and parent chapters), so the filtered binder still reads as the manuscript's structure.
 */
export function filterTree(tree: BinderTree, keep: ReadonlySet<string>): BinderTree {
  const nodes = new Map<string, BinderNode>();
  const narrow = (list: readonly BinderNode[]): BinderNode[] =>
    list.flatMap((node) => {
      const children = narrow(node.children);
      const kept = node.type === 'chapter' && keep.has(node.id);
      if (!kept && children.length === 0) return [];
      const copy = { ...node, children };
      nodes.set(copy.key, copy);
      return [copy];
    });
  const roots = narrow(tree.roots);
  return { roots, nodes };
}

/** How many of the tree's chapters are in `keep`. */
export function countKept(tree: BinderTree, keep: ReadonlySet<string>): number {
  let count = 0;
  for (const node of tree.nodes.values()) if (node.type === 'chapter' && keep.has(node.id)) count++;
  return count;
}

/** A chapter as the binder lists it: its id and its name ('' when it has none). */
export interface BinderChapter {
  id: string;
  name: string;
}

/** The live chapters and subchapters in the binder's order, top to bottom. */
export function chaptersInBinderOrder(
  workspace: Pick<Workspace, 'groups' | 'outlines' | 'chapters'>,
): BinderChapter[] {
  return flattenTree(buildTree(workspace), new Set())
    .filter(({ node }) => node.type === 'chapter')
    .map(({ node }) => ({ id: node.id, name: node.name }));
}
