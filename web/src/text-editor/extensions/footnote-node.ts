import { mergeAttributes, Node } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';

import { DATA_ID_ATTRIBUTE } from './data-id';

/** Footnote ids: the key of the body in the document's `footnotes` map. */
export const FOOTNOTE_ID = /^[A-Za-z0-9_-]{1,64}$/;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    footnote: {
      /** Inserts footnote `id`'s reference at the caret. */
      insertFootnote: (id: string) => ReturnType;
    };
  }
}

/**
 * A footnote reference: an inline atom with its `id`. Its number is drawn by a CSS counter
 * (document order, no work per keystroke); its body lives in the `footnotes` map.
 */
export const FootnoteNode = Node.create({
  name: 'footnote',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      id: DATA_ID_ATTRIBUTE,
    };
  },

  parseHTML() {
    return [{ tag: 'sup[data-type="footnote"]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return [
      'sup',
      mergeAttributes(HTMLAttributes, { 'data-type': 'footnote', class: 'footnote-ref' }),
    ];
  },

  renderText() {
    return '';
  },

  addCommands() {
    return {
      insertFootnote:
        (id) =>
        ({ commands }) =>
          FOOTNOTE_ID.test(id) && commands.insertContent({ type: this.name, attrs: { id } }),
    };
  },
});

/** The footnote ids of `doc` in document order (a walk: call it debounced, not per keystroke). */
export function footnoteOrder(doc: PmNode): string[] {
  const ids: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'footnote' && typeof node.attrs.id === 'string') ids.push(node.attrs.id);
    return node.isBlock;
  });
  return ids;
}
