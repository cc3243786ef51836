import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import {
  autoSuggestMentions,
  convertNamesInManuscript,
  MENTION_PROGRESS_DELAY_MS,
  mentionsToTextInManuscript,
  type OpenedChapter,
} from './mention-manuscript';
import { chapterEditor } from './testing/editor-harness';
import { ANNA, element } from './testing/mention-elements';

const KARENINA = element('karenina', 'Anna Karenina');

/** Chapters as documents on this device, opened as the connection opens them. */
function chapters(texts: Record<string, string>, readOnly: string[] = []) {
  const docs = new Map<string, Y.Doc>();
  for (const [id, html] of Object.entries(texts)) {
    const written = chapterEditor();
    written.editor.commands.setContent(html);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(written.doc));
    written.editor.destroy();
    docs.set(id, doc);
  }
  const opened: string[] = [];
  let open = 0;
  return {
    opened,
    openNow: () => open,
    text: (id: string) => docs.get(id)?.getXmlFragment('default').toJSON(),
    open(chapterId: string): Promise<OpenedChapter> {
      const doc = docs.get(chapterId);
      if (!doc) return Promise.reject(new Error(`no chapter ${chapterId}`));
      opened.push(chapterId);
      open += 1;
      return Promise.resolve({
        fragment: doc.getXmlFragment('default'),
        writable: () => !readOnly.includes(chapterId),
        close: () => {
          open -= 1;
          return Promise.resolve();
        },
      });
    },
  };
}

/** A timer the test fires by hand: the delay before the progress shows. */
function manualTimer() {
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  return {
    timers,
    setTimeout: (callback: () => void, ms: number) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle: unknown) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
}

describe('converting a new element’s names across the manuscript', () => {
  it('converts every chapter, closes each, and shows no progress when quick', async () => {
    const book = chapters({ c1: '<p>Anna and Anna Karenina.</p>', c2: '<p>No one.</p>' });
    const timer = manualTimer();
    const progress: unknown[] = [];
    const result = await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1', 'c2'],
      element: ANNA,
      others: [KARENINA],
      onProgress: (p) => progress.push(p),
      ...timer,
    });
    expect(result).toEqual({ outcome: 'converted', mentions: 1 });
    expect(book.text('c1')).toBe(
      '<paragraph><mention id="anna" label="Anna"></mention> and Anna Karenina.</paragraph>',
    );
    expect(book.openNow()).toBe(0);
    expect(timer.timers.map((t) => [t.ms, t.cleared])).toEqual([[MENTION_PROGRESS_DELAY_MS, true]]);
    expect(progress).toEqual([]);
  });

  it('reports progress once the work has taken the delay, then after each chapter', async () => {
    const book = chapters({ c1: '<p>Anna</p>', c2: '<p>Anna</p>' });
    const timer = manualTimer();
    const progress: unknown[] = [];
    const result = await convertNamesInManuscript({
      open: async (id) => {
        // The delay passes while the first chapter opens.
        if (id === 'c1') timer.timers[0]?.callback();
        return book.open(id);
      },
      chapterIds: ['c1', 'c2'],
      element: ANNA,
      others: [],
      onProgress: (p) => progress.push(p),
      ...timer,
    });
    expect(result.outcome).toBe('converted');
    expect(progress).toEqual([
      { done: 0, total: 2 },
      { done: 1, total: 2 },
      { done: 2, total: 2 },
    ]);
  });

  it('fails when a chapter cannot be written, leaving no mention of the element anywhere', async () => {
    const book = chapters({ c1: '<p>Anna came.</p>', c2: '<p>Anna left.</p>', c3: '<p>Anna</p>' }, [
      'c2',
    ]);
    const result = await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1', 'c2', 'c3'],
      element: ANNA,
      others: [],
    });
    expect(result).toMatchObject({ outcome: 'apply_failed', chapterId: 'c2' });
    expect(book.text('c1')).toBe('<paragraph>Anna came.</paragraph>');
    expect(book.text('c3')).toBe('<paragraph>Anna</paragraph>');
    expect(book.opened).toEqual(['c1', 'c2', 'c1']);
    expect(book.openNow()).toBe(0);
  });

  it('on failure keeps the element’s mentions made before (a nickname added later)', async () => {
    const book = chapters({ c1: '<p>Anna, or Annie.</p>', c2: '<p>Annie</p>' }, ['c2']);
    await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1'],
      element: { ...ANNA, nicknames: [] },
      others: [],
    });
    const result = await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1', 'c2'],
      element: ANNA,
      others: [],
    });
    expect(result).toMatchObject({ outcome: 'apply_failed', chapterId: 'c2' });
    expect(book.text('c1')).toBe(
      '<paragraph><mention id="anna" label="Anna"></mention>, or Annie.</paragraph>',
    );
  });

  it('fails when a chapter does not open', async () => {
    const book = chapters({ c1: '<p>Anna</p>' });
    const result = await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1', 'gone'],
      element: ANNA,
      others: [],
    });
    expect(result).toMatchObject({ outcome: 'apply_failed', chapterId: 'gone' });
    expect(book.text('c1')).toBe('<paragraph>Anna</paragraph>');
  });
});

describe('deleting an element', () => {
  it('turns its mentions back into the text they showed, in every chapter it can open', async () => {
    const book = chapters({ c1: '<p>Anna and Ahab, ANNA or Annie.</p>', c2: '<p>Anna</p>' }, [
      'c2',
    ]);
    await convertNamesInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1'],
      element: ANNA,
      others: [],
    });
    const result = await mentionsToTextInManuscript({
      open: (id) => book.open(id),
      chapterIds: ['c1', 'c2', 'gone'],
      element: { ...ANNA, name: 'Anne' },
    });
    expect(result).toEqual({ mentions: 3, failed: ['c2', 'gone'] });
    expect(book.text('c1')).toBe('<paragraph>Anne and Ahab, ANNE or Annie.</paragraph>');
    expect(book.openNow()).toBe(0);
  });
});

describe('whether creating an element converts text', () => {
  it('does unless the manuscript turned it off', () => {
    expect(autoSuggestMentions(undefined)).toBe(true);
    expect(autoSuggestMentions({})).toBe(true);
    expect(autoSuggestMentions({ elements: { auto_suggest: true } })).toBe(true);
    expect(autoSuggestMentions({ elements: { auto_suggest: false } })).toBe(false);
    expect(autoSuggestMentions({ disabled_auto_suggest: true })).toBe(false);
  });
});
