import { describe, expect, it } from 'vitest';

import type { ElementRecord } from '@/lib/elements';
import { readElement } from '@/lib/elements';

import {
  boardGroups,
  matchesFilter,
  moveElement,
  nextOrder,
  NO_FILTER,
  tagsInUse,
} from './board-rules';
import {
  addImage,
  addNickname,
  addTag,
  newElementMeta,
  removeImage,
  removeNickname,
  setMainImage,
  withKnownTags,
} from './element-edits';
import { kindFromValue, kindOf, kindValue, newCustomType, readCustomTypes } from './element-kinds';

function element(fields: Record<string, unknown> & { id: string }): ElementRecord {
  return readElement({ name: fields.id, deleted_at: null, ...fields });
}

describe('element kinds and custom types', () => {
  it('gives a custom type an id from 1 to 1,000,000 no other type of the manuscript has', () => {
    const taken = [{ id: 500001, name: 'Ship', created_at: 1, icon: null, image: null }];
    const draws = [0.5, 0.999999];
    const type = newCustomType(
      { name: 'Planet', icon: 'leaf', image: null },
      taken,
      42,
      () => draws.shift() ?? 0,
    );
    expect(type).toEqual({
      id: 1_000_000,
      name: 'Planet',
      created_at: 42,
      icon: 'leaf',
      image: null,
    });
    expect(newCustomType({ name: 'A', icon: null, image: null }, [], 0, () => 0).id).toBe(1);
  });

  it('shows a custom type’s picture instead of its icon', () => {
    const type = newCustomType({ name: 'Ship', icon: 'ship', image: '/u/1' }, [], 0, () => 0.1);
    expect(type).toMatchObject({ icon: null, image: '/u/1' });
  });

  it('reads the manuscript’s custom types by creation time, leaving out unreadable ones', () => {
    const types = readCustomTypes({
      elements_custom_others: [
        { id: 7, name: 'Ship', created_at: 20, icon: 'ship' },
        { id: '3', name: 'Planet', created_at: 10, icon: 'no-such-icon', image: '' },
        { name: 'no id' },
        'junk',
      ],
    });
    expect(types).toEqual([
      { id: 3, name: 'Planet', created_at: 10, icon: null, image: null },
      { id: 7, name: 'Ship', created_at: 20, icon: 'ship', image: null },
    ]);
    expect(readCustomTypes(undefined)).toEqual([]);
  });

  it('names a kind or a custom type as a select value and back', () => {
    expect(kindValue({ kind: 'character' })).toBe('character');
    expect(kindValue({ kind: 'other', customTypeId: 12 })).toBe('custom:12');
    expect(kindFromValue('custom:12')).toEqual({ kind: 'other', customTypeId: 12 });
    expect(kindFromValue('object')).toEqual({ kind: 'object' });
    expect(kindFromValue('planet')).toBeNull();
    expect(kindOf({ type: 'other', type_other_id: 12 })).toEqual({
      kind: 'other',
      customTypeId: 12,
    });
    expect(kindOf({ type: 'group', type_other_id: null })).toEqual({ kind: 'group' });
  });
});

describe('a new element', () => {
  it('starts a character with Appearance, Personality, Backstory and Goals, ids section- and 6 digits', () => {
    const draws = [0.1, 0.2, 0.3, 0.4];
    const meta = newElementMeta(
      { kind: 'character' },
      [],
      (_kind, key) => key.toUpperCase(),
      () => draws.shift() ?? 0,
    );
    expect(meta.sections).toEqual([
      { id: 'section-100000', title: 'APPEARANCE', content: '', order: 0 },
      { id: 'section-200000', title: 'PERSONALITY', content: '', order: 1 },
      { id: 'section-300000', title: 'BACKSTORY', content: '', order: 2 },
      { id: 'section-400000', title: 'GOALS', content: '', order: 3 },
    ]);
    expect(meta).toMatchObject({ type: 'character', type_other_id: null, nicknames: [], tags: [] });
  });

  it('of a custom type is kind other with the type’s id and name', () => {
    const types = [{ id: 9, name: 'Ship', created_at: 0, icon: null, image: null }];
    const meta = newElementMeta({ kind: 'other', customTypeId: 9 }, types, (_k, key) => key);
    expect(meta).toMatchObject({ type: 'other', type_other: 'Ship', type_other_id: 9 });
    expect(meta.sections.map((s) => s.title)).toEqual(['description', 'notes']);
  });
});

