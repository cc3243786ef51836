import { describe, expect, it } from 'vitest';

import { buildWorkspace } from '@/testing/build-workspace';
import type { WorkspaceSeed } from '@/testing/build-workspace';

import type { ChapterRow } from '../workspace/types';
import {
  applyWrites,
  checkName,
  demoteTarget,
  planAdd,
  planDelete,
  planDemote,
  planDuplicate,
  planMove,
  planPromote,
  planRename,
} from './binder-plan';
import type { BinderWrite } from './binder-plan';
import { buildTree, canContain, flattenTree, nodeKey, nodeLabel, ROOT } from './binder-tree';
import type { BinderTree } from './binder-tree';

const ch = (id: string) => nodeKey('chapter', id);
const sec = (id: string) => nodeKey('section', id);
const out = (id: string) => nodeKey('outline', id);

/** A rendering of the tree as indented names, easy to compare. */
function shape(tree: BinderTree): string[] {
  return flattenTree(tree, new Set()).map((r) => `${'  '.repeat(r.depth)}${r.node.name}`);
}

/** Applies a plan to a fake workspace and returns the tree it leaves. */
async function after(seed: WorkspaceSeed, plan: (tree: BinderTree) => BinderWrite[]) {
  const fake = buildWorkspace(seed);
  const writes = plan(buildTree(fake.workspace));
  await applyWrites(fake.workspace, writes);
  return { fake, writes, tree: buildTree(fake.workspace) };
}

const chapter = (id: string, name: string, fields: Partial<ChapterRow> = {}) => ({
  id,
  name,
  ...fields,
});

const novel: WorkspaceSeed = {
  groups: [
    { id: 'partOne', name: 'Part One', type: 'chapters', _order: 1 },
    { id: 'cast', name: 'Cast', type: 'elements', _order: 0 },
  ],
  outlines: [{ id: 'plan', name: 'Plan', group_id: 'partOne', _order: 1 }],
  chapters: [
    chapter('prologue', 'Prologue', { _order: 0 }),
    chapter('one', 'One', { group_id: 'partOne', _order: 0 }),
    chapter('oneA', 'One A', { chapter_id: 'one', group_id: 'partOne', _order: 0 }),
    chapter('oneB', 'One B', { chapter_id: 'one', group_id: 'partOne', _order: 1 }),
    chapter('two', 'Two', { group_id: 'partOne', outline_id: 'plan', _order: 0 }),
    chapter('epilogue', 'Epilogue', { _order: 2 }),
    chapter('gone', 'Gone', { _order: 3, deleted_at: 5 }),
  ],
};

describe('building the tree', () => {
  it('nests sections, outlines, chapters and subchapters, each level in order', () => {
    const tree = buildTree(buildWorkspace(novel).workspace);
    expect(shape(tree)).toEqual([
      'Prologue',
      'Part One',
      '  One',
      '    One A',
      '    One B',
      '  Plan',
      '    Two',
      'Epilogue',
    ]);
  });

  it('orders by _order, then created_at, then id', () => {
    const tree = buildTree(
      buildWorkspace({
        chapters: [
          chapter('bbb', 'B', { _order: 1, created_at: 5 }),
          chapter('aaa', 'A', { _order: 1, created_at: 5 }),
          chapter('ccc', 'C', { _order: 1, created_at: 1 }),
          chapter('ddd', 'D', { _order: 0, created_at: 9 }),
        ],
      }).workspace,
    );
    expect(shape(tree)).toEqual(['D', 'C', 'A', 'B']);
  });

  it('shows a row whose parent is missing or a subchapter one level up', () => {
    const tree = buildTree(
      buildWorkspace({
        chapters: [
          chapter('top', 'Top', { _order: 0 }),
          chapter('sub', 'Sub', { chapter_id: 'top' }),
          chapter('deep', 'Deep', { chapter_id: 'sub', _order: 1 }),
          chapter('lost', 'Lost', { chapter_id: 'nowhere', outline_id: 'nothing', _order: 2 }),
        ],
      }).workspace,
    );
    expect(shape(tree)).toEqual(['Top', '  Sub', 'Deep', 'Lost']);
  });

  it("labels chapters 'chapter' and nested ones 'scene' or 'subchapter'", () => {
    const tree = buildTree(buildWorkspace(novel).workspace);
    const one = tree.nodes.get(ch('one'));
    const oneA = tree.nodes.get(ch('oneA'));
    if (!one || !oneA) throw new Error('missing nodes');
    expect(nodeLabel(tree, one, true)).toBe('chapter');
    expect(nodeLabel(tree, oneA, true)).toBe('scene');
    expect(nodeLabel(tree, oneA, false)).toBe('subchapter');
  });
});

