import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { createManualTimers } from '@/testing/manual-timers';

import {
  createMentionIndex,
  SUMMARY_DELAY_MS,
  type IndexedChapter,
  type MentionIndexState,
} from './mention-index';

/** Appends a paragraph of text runs and mentions (`@id`) to the chapter's body. */
function write(doc: Y.Doc, parts: string[]) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    doc.getXmlFragment('default').push([paragraph]);
    paragraph.push(
      parts.map((part) => {
        if (!part.startsWith('@')) return new Y.XmlText(part);
        const mention = new Y.XmlElement('mention');
        mention.setAttribute('id', part.slice(1));
        mention.setAttribute('label', part.slice(1));
        return mention;
      }),
    );
  });
}

/** The index over a fake device: stored copies, documents open in the tab, a chapter list. */
function device() {
  const timers = createManualTimers(0);
  const stored = new Map<string, Uint8Array>();
  const open = new Map<string, Y.Doc>();
  const statusListeners = new Set<(id: string, status: unknown) => void>();
  let chapters: IndexedChapter[] = [];
  const chapterObservers = new Set<(list: IndexedChapter[]) => void>();
  const reads: string[] = [];
  const index = createMentionIndex({
    chapters: {
      subscribe(observer) {
        chapterObservers.add(observer.next);
        observer.next(chapters);
        return { unsubscribe: () => chapterObservers.delete(observer.next) };
      },
    },
    openFragment: (id) => open.get(id)?.getXmlFragment('default') ?? null,
    onChapterStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    readCopy(id) {
      reads.push(id);
      const update = stored.get(id);
      if (!update) return Promise.resolve(null);
      const doc = new Y.Doc();
      Y.applyUpdate(doc, update);
      return Promise.resolve({
        fragment: doc.getXmlFragment('default'),
        release: () => {
          doc.destroy();
        },
      });
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  const states: MentionIndexState[] = [];
  return {
    index,
    timers,
    reads,
    states,
    /** A chapter stored on the device with these paragraphs. */
    store(id: string, paragraphs: string[][]) {
      const doc = new Y.Doc();
      for (const parts of paragraphs) write(doc, parts);
      stored.set(id, Y.encodeStateAsUpdate(doc));
    },
    list(next: IndexedChapter[]) {
      chapters = next;
      for (const observer of [...chapterObservers]) observer(next);
    },
    /** Opens the stored chapter in the tab (as the editor does); returns its document. */
    open(id: string): Y.Doc {
      const doc = new Y.Doc();
      const update = stored.get(id);
      if (update) Y.applyUpdate(doc, update);
      open.set(id, doc);
      for (const listener of [...statusListeners]) listener(id, 'saved');
      return doc;
    },
    /** Closes it: its text is stored, the document destroyed. */
    close(id: string) {
      const doc = open.get(id);
      if (!doc) return;
      stored.set(id, Y.encodeStateAsUpdate(doc));
      open.delete(id);
      doc.destroy();
      for (const listener of [...statusListeners]) listener(id, null);
    },
    watch() {
      return index.subscribe({ next: (state) => states.push(state) });
    },
    last(): MentionIndexState {
      const state = states.at(-1);
      if (!state) throw new Error('no answer yet');
      return state;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const counts = (state: MentionIndexState, element: string) =>
  Object.fromEntries(
    [...state.chapters].map(([id, summary]) => [id, summary.get(element)?.count ?? 0]),
  );

describe('the mention index of a manuscript', () => {
  it('reads each chapter’s stored text once, and is loading until all are read', async () => {
    const d = device();
    d.store('one', [
      ['Then ', '@anna', ' left.'],
      ['@anna', ' and ', '@vronsky'],
    ]);
    d.store('two', [['Nobody here.']]);
    d.list([
      { id: 'one', version: 1 },
      { id: 'two', version: 1 },
      { id: 'three', version: 1 },
    ]);
    d.watch();
    expect(d.states[0]?.loading).toBe(true);
    await settle();
    expect(d.last().loading).toBe(false);
    expect(counts(d.last(), 'anna')).toEqual({ one: 2, two: 0, three: 0 });
    expect(
      d
        .last()
        .chapters.get('one')
        ?.get('anna')
        ?.lines.map((l) => l.text),
    ).toEqual(['Then anna left.', 'anna and vronsky']);
    expect(d.reads.sort()).toEqual(['one', 'three', 'two']);
  });

  it('summarises an open chapter half a second after the last change, not at every key', async () => {
    const d = device();
    d.store('one', [['@anna']]);
    d.list([{ id: 'one', version: 1 }]);
    const doc = d.open('one');
    d.watch();
    await settle();
    // Open: read from the document itself, not from the stored copy.
    expect(d.reads).toEqual([]);
    expect(counts(d.last(), 'anna')).toEqual({ one: 1 });
    const answers = d.states.length;
    write(doc, ['@anna']);
    d.timers.advance(SUMMARY_DELAY_MS - 100);
    write(doc, ['and ', '@anna']);
    d.timers.advance(SUMMARY_DELAY_MS - 100);
    expect(d.states.length).toBe(answers);
    d.timers.advance(100);
    expect(counts(d.last(), 'anna')).toEqual({ one: 3 });
    expect(d.states.length).toBe(answers + 1);
  });

  it('reads a chapter again when it closes with changes or its version moves, and only then', async () => {
    const d = device();
    d.store('one', [['@anna']]);
    d.store('two', [['@anna']]);
    d.list([
      { id: 'one', version: 1 },
      { id: 'two', version: 1 },
    ]);
    const subscription = d.watch();
    await settle();
    d.reads.length = 0;

    // Opened, changed and closed before the pause ran out: its stored text is read.
    const doc = d.open('one');
    write(doc, ['@anna']);
    d.close('one');
    await settle();
    expect(d.reads).toEqual(['one']);
    expect(counts(d.last(), 'anna')).toEqual({ one: 2, two: 1 });

    // Another device changed chapter two: its row says so.
    d.store('two', [['@anna'], ['@anna'], ['@anna']]);
    d.list([
      { id: 'one', version: 1 },
      { id: 'two', version: 2 },
    ]);
    await settle();
    expect(d.reads).toEqual(['one', 'two']);
    expect(counts(d.last(), 'anna')).toEqual({ one: 2, two: 3 });

    // Watched again later: what it read is still right, nothing is read twice.
    subscription.unsubscribe();
    d.watch();
    await settle();
    expect(d.reads).toEqual(['one', 'two']);
    expect(d.last().loading).toBe(false);
  });

  it('leaves out a chapter that went to the trash', async () => {
    const d = device();
    d.store('one', [['@anna']]);
    d.store('two', [['@anna']]);
    d.list([
      { id: 'one', version: 1 },
      { id: 'two', version: 1 },
    ]);
    d.watch();
    await settle();
    d.list([{ id: 'two', version: 1 }]);
    expect([...d.last().chapters.keys()]).toEqual(['two']);
  });

  it('stops watching for changes once nobody looks, and catches up when watched again', async () => {
    const d = device();
    d.store('one', [['@anna']]);
    d.list([{ id: 'one', version: 1 }]);
    const doc = d.open('one');
    const subscription = d.watch();
    await settle();
    subscription.unsubscribe();
    write(doc, ['@anna']);
    d.timers.advance(SUMMARY_DELAY_MS * 2);
    expect(d.timers.pending()).toBe(0);
    d.watch();
    d.timers.advance(SUMMARY_DELAY_MS);
    expect(counts(d.last(), 'anna')).toEqual({ one: 2 });
  });
});
