import { describe, expect, it } from 'vitest';

import { mainImage, readElementMeta, readImages, readNicknames, readTags } from './element-meta';
import { listElements } from './list-elements';

describe('listing a manuscript’s elements', () => {
  it('lists live elements in their order with nicknames as labels, colour and kind', () => {
    const rows = [
      {
        id: 'e2',
        name: 'Paul',
        _order: 1,
        deleted_at: null,
        meta: {
          type: 'character',
          color: '#ab12cd',
          nicknames: [{ id: 'n1', label: 'Usul' }, 'Muad’Dib'],
        },
      },
      { id: 'e1', name: 'Arrakis', _order: 0, deleted_at: null, meta: { type: 'other' } },
      { id: 'e3', name: 'Gone', _order: 2, deleted_at: 1_700_000_000_000, meta: {} },
    ];
    expect(listElements(rows)).toEqual([
      { id: 'e1', name: 'Arrakis', nicknames: [], color: null, kind: 'other' },
      {
        id: 'e2',
        name: 'Paul',
        nicknames: ['Usul', 'Muad’Dib'],
        color: 'AB12CD',
        kind: 'character',
      },
    ]);
  });

  it('reads a row without meta or name as a nameless element of kind other', () => {
    expect(listElements([{ id: 'e1' }])).toEqual([
      { id: 'e1', name: '', nicknames: [], color: null, kind: 'other' },
    ]);
  });
});

describe('an element’s meta', () => {
  it('migrates plain-string nicknames to {id, label} with ids from their place, the same on every read', () => {
    const stored = ['Usul', { id: 'abc', label: 'Muad’Dib' }, '', { label: 'Kwisatz' }, 7];
    const once = readNicknames(stored);
    expect(once).toEqual([
      { id: 'nickname-0', label: 'Usul' },
      { id: 'abc', label: 'Muad’Dib' },
      { id: 'nickname-3', label: 'Kwisatz' },
    ]);
    expect(readNicknames(stored)).toEqual(once);
  });

  it('keeps one main picture at most and falls back to the first for the card', () => {
    const images = readImages([
      { value: '/a.png', main: false },
      { id: 'b', value: '/b.png', main: true },
      { id: 'c', value: '/c.png', main: true },
      { value: '' },
    ]);
    expect(images.map((image) => [image.id, image.main])).toEqual([
      ['image-0', false],
      ['b', true],
      ['c', false],
    ]);
    expect(mainImage(images)?.value).toBe('/b.png');
    expect(mainImage(readImages([{ value: '/x.png' }]))?.value).toBe('/x.png');
    expect(mainImage([])).toBeNull();
  });

  it('reads tags trimmed and distinct whatever their case, from strings or objects', () => {
    expect(readTags([' Villain ', 'villain', { label: 'House' }, { name: 'Desert' }, 3])).toEqual([
      'Villain',
      'House',
      'Desert',
    ]);
  });

  it('reads an unknown kind as other and keeps a custom type’s id as a number', () => {
    const meta = readElementMeta({ type: 'planet', type_other: 'Ship', type_other_id: '421337' });
    expect(meta).toMatchObject({ type: 'other', type_other: 'Ship', type_other_id: 421337 });
    expect(readElementMeta(null)).toMatchObject({
      type: 'other',
      type_other_id: null,
      sections: [],
      nicknames: [],
      images: [],
      tags: [],
      color: null,
    });
  });

  it('orders sections by their order', () => {
    const meta = readElementMeta({
      sections: [
        { id: 'section-000002', title: 'Goals', content: '', order: 1 },
        { id: 'section-000001', title: 'Looks', content: '<p>Tall</p>', order: 0 },
        { title: 'no id' },
      ],
    });
    expect(meta.sections.map((section) => section.title)).toEqual(['Looks', 'Goals']);
  });
});
