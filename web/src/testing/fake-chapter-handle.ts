/**
 * A `ChapterHandle` over a plain Y.Doc, for the chapter editor's tests: no socket, no
 * IndexedDB; the status is set by hand (`setStatus`) and tells its listeners.
 */
import * as Y from 'yjs';

import type { ChapterHandle, ChapterStatus } from '@/sync/collab';

export interface FakeChapterHandle extends ChapterHandle {
  setStatus(status: ChapterStatus): void;
  readonly closed: boolean;
}

export function fakeChapterHandle(
  options: { chapterId?: string; doc?: Y.Doc; status?: ChapterStatus } = {},
): FakeChapterHandle {
  const doc = options.doc ?? new Y.Doc();
  let status: ChapterStatus = options.status ?? 'synced';
  let closed = false;
  const listeners = new Set<(status: ChapterStatus) => void>();
  return {
    chapterId: options.chapterId ?? 'chapter-1',
    doc,
    fragment: doc.getXmlFragment('default'),
    awareness: null,
    status: () => status,
    onStatus(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    writable: () => status !== 'read-only' && status !== 'denied',
    serverSynced: () => Promise.resolve(status !== 'denied'),
    close() {
      closed = true;
      return Promise.resolve();
    },
    setStatus(next) {
      status = next;
      for (const listener of listeners) listener(next);
    },
    get closed() {
      return closed;
    },
  };
}

/** A Y.Doc whose chapter text is the given paragraphs. */
export function docWithParagraphs(...paragraphs: string[]): Y.Doc {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment('default');
  fragment.insert(
    0,
    paragraphs.map((text) => {
      const element = new Y.XmlElement('paragraph');
      element.insert(0, [new Y.XmlText(text)]);
      return element;
    }),
  );
  return doc;
}
