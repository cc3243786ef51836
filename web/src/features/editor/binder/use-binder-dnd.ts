/**
 * Dragging binder rows with dnd-kit: a pointer (after 5 px) or the keyboard (Space lifts, Up and
 * Down move, Right and Left change the depth by one step, Space drops, Escape cancels). The
 * landing place is `projectDrop`'s, read from the flattened visible rows.
 */
import {
  closestCenter,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type {
  Announcements,
  DragEndEvent,
  DragMoveEvent,
  DragOverEvent,
  DragStartEvent,
  KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { projectDrop } from './binder-drop';
import type { Drop } from './binder-drop';
import { INDENT } from './binder-row';
import { flattenTree } from './binder-tree';
import type { BinderTree, FlatNode } from './binder-tree';

interface DragState {
  activeKey: string;
  overKey: string;
  offsetX: number;
}

interface Live {
  tree: BinderTree;
  rows: readonly FlatNode[];
  collapsed: ReadonlySet<string>;
  drag: DragState | null;
  drop: Drop | null;
}

/** The drag offset (in steps) that lands one valid depth deeper (+1) or shallower (-1). */
function nextDepthOffset(live: Live, direction: 1 | -1): number | null {
  const { tree, rows, collapsed, drag, drop } = live;
  const active = rows.find((r) => r.key === drag?.activeKey);
  if (!drag || !drop || !active) return null;
  for (let depth = drop.depth + direction; depth >= 0 && depth <= rows.length; depth += direction) {
    const offset = depth - active.depth;
    const next = projectDrop(tree, rows, drag.activeKey, drag.overKey, offset, collapsed);
    if (next && next.depth !== drop.depth) return offset;
  }
  return null;
}

const DOWN: string = KeyboardCode.Down;
const UP: string = KeyboardCode.Up;
const RIGHT: string = KeyboardCode.Right;
const LEFT: string = KeyboardCode.Left;

/** Up and Down go to the next row's place; Left and Right change the depth by one step. */
function treeKeyboardCoordinates(
  event: KeyboardEvent,
  { currentCoordinates, context }: Parameters<KeyboardCoordinateGetter>[1],
  live: Live,
): ReturnType<KeyboardCoordinateGetter> {
  const { active, over, collisionRect, droppableRects, droppableContainers } = context;
  if (!active || !collisionRect) return undefined;
  if (event.code === LEFT || event.code === RIGHT) {
    event.preventDefault();
    const offset = nextDepthOffset(live, event.code === RIGHT ? 1 : -1);
    if (offset === null || !live.drag) return undefined;
    return { ...currentCoordinates, x: currentCoordinates.x + offset * INDENT - live.drag.offsetX };
  }
  if (event.code !== UP && event.code !== DOWN) return undefined;
  event.preventDefault();
  const at = live.rows.findIndex((r) => r.key === (over?.id ?? active.id));
  const next = live.rows[at + (event.code === DOWN ? 1 : -1)];
  if (!next || !droppableContainers.get(next.key)) return undefined;
  const rect = droppableRects.get(next.key);
  if (!rect) return undefined;
  return { x: currentCoordinates.x, y: currentCoordinates.y + (rect.top - collisionRect.top) };
}

export interface BinderDnd {
  sensors: ReturnType<typeof useSensors>;
  collisionDetection: typeof closestCenter;
  /** The visible rows; while dragging, without the dragged row's children. */
  rows: readonly FlatNode[];
  activeKey: string | null;
  drop: Drop | null;
  /** While dragging: where the row would go, for a live region. */
  placeText: string;
  announcements: Announcements;
  onDragStart: (event: DragStartEvent) => void;
  onDragMove: (event: DragMoveEvent) => void;
  onDragOver: (event: DragOverEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
}

export function useBinderDnd(
  tree: BinderTree,
  collapsed: ReadonlySet<string>,
  onDrop: (key: string, drop: Drop) => void,
): BinderDnd {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<DragState | null>(null);
  const rows = useMemo(
    () => flattenTree(tree, collapsed, drag?.activeKey),
    [tree, collapsed, drag?.activeKey],
  );
  const drop = useMemo(
    () =>
      drag
        ? projectDrop(
            tree,
            rows,
            drag.activeKey,
            drag.overKey,
            Math.round(drag.offsetX / INDENT),
            collapsed,
          )
        : null,
    [tree, rows, drag, collapsed],
  );
  const live = useRef<Live>({ tree, rows, collapsed, drag, drop });
  useLayoutEffect(() => {
    live.current = { tree, rows, collapsed, drag, drop };
  });

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, args) => treeKeyboardCoordinates(event, args, live.current),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const nameOf = (id: unknown) => {
    const node = tree.nodes.get(String(id));
    return node?.name ?? '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('binder.drag.picked', { name: nameOf(active.id) }),
    // Where the row would go is said by the binder's own live region (`placeText`).
    onDragOver: () => undefined,
    onDragEnd: ({ active }) => t('binder.drag.dropped', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('binder.drag.cancelled', { name: nameOf(active.id) }),
  };

  const parent = drop ? tree.nodes.get(drop.parentKey) : undefined;
  const placeText =
    drag && drop
      ? t('binder.drag.over', {
          name: nameOf(drag.activeKey),
          parent: parent ? parent.name || t('binder.unnamed') : t('binder.top_level'),
          position: drop.index + 1,
        })
      : '';

  return {
    sensors,
    placeText,
    collisionDetection: closestCenter,
    rows,
    activeKey: drag?.activeKey ?? null,
    drop,
    announcements,
    onDragStart({ active }) {
      const key = String(active.id);
      setDrag({ activeKey: key, overKey: key, offsetX: 0 });
    },
    onDragMove({ delta }) {
      setDrag((d) => (d && d.offsetX !== delta.x ? { ...d, offsetX: delta.x } : d));
    },
    onDragOver({ over }) {
      if (!over) return;
      setDrag((d) => (d ? { ...d, overKey: String(over.id) } : d));
    },
    onDragEnd({ active }) {
      const landing = live.current.drop;
      setDrag(null);
      if (landing) onDrop(String(active.id), landing);
    },
    onDragCancel() {
      setDrag(null);
    },
  };
}
