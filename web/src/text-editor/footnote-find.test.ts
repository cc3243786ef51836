import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { findInFootnotes, replaceInFootnotes } from './footnote-find';
import { footnotesStore } from './footnotes-store';

function storeWith(bodies: Record<string, string>) {
  let next = 0;
  const ids = Object.keys(bodies);
  const store = footnotesStore(new Y.Doc(), () => ids[next++] ?? 'extra');
  for (const id of ids) store.setBody(store.create(), bodies[id] ?? '');
  return store;
}

describe('find in footnotes', () => {
  it('finds every occurrence, footnotes in the order given, ignoring case unless asked', () => {
    const store = storeWith({ a: 'Grey dawn, grey dusk.', b: 'No colour here.', c: 'greyish' });
    expect(findInFootnotes(store, ['c', 'b', 'a'], 'grey', false)).toEqual([
      { id: 'c', from: 0, to: 4 },
      { id: 'a', from: 0, to: 4 },
      { id: 'a', from: 11, to: 15 },
    ]);
    expect(findInFootnotes(store, ['a'], 'Grey', true)).toEqual([{ id: 'a', from: 0, to: 4 }]);
    expect(findInFootnotes(store, ['a'], '', false)).toEqual([]);
  });

  it('replaces the matches given, several in one body, without touching the rest', () => {
    const store = storeWith({ a: 'Grey dawn, grey dusk.', c: 'greyish' });
    replaceInFootnotes(store, findInFootnotes(store, ['a', 'c'], 'grey', false), 'silver');
    expect(store.body('a')).toBe('silver dawn, silver dusk.');
    expect(store.body('c')).toBe('silverish');
  });
});
