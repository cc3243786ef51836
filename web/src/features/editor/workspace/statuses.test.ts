import { describe, expect, it } from 'vitest';

import { BUILT_IN_STATUSES, chapterStatuses } from './statuses';

describe('chapter statuses', () => {
  it('lists the five built-ins, ids 0 to 4, with i18n labels', () => {
    const statuses = chapterStatuses({});
    expect(statuses.map((s) => s.id)).toEqual([0, 1, 2, 3, 4]);
    expect(statuses.every((s) => s.labelKey?.startsWith('properties.status.'))).toBe(true);
  });

  it('puts the manuscript’s own statuses first; one with a built-in id takes its place', () => {
    const statuses = chapterStatuses({
      settings: {
        custom_manuscript_statuses: [
          { id: 7, name: 'With my editor', color: 'ff0000' },
          { id: 2, name: 'Rough draft' },
          { id: 7, name: 'Duplicate' },
          { id: -1, name: 'Not a status' },
          { id: 9, name: 'Beta read' },
        ],
      },
    });
    expect(statuses).toEqual([
      { id: 7, name: 'With my editor', color: '#FF0000' },
      { id: 2, name: 'Rough draft', color: BUILT_IN_STATUSES[2]?.color },
      { id: 9, name: 'Beta read', color: '#868E96' },
      BUILT_IN_STATUSES[0],
      BUILT_IN_STATUSES[1],
      BUILT_IN_STATUSES[3],
      BUILT_IN_STATUSES[4],
    ]);
  });
});
