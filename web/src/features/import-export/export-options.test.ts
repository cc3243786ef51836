import { describe, expect, it } from 'vitest';

import {
  chosenChapterIds,
  contactLines,
  coverOf,
  coversWith,
  defaultChoice,
  defaultPresets,
  exportRequest,
  fileNameOf,
  presetFor,
  restoreChoice,
  scopeTree,
} from './export-options';
import type { ExportChoice } from './export-options';

const SAVED: ExportChoice = {
  format: 'pdf',
  options: {
    chapter_titles: false,
    subchapter_titles: true,
    comments: true,
    footnotes: false,
    preset: {
      kind: 'trade_paperback',
      trim: 'five_by_eight',
      font_size_pt: 10.5,
      running_heads: false,
    },
  },
};

describe('the export choices', () => {
  it('come back as saved in the manuscript’s settings', () => {
    expect(restoreChoice({ page: {}, export: SAVED }, 'en')).toEqual(SAVED);
  });

  it('fall back to Word in the standard manuscript format when none (or an unreadable one) is saved', () => {
    expect(restoreChoice(undefined, 'es')).toEqual(defaultChoice('es'));
    expect(restoreChoice({ export: { format: 'odt' } }, 'en')).toEqual(defaultChoice('en'));
    expect(defaultChoice('en')).toEqual({
      format: 'docx',
      options: {
        chapter_titles: true,
        subchapter_titles: true,
        comments: false,
        footnotes: true,
        preset: { kind: 'standard_manuscript', font: 'times_new_roman', contact: [], surname: '' },
      },
    });
  });

  it('send a format the preset it has: an EPUB is an ebook, a PDF keeps the trade paperback', () => {
    const presets = defaultPresets('es');
    expect(presetFor('epub', presets.standard_manuscript, presets)).toEqual({
      kind: 'ebook',
      language: 'es',
      cover: null,
    });
    expect(presetFor('pdf', presets.trade_paperback, presets)).toBe(presets.trade_paperback);
    expect(presetFor('docx', presets.trade_paperback, presets)).toBe(presets.standard_manuscript);
    expect(presetFor('markdown', presets.ebook, presets)).toBe(presets.ebook);
  });

  it('make the request body of the contract', () => {
    expect(exportRequest(SAVED, null)).toEqual({
      format: 'pdf',
      chapter_ids: null,
      options: SAVED.options,
    });
    expect(exportRequest(SAVED, ['a']).chapter_ids).toEqual(['a']);
  });

  it('read the contact block one line each, blank lines dropped', () => {
    expect(contactLines(' Ana Pérez \n\n12 Calle Mayor\n  \nana@example.com')).toEqual([
      'Ana Pérez',
      '12 Calle Mayor',
      'ana@example.com',
    ]);
  });
});

describe('the chapters to export', () => {
  const rows = [
    { id: 'c2', name: 'Two', _order: 2 },
    { id: 'c1', name: 'One', _order: 1 },
    { id: 's2', name: 'Scene B', _order: 2, chapter_id: 'c1' },
    { id: 's1', name: 'Scene A', _order: 1, chapter_id: 'c1' },
    { id: 'gone', name: 'Trashed', _order: 0, deleted_at: 5 },
  ];

  it('are the binder’s chapters with their subchapters, in order, trash left out', () => {
    expect(scopeTree(rows)).toEqual([
      {
        id: 'c1',
        name: 'One',
        children: [
          { id: 's1', name: 'Scene A', children: [] },
          { id: 's2', name: 'Scene B', children: [] },
        ],
      },
      { id: 'c2', name: 'Two', children: [] },
    ]);
  });

  it('send a ticked chapter for its subchapters, and lone subchapters by themselves', () => {
    const tree = scopeTree(rows);
    expect(chosenChapterIds(tree, new Set(['c1', 's1', 'c2']))).toEqual(['c1', 'c2']);
    expect(chosenChapterIds(tree, new Set(['s2']))).toEqual(['s2']);
    expect(chosenChapterIds(tree, new Set())).toEqual([]);
  });
});

describe('the downloaded file’s name', () => {
  it('comes from Content-Disposition, the UTF-8 name first', () => {
    expect(
      fileNameOf(
        `attachment; filename="Cancion.docx"; filename*=UTF-8''Canci%C3%B3n.docx`,
        'x.docx',
      ),
    ).toBe('Canción.docx');
    expect(fileNameOf('attachment; filename="The Long Night.pdf"', 'x.pdf')).toBe(
      'The Long Night.pdf',
    );
    expect(fileNameOf(null, 'Night.epub')).toBe('Night.epub');
  });
});

describe('the ebook cover', () => {
  it('is the first of meta.covers, as a URL or an object with a url', () => {
    expect(coverOf({ covers: ['/api/v4/uploads/b', '/api/v4/uploads/a'] })).toBe(
      '/api/v4/uploads/b',
    );
    expect(coverOf({ covers: [{ url: '/api/v4/uploads/c' }] })).toBe('/api/v4/uploads/c');
    expect(coverOf({ covers: [] })).toBeNull();
    expect(coverOf({ covers: 'x' })).toBeNull();
    expect(coverOf(undefined)).toBeNull();
    expect(coverOf({ covers: [{ value: 1 }] })).toBeNull();
  });

  it('a chosen cover goes first, once; removing it leaves the earlier ones', () => {
    const meta = { covers: ['/u/a', { url: '/u/b' }] };
    expect(coversWith(meta, '/u/b')).toEqual(['/u/b', '/u/a']);
    expect(coversWith(meta, '/u/c')).toEqual(['/u/c', '/u/a', { url: '/u/b' }]);
    expect(coversWith(meta, null)).toEqual([{ url: '/u/b' }]);
    expect(coversWith(undefined, '/u/a')).toEqual(['/u/a']);
    expect(coversWith({}, null)).toEqual([]);
  });
});
