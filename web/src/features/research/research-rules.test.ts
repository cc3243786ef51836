import { describe, expect, it } from 'vitest';

import { buildLocalRow } from '@/testing/build-local-row';

import type { ResearchItem, ResearchRecord } from './research-rules';
import {
  addItem,
  editItem,
  fileItemName,
  matchesSearch,
  moveItem,
  moveResearch,
  nextOrder,
  readResearch,
  removeItem,
} from './research-rules';

function research(id: string, fields: Partial<ResearchRecord> = {}): ResearchRecord {
  return {
    id,
    name: id,
    cover: '',
    description: '',
    items: [],
    _order: 100,
    deleted_at: null,
    ...fields,
  };
}

describe('research rows', () => {
  it('reads a row into one shape, items in their order and unknown items left out', () => {
    const row = buildLocalRow({
      id: 'R1',
      kind: 'researches',
      name: 'Lighthouses',
      description: '<p>Keepers</p>',
      cover: null,
      _order: 101,
      items: [
        { id: 'b', type: 'link', order: 102, url: 'https://example.com/', title: 'Lamp' },
        { id: 'a', type: 'note', order: 101, content: '<p>Fog</p>' },
        { id: 'c', type: 'video', order: 100 },
        'junk',
      ],
    });
    expect(readResearch(row)).toMatchObject({
      id: 'R1',
      name: 'Lighthouses',
      cover: '',
      description: '<p>Keepers</p>',
      _order: 101,
      deleted_at: null,
      items: [
        { id: 'a', type: 'note', order: 101, content: '<p>Fog</p>' },
        { id: 'b', type: 'link', order: 102, url: 'https://example.com/', title: 'Lamp' },
      ],
    });
  });

  it('numbers from 100: the first research or item takes 100, the next one past the largest', () => {
    expect(nextOrder([])).toBe(100);
    expect(nextOrder([100, 104.5])).toBe(105);
    expect(nextOrder([0, 3])).toBe(100);
  });

  it('moves a research on the board, renumbering from 100 only those that change', () => {
    const list = [research('A', { _order: 100 }), research('B', { _order: 101 })];
    expect(moveResearch(list, 'B', -1)).toEqual([
      { id: 'B', _order: 100 },
      { id: 'A', _order: 101 },
    ]);
    expect(moveResearch(list, 'A', -1)).toEqual([]);
    expect(moveResearch([research('A', { _order: 3 })], 'A', 1)).toEqual([]);
  });

  it('searches names, descriptions and items, accents and case aside', () => {
    const items: ResearchItem[] = [
      { id: 'n', type: 'note', order: 100, content: '<p>The <em>Fresnel</em> lens</p>' },
      { id: 'l', type: 'link', order: 101, url: 'https://lights.example/', title: 'Museum' },
      { id: 'f', type: 'file', order: 102, url: '/u/1', name: 'Logbook 1871.pdf' },
    ];
    const entry = research('R', { name: 'Phares', description: '<p>Côte sauvage</p>', items });
    expect(matchesSearch(entry, 'cote')).toBe(true);
    expect(matchesSearch(entry, 'fresnel museum')).toBe(true);
    expect(matchesSearch(entry, 'lights.example')).toBe(true);
    expect(matchesSearch(entry, 'logbook')).toBe(true);
    expect(matchesSearch(entry, 'fresnel whale')).toBe(false);
    expect(matchesSearch(entry, '  ')).toBe(true);
  });
});

describe('a research’s items', () => {
  it('are added at the end from 100, edited in the fields of their type, moved and removed', () => {
    let items = addItem([], { type: 'note', content: '' }, 'n');
    items = addItem(items, { type: 'link', url: 'https://a.example/', title: 'A' }, 'l');
    items = addItem(items, { type: 'image', url: '/u/2', name: 'map.png' }, 'i');
    expect(items.map((item) => [item.id, item.order])).toEqual([
      ['n', 100],
      ['l', 101],
      ['i', 102],
    ]);
    items = editItem(items, 'l', { title: 'Archive', content: 'ignored' });
    expect(items[1]).toEqual({
      id: 'l',
      type: 'link',
      order: 101,
      url: 'https://a.example/',
      title: 'Archive',
    });
    items = moveItem(items, 'i', -1);
    expect(items.map((item) => [item.id, item.order])).toEqual([
      ['n', 100],
      ['i', 101],
      ['l', 102],
    ]);
    expect(moveItem(items, 'n', -1)).toEqual(items);
    expect(removeItem(items, 'i').map((item) => item.id)).toEqual(['n', 'l']);
  });

  it('names an uploaded file without its path, within the limit', () => {
    expect(fileItemName('C:\\scans\\chart.png')).toBe('chart.png');
    expect(fileItemName(`${'a'.repeat(300)}.pdf`)).toHaveLength(255);
  });
});
