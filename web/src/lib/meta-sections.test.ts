import { describe, expect, it } from 'vitest';

import { addSection, editSection, moveSection, newSectionId, removeSection } from './meta-sections';

const sections = [
  { id: 'section-000002', title: 'Cast', content: '', order: 4 },
  { id: 'section-000001', title: 'Setting', content: '', order: 1 },
];

describe('meta sections', () => {
  it('gives a new section an id of section- and 6 digits, unique in the chapter', () => {
    const draws = [0.000001, 0.000002, 0.123456];
    const id = newSectionId(sections, () => draws.shift() ?? 0);
    expect(id).toBe('section-123456');
    expect(newSectionId([], () => 0)).toBe('section-000000');
  });

  it('adds at the end and renumbers from 0', () => {
    const { sections: next, added } = addSection(sections, () => 0.5);
    expect(added).toEqual({ id: 'section-500000', title: '', content: '', order: 2 });
    expect(next.map((s) => [s.id, s.order])).toEqual([
      ['section-000001', 0],
      ['section-000002', 1],
      ['section-500000', 2],
    ]);
  });

  it('edits a title, cut to 255 characters', () => {
    const next = editSection(sections, 'section-000002', { title: 'x'.repeat(300) });
    expect(next.find((s) => s.id === 'section-000002')?.title).toHaveLength(255);
  });

  it('moves up and down within bounds, renumbering from 0', () => {
    expect(moveSection(sections, 'section-000002', -1).map((s) => [s.id, s.order])).toEqual([
      ['section-000002', 0],
      ['section-000001', 1],
    ]);
    expect(moveSection(sections, 'section-000002', 1).map((s) => s.id)).toEqual([
      'section-000001',
      'section-000002',
    ]);
  });

  it('removes one and renumbers the rest', () => {
    expect(removeSection(sections, 'section-000001')).toEqual([
      { id: 'section-000002', title: 'Cast', content: '', order: 0 },
    ]);
  });
});
