import { Mark, mergeAttributes } from '@tiptap/core';
import type { Mark as PmMark } from '@tiptap/pm/model';

/** Comment ids the server's HTML derivation accepts. */
export const COMMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    comment: {
      /** Anchors comment `id` to the selection. */
      setComment: (id: string) => ReturnType;
      /** Removes comment `id`'s anchor wherever it is in the document. */
      unsetComment: (id: string) => ReturnType;
    };
  }
}

/**
 * Where a comment is anchored: a mark named `comment` with one attribute, `id` (the key of its
 * thread in the document's `comments` map). Marks of different ids may overlap.
 */
export const CommentMark = Mark.create({
  name: 'comment',
  excludes: '',
  inclusive: false,
  spanning: true,

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element: HTMLElement) => {
          const id = element.getAttribute('data-comment-id');
          return id !== null && COMMENT_ID.test(id) ? id : null;
        },
        renderHTML: (attributes: { id?: string | null }) =>
          attributes.id ? { 'data-comment-id': attributes.id } : {},
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-comment-id]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes, { class: 'comment-anchor' }), 0];
  },

  addCommands() {
    return {
      setComment:
        (id) =>
        ({ commands, state }) => {
          if (!COMMENT_ID.test(id) || state.selection.empty) return false;
          return commands.setMark(this.name, { id });
        },
      unsetComment:
        (id) =>
        ({ tr, dispatch }) => {
          const type = this.type;
          const anchors: { from: number; to: number; mark: PmMark }[] = [];
          tr.doc.descendants((node, pos) => {
            const mark = node.isText
              ? node.marks.find((m) => m.type === type && m.attrs.id === id)
              : undefined;
            if (mark) anchors.push({ from: pos, to: pos + node.nodeSize, mark });
          });
          if (anchors.length === 0) return false;
          for (const { from, to, mark } of anchors) tr.removeMark(from, to, mark);
          if (dispatch) dispatch(tr);
          return true;
        },
    };
  },
});