describe('moving', () => {
  it('reorders siblings and writes only the rows whose _order changed', async () => {
    const { writes, tree } = await after(novel, (t) => planMove(t, ch('epilogue'), ROOT, 0));
    expect(shape(tree).slice(0, 3)).toEqual(['Epilogue', 'Prologue', 'Part One']);
    expect(writes).toEqual([
      { op: 'save', kind: 'chapters', id: 'epilogue', fields: { _order: 0 } },
      { op: 'save', kind: 'chapters', id: 'prologue', fields: { _order: 1 } },
      { op: 'save', kind: 'groups', id: 'partOne', fields: { _order: 2 } },
    ]);
  });

  it('writes nothing when a row is dropped where it was', () => {
    const tree = buildTree(
      buildWorkspace({
        chapters: [chapter('a', 'A', { _order: 0 }), chapter('b', 'B', { _order: 5 })],
      }).workspace,
    );
    expect(planMove(tree, ch('b'), ROOT, 1)).toEqual([]);
    // Any real move renumbers the list: B's 5 becomes 0 or 1.
    expect(planMove(tree, ch('b'), ROOT, 0)).toHaveLength(2);
  });

  it('moves a chapter into an outline, renumbering both lists', async () => {
    const { writes, tree } = await after(novel, (t) => planMove(t, ch('prologue'), out('plan'), 1));
    expect(shape(tree)).toContain('    Prologue');
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'prologue',
      fields: { group_id: 'partOne', outline_id: 'plan', _order: 1 },
    });
    // The top level closes the gap: Part One 1 → 0, Epilogue 2 → 1.
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'groups',
      id: 'partOne',
      fields: { _order: 0 },
    });
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'epilogue',
      fields: { _order: 1 },
    });
    expect(writes).toHaveLength(3);
  });

  it('moves a chapter with its subchapters, whose section follows', async () => {
    const { writes, tree } = await after(novel, (t) => planMove(t, ch('one'), ROOT, 3));
    expect(shape(tree)).toEqual([
      'Prologue',
      'Part One',
      '  Plan',
      '    Two',
      'Epilogue',
      'One',
      '  One A',
      '  One B',
    ]);
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'oneA',
      fields: { group_id: null },
    });
  });

  it('nests a chapter under a chapter and refuses deeper nesting', () => {
    const tree = buildTree(buildWorkspace(novel).workspace);
    const prologue = tree.nodes.get(ch('prologue'));
    const one = tree.nodes.get(ch('one'));
    if (!prologue || !one) throw new Error('missing nodes');
    expect(canContain(tree, ch('epilogue'), prologue)).toBe(true);
    // parent_is_subchapter: under a subchapter.
    expect(canContain(tree, ch('oneA'), prologue)).toBe(false);
    // A chapter with subchapters cannot become a subchapter.
    expect(canContain(tree, ch('prologue'), one)).toBe(false);
    expect(planMove(tree, ch('one'), ch('prologue'), 0)).toEqual([]);
    // parent_is_self, and sections only at the top.
    expect(canContain(tree, ch('prologue'), prologue)).toBe(false);
    const part = tree.nodes.get(sec('partOne'));
    if (!part) throw new Error('missing section');
    expect(canContain(tree, out('plan'), part)).toBe(false);
  });

  it('promotes a subchapter to a chapter right after its former parent', async () => {
    const { tree, writes } = await after(novel, (t) => planPromote(t, ch('oneA')));
    expect(shape(tree).slice(1, 6)).toEqual([
      'Part One',
      '  One',
      '    One B',
      '  One A',
      '  Plan',
    ]);
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'oneA',
      fields: { chapter_id: null, _order: 1 },
    });
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'oneB',
      fields: { _order: 0 },
    });
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'outlines',
      id: 'plan',
      fields: { _order: 2 },
    });
  });

  it('demotes a chapter under the chapter above it, and not when it has subchapters', async () => {
    const seed: WorkspaceSeed = {
      chapters: [chapter('a', 'A', { _order: 0 }), chapter('b', 'B', { _order: 1 })],
    };
    const { tree } = await after(seed, (t) => planDemote(t, ch('b')));
    expect(shape(tree)).toEqual(['A', '  B']);
    expect(demoteTarget(tree, ch('a'))).toBeNull();
    const first = buildTree(buildWorkspace(novel).workspace);
    expect(demoteTarget(first, ch('prologue'))).toBeNull();
    expect(planDemote(first, ch('one'))).toEqual([]);
  });
});