describe('nicknames, tags and pictures', () => {
  it('adds a nickname trimmed, once whatever its case, and removes it by id', () => {
    let list = addNickname([], '  Usul ', 'n1');
    list = addNickname(list, 'usul', 'n2');
    list = addNickname(list, '   ', 'n3');
    expect(list).toEqual([{ id: 'n1', label: 'Usul' }]);
    expect(addNickname([], 'x'.repeat(300), 'n').at(0)?.label).toHaveLength(255);
    expect(removeNickname(list, 'n1')).toEqual([]);
  });

  it('adds a tag once and keeps the manuscript’s tags with the new ones', () => {
    expect(addTag(['Villain'], ' villain ')).toEqual(['Villain']);
    expect(addTag(['Villain'], 'House')).toEqual(['Villain', 'House']);
    expect(withKnownTags(['House'], ['house', 'Desert'])).toEqual(['House', 'Desert']);
  });

  it('makes the first picture main, moves main on request, and passes it on when the main one goes', () => {
    let images = addImage([], '/a', 'a');
    images = addImage(images, '/b', 'b');
    expect(images.map((i) => i.main)).toEqual([true, false]);
    images = setMainImage(images, 'b');
    expect(images.map((i) => i.main)).toEqual([false, true]);
    expect(removeImage(images, 'b')).toEqual([{ id: 'a', value: '/a', main: true }]);
    expect(removeImage(images, 'a')).toEqual([{ id: 'b', value: '/b', main: true }]);
  });
});

describe('the board', () => {
  const paul = element({
    id: 'paul',
    name: 'Paul Atreides',
    _order: 1,
    meta: {
      type: 'character',
      nicknames: ['Usul'],
      tags: ['Atreides'],
      sections: [
        {
          id: 'section-000001',
          title: 'Goals',
          content: '<p>Avenge his <b>father</b></p>',
          order: 0,
        },
      ],
    },
  });
  const sword = element({
    id: 'crysknife',
    name: 'Crysknife',
    _order: 0,
    meta: { type: 'object' },
  });
  const ship = element({
    id: 'heighliner',
    name: 'Heighliner',
    group_id: 'guild',
    _order: 0,
    meta: { type: 'other', type_other_id: 9, tags: ['Guild'] },
  });
  const all = [paul, sword, ship];

  it('searches names, nicknames and section text, without case or accents', () => {
    const search = (text: string) =>
      all.filter((e) => matchesFilter(e, { ...NO_FILTER, search: text })).map((e) => e.id);
    expect(search('usul')).toEqual(['paul']);
    expect(search('FÁTHER')).toEqual(['paul']);
    expect(search('knife')).toEqual(['crysknife']);
    expect(search('paul father')).toEqual(['paul']);
    expect(search('paul knife')).toEqual([]);
    expect(search('  ')).toEqual(['paul', 'crysknife', 'heighliner']);
  });

  it('filters by kind (a custom type too) and by tag', () => {
    const filter = (kind: string | null, tag: string | null) =>
      all.filter((e) => matchesFilter(e, { kind, tag, search: '' })).map((e) => e.id);
    expect(filter('character', null)).toEqual(['paul']);
    expect(filter('custom:9', null)).toEqual(['heighliner']);
    expect(filter('other', null)).toEqual([]);
    expect(filter(null, 'Guild')).toEqual(['heighliner']);
    expect(tagsInUse(all)).toEqual(['Atreides', 'Guild']);
  });

  it('lists elements in no group first, then each group in its order, empty groups included', () => {
    const groups = [
      { id: 'houses', name: 'Houses', _order: 1 },
      { id: 'guild', name: 'Guild', _order: 0 },
    ];
    const lists = boardGroups(all, groups, NO_FILTER);
    expect(lists.map((l) => [l.id, l.elements.map((e) => e.id)])).toEqual([
      [null, ['crysknife', 'paul']],
      ['guild', ['heighliner']],
      ['houses', []],
    ]);
  });

  it('places a new element last in its group and moves one within its group, renumbered from 0', () => {
    expect(nextOrder(all, null)).toBe(2);
    expect(nextOrder(all, 'empty')).toBe(0);
    expect(moveElement(all, 'paul', -1)).toEqual([
      { id: 'paul', _order: 0 },
      { id: 'crysknife', _order: 1 },
    ]);
    expect(moveElement(all, 'crysknife', -1)).toEqual([]);
    expect(moveElement(all, 'heighliner', 1)).toEqual([]);
  });
});
