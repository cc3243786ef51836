/**
 * Keeps the caret in sight above an on-screen keyboard: when the visual viewport shrinks (the
 * keyboard opens, the window gets shorter), the page scrolls the caret into its visible part,
 * the page gets room below its end so the last line can come up above the keyboard, and the
 * editor's own scrolling while typing keeps clear of it.
 */
import type { Editor } from '@tiptap/react';
import { useEffect } from 'react';
import type { RefObject } from 'react';

/** Room kept between the caret and the keyboard (or the window's bottom edge). */
export const CARET_CLEARANCE_PX = 24;

/** The CSS variable holding how much of the page the keyboard covers. */
export const KEYBOARD_INSET_VAR = '--keyboard-inset';

/** The layout-viewport band the writer sees: the visual viewport's top and bottom. */
export interface VisibleBand {
  top: number;
  bottom: number;
}

/**
 * How far to scroll (positive: down) so that a caret at `caret` (client coordinates) sits in
 * `band` with `clearance` to spare; 0 when it is in sight already.
 */
export function scrollToShowCaret(
  caret: { top: number; bottom: number },
  band: VisibleBand,
  clearance = CARET_CLEARANCE_PX,
): number {
  const lowest = band.bottom - clearance;
  if (caret.bottom > lowest) return caret.bottom - lowest;
  const highest = band.top + clearance;
  if (caret.top < highest) return caret.top - highest;
  return 0;
}

export function useCaretAboveKeyboard(
  editor: Editor,
  scroller: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let lastHeight = viewport.height;
    let lastInset = 0;
    const follow = () => {
      const pages = scroller.current;
      if (!pages) return;
      const bottom = viewport.offsetTop + viewport.height;
      // The part of the layout viewport under the keyboard: room to scroll the last line up.
      const inset = Math.max(0, Math.round(window.innerHeight - bottom));
      pages.style.setProperty(KEYBOARD_INSET_VAR, `${String(inset)}px`);
      // Typing on, the editor's own scrolling keeps the caret above the keyboard too.
      if (inset !== lastInset && !editor.isDestroyed) {
        lastInset = inset;
        // When to scroll (threshold) and how far (margin): the caret never goes under it.
        const clear = { top: 5, left: 5, right: 5, bottom: inset + CARET_CLEARANCE_PX };
        editor.setOptions({
          editorProps: {
            ...editor.options.editorProps,
            scrollThreshold: clear,
            scrollMargin: clear,
          },
        });
      }
      const shrank = viewport.height < lastHeight;
      lastHeight = viewport.height;
      if (!shrank || editor.isDestroyed || !editor.view.hasFocus()) return;
      const caret = editor.view.coordsAtPos(editor.state.selection.head);
      const box = pages.getBoundingClientRect();
      const band = {
        top: Math.max(viewport.offsetTop, box.top),
        bottom: Math.min(bottom, box.bottom),
      };
      const by = scrollToShowCaret(caret, band);
      if (by !== 0) pages.scrollTop += by;
    };
    viewport.addEventListener('resize', follow);
    viewport.addEventListener('scroll', follow);
    return () => {
      viewport.removeEventListener('resize', follow);
      viewport.removeEventListener('scroll', follow);
    };
  }, [editor, scroller]);
}
