/**
 * Where a dragged row lands in the flattened tree (the dnd-kit sortable-tree approach): the row
 * goes where the row under the pointer is, and the horizontal offset picks the depth, between
 * the depth of the row below it and one deeper than the row above it; the depth whose parent
 * may hold the row (sections at the top, outlines in sections, one level of subchapters) wins.
 */
import { canContain, ROOT } from './binder-tree';
import type { BinderTree, FlatNode } from './binder-tree';

export interface Drop {
  parentKey: string;
  /** Among the parent's children, the dragged row not counted. */
  index: number;
  depth: number;
}

/**
 * `rows` are the visible rows without the dragged row's children; `depthOffset` is the
 * horizontal drag offset in indentation steps.
 */
export function projectDrop(
  tree: BinderTree,
  rows: readonly FlatNode[],
  activeKey: string,
  overKey: string,
  depthOffset: number,
  collapsed: ReadonlySet<string>,
): Drop | null {
  const activeIndex = rows.findIndex((r) => r.key === activeKey);
  const overIndex = rows.findIndex((r) => r.key === overKey);
  const active = rows[activeIndex];
  if (!active || overIndex < 0) return null;
  const moved = rows.filter((r) => r.key !== activeKey);
  moved.splice(overIndex, 0, active);
  const above = moved[overIndex - 1];
  const below = moved[overIndex + 1];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? Math.min(below.depth, maxDepth) : 0;
  const wanted = active.depth + depthOffset;

  /** The parent a row at `depth` would have: the nearest row above at `depth - 1`. */
  const parentAt = (depth: number): string | null => {
    if (depth === 0) return ROOT;
    for (let i = overIndex - 1; i >= 0; i -= 1) {
      const row = moved[i];
      if (row?.depth === depth - 1) return row.key;
      if (row && row.depth < depth - 1) return null;
    }
    return null;
  };

  const choices: { depth: number; parentKey: string; score: number }[] = [];
  for (let depth = 0; depth <= maxDepth; depth += 1) {
    const parentKey = parentAt(depth);
    if (parentKey === null || !canContain(tree, parentKey, active.node)) continue;
    // Depths that keep the row below in its place come first.
    const score = Math.abs(depth - wanted) + (depth < minDepth ? 100 : 0);
    choices.push({ depth, parentKey, score });
  }
  choices.sort((a, b) => a.score - b.score || b.depth - a.depth);
  const best = choices[0];
  if (!best) return null;

  const parent = tree.nodes.get(best.parentKey);
  const index =
    parent && collapsed.has(parent.key)
      ? parent.children.filter((c) => c.key !== activeKey).length
      : moved.slice(0, overIndex).filter((r) => r.parentKey === best.parentKey).length;
  return { parentKey: best.parentKey, index, depth: best.depth };
}
