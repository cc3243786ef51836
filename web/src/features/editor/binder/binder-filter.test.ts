import { describe, expect, it } from 'vitest';

import { buildWorkspace } from '@/testing/build-workspace';
import type { WorkspaceSeed } from '@/testing/build-workspace';

import { chaptersInBinderOrder, countKept, filterTree } from './binder-filter';
import { buildTree, flattenTree } from './binder-tree';
import type { BinderTree } from './binder-tree';

const novel: WorkspaceSeed = {
  groups: [
    { id: 'partOne', name: 'Part One', type: 'chapters', _order: 1 },
    { id: 'partTwo', name: 'Part Two', type: 'chapters', _order: 2 },
    { id: 'cast', name: 'Cast', type: 'elements', _order: 0 },
  ],
  outlines: [{ id: 'plan', name: 'Plan', group_id: 'partTwo', _order: 0 }],
  chapters: [
    { id: 'prologue', name: 'Prologue', _order: 0 },
    { id: 'one', name: 'Chapter One', group_id: 'partOne', _order: 0 },
    { id: 'oneA', name: 'The Storm', chapter_id: 'one', group_id: 'partOne', _order: 0 },
    { id: 'two', name: 'Chapter Two', group_id: 'partOne', _order: 1 },
    { id: 'three', name: '', outline_id: 'plan', _order: 0 },
    { id: 'gone', name: 'Gone', _order: 3, deleted_at: 5 },
  ],
};

function shape(tree: BinderTree): string[] {
  return flattenTree(tree, new Set()).map((r) => `${'  '.repeat(r.depth)}${r.node.name}`);
}

describe('the binder filtered to some chapters', () => {
  const tree = buildTree(buildWorkspace(novel).workspace);

  it('keeps those chapters in their sections, outlines and parent chapters', () => {
    const filtered = filterTree(tree, new Set(['oneA', 'three']));
    expect(shape(filtered)).toEqual([
      'Part One',
      '  Chapter One',
      '    The Storm',
      'Part Two',
      '  Plan',
      '    ',
    ]);
    expect(countKept(filtered, new Set(['oneA', 'three']))).toBe(2);
    // The parent chapter is there for the place, not counted.
    expect(countKept(filtered, new Set(['oneA']))).toBe(1);
  });

  it('shows a kept chapter’s place without its other children, and leaves the tree itself alone', () => {
    const filtered = filterTree(tree, new Set(['one', 'prologue']));
    expect(shape(filtered)).toEqual(['Prologue', 'Part One', '  Chapter One']);
    expect(filtered.nodes.get('chapter:one')?.children).toEqual([]);
    expect(tree.nodes.get('chapter:one')?.children).toHaveLength(1);
  });

  it('shows nothing when no chapter is kept', () => {
    const filtered = filterTree(tree, new Set());
    expect(filtered.roots).toEqual([]);
    expect(filtered.nodes.size).toBe(0);
  });
});

describe('the chapters in the binder’s order', () => {
  it('lists live chapters and subchapters top to bottom with their names', () => {
    expect(chaptersInBinderOrder(buildWorkspace(novel).workspace)).toEqual([
      { id: 'prologue', name: 'Prologue' },
      { id: 'one', name: 'Chapter One' },
      { id: 'oneA', name: 'The Storm' },
      { id: 'two', name: 'Chapter Two' },
      { id: 'three', name: '' },
    ]);
  });
});