describe('adding and renaming', () => {
  it('adds after the last sibling without touching the others', () => {
    const tree = buildTree(buildWorkspace(novel).workspace);
    expect(planAdd(tree, 'chapter', ch('one'), 'Untitled Scene', 'newScene')).toEqual([
      {
        op: 'save',
        kind: 'chapters',
        id: 'newScene',
        fields: {
          name: 'Untitled Scene',
          _order: 2,
          settings: { status_id: -1 },
          group_id: 'partOne',
          outline_id: null,
          chapter_id: 'one',
        },
      },
    ]);
    const [section] = planAdd(tree, 'section', ROOT, 'Untitled Section', 'newSection');
    expect(section).toMatchObject({ kind: 'groups', fields: { type: 'chapters', _order: 3 } });
    expect(planAdd(tree, 'chapter', ch('oneA'), 'Too deep', 'x')).toEqual([]);
  });

  it('requires a name of at most 255 characters', () => {
    expect(checkName('  ')).toBe('name_required');
    expect(checkName('x'.repeat(256))).toBe('name_too_long');
    expect(checkName('x'.repeat(255))).toBeNull();
    const tree = buildTree(buildWorkspace(novel).workspace);
    expect(planRename(tree, ch('one'), '')).toEqual([]);
    expect(planRename(tree, ch('one'), '  The Start ')).toEqual([
      { op: 'save', kind: 'chapters', id: 'one', fields: { name: 'The Start' } },
    ]);
  });
});

