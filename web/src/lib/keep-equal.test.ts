import { describe, expect, it } from 'vitest';

import { keepEqual } from './keep-equal';

describe('keepEqual', () => {
  it('hands back the previous object when the new one holds the same data', () => {
    const previous = { id: 'm1', settings: { page: { margins: 2 } }, tags: ['a', 'b'] };
    const next = { id: 'm1', settings: { page: { margins: 2 } }, tags: ['a', 'b'] };
    expect(keepEqual(previous, next)).toBe(previous);
  });

  it('keeps the unchanged parts of a changed object', () => {
    const previous = { id: 'm1', settings: { page: { margins: 2 } }, stats: { words: 10 } };
    const next = { id: 'm1', settings: { page: { margins: 2 } }, stats: { words: 11 } };
    const kept = keepEqual(previous, next);
    expect(kept).not.toBe(previous);
    expect(kept).toEqual(next);
    expect(kept.settings).toBe(previous.settings);
  });

  it('sees added and removed keys, and rows added to an array', () => {
    const row = { id: 'c1' };
    expect(keepEqual<Record<string, unknown>>({ a: 1 }, { a: 1, b: undefined })).toEqual({
      a: 1,
      b: undefined,
    });
    expect(keepEqual<Record<string, unknown>>({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    const rows = keepEqual([row], [{ id: 'c1' }, { id: 'c2' }]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBe(row);
  });

  it('takes the new value when there is no previous one or the kinds differ', () => {
    const next = { a: [1] };
    expect(keepEqual(undefined, next)).toBe(next);
    expect(keepEqual<unknown>([1], { 0: 1 })).toEqual({ 0: 1 });
  });
});
