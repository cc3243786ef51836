/**
 * The `smallCaps` mark: text set in small capitals (`font-variant: small-caps`), as a Word
 * file's small caps come in. No attributes; the server renders it as the same `<span>`.
 */
import { Mark } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    smallCaps: {
      /** Sets or removes small capitals on the selection. */
      toggleSmallCaps: () => ReturnType;
    };
  }
}

const SMALL_CAPS_STYLE = 'font-variant: small-caps';

const isSmallCaps = (value: string) => value.trim() === 'small-caps';

export const SmallCaps = Mark.create({
  name: 'smallCaps',

  /**
   * A span styled with small caps alone is this mark and nothing else (ahead of TextStyle's
   * rule, which would wrap it in an empty text style); small caps among other styles are read
   * from the style, beside the text style.
   */
  parseHTML() {
    return [
      {
        tag: 'span',
        priority: 60,
        getAttrs: (element) =>
          element.style.length === 1 && isSmallCaps(element.style.getPropertyValue('font-variant'))
            ? null
            : false,
      },
      {
        style: 'font-variant',
        getAttrs: (value) => (isSmallCaps(value) ? null : false),
      },
      {
        style: 'font-variant-caps',
        getAttrs: (value) => (isSmallCaps(value) ? null : false),
      },
    ];
  },

  renderHTML() {
    return ['span', { style: SMALL_CAPS_STYLE }, 0];
  },

  addKeyboardShortcuts() {
    return { 'Mod-Shift-k': () => this.editor.commands.toggleSmallCaps() };
  },

  addCommands() {
    return {
      toggleSmallCaps:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
});