describe('duplicating', () => {
  it('puts the copy right after the original (+0.1, renumbered) with its subchapters', async () => {
    let n = 0;
    const fake = buildWorkspace({
      chapters: [
        chapter('one', 'One', {
          _order: 0,
          meta: { color: 'FA5252' },
          settings: { status_id: 2, shared: true },
        }),
        chapter('oneA', 'One A', { chapter_id: 'one', _order: 0 }),
        chapter('two', 'Two', { _order: 1 }),
      ],
    });
    const plan = planDuplicate(
      buildTree(fake.workspace),
      ch('one'),
      'Copy of ',
      () => `copy${String(++n)}`,
    );
    await applyWrites(fake.workspace, plan.writes);
    expect(shape(buildTree(fake.workspace))).toEqual([
      'One',
      '  One A',
      'Copy of One',
      '  One A',
      'Two',
    ]);
    expect(plan.copies).toEqual([
      ['one', 'copy1'],
      ['oneA', 'copy2'],
    ]);
    expect(fake.row('chapters', 'copy1')).toMatchObject({
      _order: 1,
      meta: { color: 'FA5252' },
      settings: { status_id: 2 },
    });
    expect(fake.row('chapters', 'copy1')?.settings).not.toHaveProperty('shared');
    expect(fake.row('chapters', 'copy2')).toMatchObject({ chapter_id: 'copy1', _order: 0 });
    expect(fake.row('chapters', 'two')).toMatchObject({ _order: 2 });
  });

  it('duplicates a section with its outline, chapters and subchapters', async () => {
    let n = 0;
    const fake = buildWorkspace(novel);
    const plan = planDuplicate(buildTree(fake.workspace), sec('partOne'), 'Copy of ', () => {
      n += 1;
      return `dup${String(n)}`;
    });
    await applyWrites(fake.workspace, plan.writes);
    expect(shape(buildTree(fake.workspace)).slice(7)).toEqual([
      'Copy of Part One',
      '  One',
      '    One A',
      '    One B',
      '  Plan',
      '    Two',
      'Epilogue',
    ]);
    // Chapters' texts are copied; each copy's place names the copied parents.
    expect(plan.copies.map(([from]) => from)).toEqual(['one', 'oneA', 'oneB', 'two']);
    const two = plan.copies.find(([from]) => from === 'two')?.[1] ?? '';
    expect(fake.row('chapters', two)).toMatchObject({ group_id: 'dup1', outline_id: 'dup5' });
    expect(fake.row('groups', 'dup1')).toMatchObject({ type: 'chapters', _order: 2 });
  });

  it("clips 'Copy of <name>' to 255 characters", () => {
    const long = 'y'.repeat(255);
    const tree = buildTree(buildWorkspace({ chapters: [chapter('a', long)] }).workspace);
    const { writes } = planDuplicate(tree, ch('a'), 'Copy of ', () => 'copy');
    const [first] = writes;
    expect(first?.op === 'save' && first.fields.name).toBe(`Copy of ${long}`.slice(0, 255));
  });
});

describe('deleting', () => {
  const fallback = { name: 'Untitled Chapter', newId: () => 'fresh' };

  it('moves the children up to the parent after the others (+99999, renumbered)', async () => {
    const { tree, writes } = await after(novel, (t) =>
      planDelete(t, sec('partOne'), 'move_up', fallback),
    );
    expect(shape(tree)).toEqual([
      'Prologue',
      'Epilogue',
      'One',
      '  One A',
      '  One B',
      'Plan',
      '  Two',
    ]);
    expect(writes.at(-1)).toEqual({ op: 'trash', kind: 'groups', id: 'partOne' });
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'chapters',
      id: 'one',
      fields: { group_id: null, _order: 2 },
    });
    expect(writes).toContainEqual({
      op: 'save',
      kind: 'outlines',
      id: 'plan',
      fields: { group_id: null, _order: 3 },
    });
  });

  it('puts the children in the trash too when asked, children first', async () => {
    const { tree, writes } = await after(novel, (t) =>
      planDelete(t, ch('one'), 'delete', fallback),
    );
    expect(shape(tree)).not.toContain('    One A');
    expect(writes.filter((w) => w.op === 'trash').map((w) => w.id)).toEqual([
      'oneB',
      'oneA',
      'one',
    ]);
  });

  it("adds an 'Untitled Chapter' when no chapter would be left", async () => {
    const seed: WorkspaceSeed = {
      groups: [{ id: 'part', name: 'Part', type: 'chapters', _order: 0 }],
      chapters: [chapter('only', 'Only', { group_id: 'part' })],
    };
    const { tree, writes } = await after(seed, (t) =>
      planDelete(t, sec('part'), 'delete', fallback),
    );
    expect(shape(tree)).toEqual(['Untitled Chapter']);
    expect(writes).toContainEqual(
      expect.objectContaining({ op: 'save', kind: 'chapters', id: 'fresh' }) as unknown,
    );
    const kept = await after(seed, (t) => planDelete(t, sec('part'), 'move_up', fallback));
    expect(shape(kept.tree)).toEqual(['Only']);
  });
});
