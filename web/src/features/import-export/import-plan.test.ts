import { describe, expect, it } from 'vitest';

import { buildPreview } from '@/testing/build-docx-preview';

import {
  addSplit,
  buildPlan,
  canMerge,
  initialEdits,
  missingTitles,
  plannedSections,
  removeSplit,
  renameSection,
  setIncluded,
  setMerged,
} from './import-plan';

const NEW_MANUSCRIPT = { manuscriptId: null, folderId: 'Folder0000000000000001' };

describe('the import plan', () => {
  it('lists every preview section once, unchanged, when the writer changes nothing', () => {
    const plan = buildPlan(initialEdits(buildPreview()), {
      title: ' The Long Night ',
      h2AsSubchapters: false,
      ...NEW_MANUSCRIPT,
    });
    expect(plan).toEqual({
      h2_as_subchapters: false,
      title: 'The Long Night',
      manuscript_id: null,
      folder_id: 'Folder0000000000000001',
      sections: [0, 1, 2, 3].map((index) => ({
        index,
        title: ['Chapter One', 'Chapter Two', 'The Letter', 'Chapter Three'][index],
        include: true,
        merge_with_previous: false,
        split_at: [],
      })),
    });
  });

  it('carries a rename, a merge, a split and an exclusion exactly as the API takes them', () => {
    let edits = initialEdits(buildPreview());
    edits = renameSection(edits, 0, '  Prologue ');
    edits = setMerged(edits, 2, true);
    edits = addSplit(edits, 0, 3, 'Dawn');
    edits = addSplit(edits, 0, 1, 'Rain');
    edits = setIncluded(edits, 3, false);
    const plan = buildPlan(edits, {
      title: 'Night',
      h2AsSubchapters: true,
      manuscriptId: 'Manuscript000000000001',
      folderId: 'Folder0000000000000001',
    });
    expect(JSON.parse(JSON.stringify(plan))).toEqual({
      h2_as_subchapters: true,
      title: 'Night',
      manuscript_id: 'Manuscript000000000001',
      // Appending to a manuscript: the folder does not apply.
      folder_id: null,
      sections: [
        {
          index: 0,
          title: 'Prologue',
          include: true,
          merge_with_previous: false,
          split_at: [
            { block: 1, title: 'Rain' },
            { block: 3, title: 'Dawn' },
          ],
        },
        { index: 1, title: 'Chapter Two', include: true, merge_with_previous: false, split_at: [] },
        { index: 2, title: 'The Letter', include: true, merge_with_previous: true, split_at: [] },
        {
          index: 3,
          title: 'Chapter Three',
          include: false,
          merge_with_previous: false,
          split_at: [],
        },
      ],
    });
  });

  it('never merges the first section, nor one with no included section before it', () => {
    let edits = initialEdits(buildPreview());
    expect(canMerge(edits, 0)).toBe(false);
    expect(setMerged(edits, 0, true)[0]?.mergeWithPrevious).toBe(false);
    edits = setIncluded(edits, 0, false);
    expect(canMerge(edits, 1)).toBe(false);
    expect(canMerge(edits, 2)).toBe(true);
  });

  it('sends an excluded section unmerged even when it was merged before', () => {
    let edits = setMerged(initialEdits(buildPreview()), 1, true);
    edits = setIncluded(edits, 1, false);
    const plan = buildPlan(edits, { title: 'T', h2AsSubchapters: false, ...NEW_MANUSCRIPT });
    expect(plan.sections[1]).toMatchObject({ include: false, merge_with_previous: false });
  });

  it('does not split before a section’s first block, and keeps one split per block', () => {
    let edits = initialEdits(buildPreview());
    edits = addSplit(edits, 1, 0, 'Nothing');
    expect(edits[1]?.splitAt).toEqual([]);
    edits = addSplit(edits, 1, 1, 'First');
    edits = addSplit(edits, 1, 1, 'Second');
    expect(edits[1]?.splitAt).toEqual([{ block: 1, title: 'Second' }]);
    edits = removeSplit(edits, 1, 1);
    expect(edits[1]?.splitAt).toEqual([]);
  });

  it('shows the sections the plan will create: merged ones gone, splits added, excluded left out', () => {
    let edits = initialEdits(buildPreview());
    edits = setMerged(edits, 2, true);
    edits = addSplit(edits, 1, 1, 'The Empty House');
    edits = setIncluded(edits, 3, false);
    expect(plannedSections(buildPreview(), edits)).toEqual([
      { title: 'Chapter One', level: 'chapter' },
      { title: 'Chapter Two', level: 'chapter' },
      { title: 'The Empty House', level: 'chapter' },
    ]);
  });

  it('asks for a title for every included section and split, not for merged or excluded ones', () => {
    let edits = initialEdits(buildPreview());
    edits = renameSection(edits, 0, ' ');
    edits = renameSection(edits, 2, '');
    edits = setMerged(edits, 2, true);
    edits = renameSection(edits, 3, '');
    edits = setIncluded(edits, 3, false);
    edits = addSplit(edits, 1, 1, ' ');
    expect(missingTitles(edits)).toEqual([0, 1]);
  });
});
