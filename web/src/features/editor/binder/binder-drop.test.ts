import { describe, expect, it } from 'vitest';

import { cleanHexInput, cssColor, normalizeHex } from '@/lib/colors';
import { buildWorkspace } from '@/testing/build-workspace';

import { projectDrop } from './binder-drop';
import { buildTree, flattenTree, nodeKey, ROOT } from './binder-tree';

const ch = (id: string) => nodeKey('chapter', id);

const tree = buildTree(
  buildWorkspace({
    groups: [{ id: 'part', name: 'Part', type: 'chapters', _order: 1 }],
    chapters: [
      { id: 'a', name: 'A', _order: 0 },
      { id: 'b', name: 'B', group_id: 'part', _order: 0 },
      { id: 'b1', name: 'B1', chapter_id: 'b', _order: 0 },
      { id: 'c', name: 'C', _order: 2 },
      { id: 'd', name: 'D', _order: 3 },
    ],
  }).workspace,
);
// A · Part · (B · (B1)) · C · D
const none = new Set<string>();

/** Where `key` lands when dragged over `over` with `steps` of horizontal offset. */
function land(key: string, over: string, steps: number, collapsed: ReadonlySet<string> = none) {
  const rows = flattenTree(tree, collapsed, key);
  return projectDrop(tree, rows, key, over, steps, collapsed);
}

describe('where a dragged row lands', () => {
  it('stays a sibling without a horizontal offset', () => {
    expect(land(ch('d'), ch('c'), 0)).toEqual({ parentKey: ROOT, index: 2, depth: 0 });
  });

  it('nests under the chapter above when dragged right (demote by drag)', () => {
    expect(land(ch('d'), ch('d'), 1)).toEqual({ parentKey: ch('c'), index: 0, depth: 1 });
  });

  it('un-nests when dragged left (promote by drag)', () => {
    // B1 is the last row of Part: dragged two steps left it lands at the top level after Part.
    expect(land(ch('b1'), ch('b1'), -2)).toEqual({ parentKey: ROOT, index: 2, depth: 0 });
    expect(land(ch('b1'), ch('b1'), -1)).toEqual({
      parentKey: nodeKey('section', 'part'),
      index: 1,
      depth: 1,
    });
  });

  it('never nests under a subchapter, nor a chapter that has subchapters', () => {
    // Dragged up over B1 (so just above it) and far right: B1 sits under B, so C goes there too.
    expect(land(ch('c'), ch('b1'), 5)).toEqual({ parentKey: ch('b'), index: 0, depth: 2 });
    // Dragged down over D, far right: under D's place C nests under D, never deeper.
    expect(land(ch('c'), ch('d'), 5)).toEqual({ parentKey: ch('d'), index: 0, depth: 1 });
    // B has a subchapter: it cannot go under A.
    const rows = flattenTree(tree, none, ch('b'));
    const drop = projectDrop(tree, rows, ch('b'), ch('a'), 3, none);
    expect(drop?.parentKey).not.toBe(ch('a'));
  });

  it('keeps sections at the top level', () => {
    const rows = flattenTree(tree, none, nodeKey('section', 'part'));
    const drop = projectDrop(tree, rows, nodeKey('section', 'part'), ch('c'), 2, none);
    expect(drop).toEqual({ parentKey: ROOT, index: 2, depth: 0 });
  });

  it('goes last into a collapsed parent', () => {
    const collapsed = new Set([ch('b')]);
    expect(land(ch('d'), ch('c'), 3, collapsed)).toMatchObject({ parentKey: ch('b'), index: 1 });
  });
});

describe('colour data', () => {
  it("keeps at most 6 characters of a hex colour and strips '#'", () => {
    expect(cleanHexInput('#12#ab34ff')).toBe('12ab34');
    expect(normalizeHex('#12ab34')).toBe('12AB34');
    expect(normalizeHex('12ab3')).toBe('');
    expect(cssColor('fa5252')).toBe('#FA5252');
    expect(cssColor(null)).toBeNull();
  });
});
