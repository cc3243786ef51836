/**
 * Footnote bodies, kept in the chapter's own Y.Doc (`doc.getMap('footnotes')`, one Y.Text per
 * footnote id) so they sync and merge like the text. The text holds the reference (the
 * `footnote` node with the same id); its number is its place in the document.
 */
import * as Y from 'yjs';

import { randomId } from './comments-store';

export const FOOTNOTES_MAP = 'footnotes';

export interface FootnotesStore {
  /** Creates an empty body; returns its id (to put on the `footnote` node). */
  create(): string;
  /** Creates one body per entry of `bodies` in one transaction; returns their ids, in order. */
  createAll(bodies: readonly string[]): string[];
  /** The shared text of a body (for a live input), or null. */
  text(id: string): Y.Text | null;
  body(id: string): string;
  /** Replaces a body's text with `value` by the smallest edit (so concurrent edits merge). */
  setBody(id: string, value: string): void;
  remove(id: string): boolean;
  ids(): string[];
  observe(listener: () => void): () => void;
}

export function footnotesStore(doc: Y.Doc, newId: () => string = randomId): FootnotesStore {
  const bodies = doc.getMap<Y.Text>(FOOTNOTES_MAP);
  const text = (id: string) => {
    const value = bodies.get(id);
    return value instanceof Y.Text ? value : null;
  };
  return {
    create() {
      const id = newId();
      bodies.set(id, new Y.Text());
      return id;
    },
    createAll(values) {
      const made = values.map((value) => ({ id: newId(), value }));
      doc.transact(() => {
        for (const { id, value } of made) bodies.set(id, new Y.Text(value));
      });
      return made.map(({ id }) => id);
    },
    text,
    body(id) {
      return text(id)?.toJSON() ?? '';
    },
    setBody(id, value) {
      doc.transact(() => {
        let body = text(id);
        if (!body) {
          body = new Y.Text();
          bodies.set(id, body);
        }
        const old = body.toJSON();
        let start = 0;
        while (start < old.length && start < value.length && old[start] === value[start])
          start += 1;
        let end = 0;
        while (
          end < old.length - start &&
          end < value.length - start &&
          old[old.length - 1 - end] === value[value.length - 1 - end]
        ) {
          end += 1;
        }
        const removed = old.length - start - end;
        if (removed > 0) body.delete(start, removed);
        const inserted = value.slice(start, value.length - end);
        if (inserted !== '') body.insert(start, inserted);
      });
    },
    remove(id) {
      if (!bodies.has(id)) return false;
      bodies.delete(id);
      return true;
    },
    ids() {
      return Array.from(bodies.keys());
    },
    observe(listener) {
      const handler = () => {
        listener();
      };
      bodies.observeDeep(handler);
      return () => {
        bodies.unobserveDeep(handler);
      };
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/**
 * The footnotes' bodies as the server writes them after a chapter's HTML (a
 * `<section data-type="footnotes">` list, in `ids` order), so this device's chapter reads like a
 * stored version of it; empty when there is no footnote.
 */
export function footnotesHtml(store: FootnotesStore, ids: readonly string[]): string {
  if (ids.length === 0) return '';
  const items = ids.map(
    (id) => `<li data-id="${escapeHtml(id)}"><p>${escapeHtml(store.body(id))}</p></li>`,
  );
  return `<section data-type="footnotes"><ol>${items.join('')}</ol></section>`;
}
