/**
 * A long list drawn a page at a time: its first rows at once, a page more each time its end
 * comes near the screen (scrolled to, or a focused row brought there), so opening or filtering a
 * list of thousands lays out one page. Every drawn row is in the page, so Tab and screen readers
 * reach each one in order, and the next ones appear as the end is reached.
 */
import { useCallback, useState } from 'react';
import type { RefCallback } from 'react';

/** Rows drawn at first, and added each time the end comes near: more than a tall screen shows. */
export const GROWING_PAGE = 20;

/** How near the screen (px) the end of the drawn rows must come for the next page. */
const NEAR_PX = 800;

/**
 * The element the list scrolls in (a drawer's or a modal's body), or `null` for the page: the
 * observer's margin widens only its root, so the root must be the box that clips the list.
 */
function scrollerOf(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** The rows drawn after the end came near: one page more, never more than there are. */
export function grownCount(drawn: number, total: number, page = GROWING_PAGE): number {
  return Math.min(total, drawn + page);
}

export interface GrowingList {
  /** How many of the rows to draw now. */
  count: number;
  /** The callback ref of an empty element after the drawn rows; none when all are drawn. */
  sentinel: RefCallback<HTMLElement> | null;
}

/**
 * Draws `total` rows a page at a time; a new `view` (another tab, filter, search, sort) starts
 * from the first page again, while a live change of the rows keeps what was drawn.
 */
export function useGrowingList(total: number, view: string, page = GROWING_PAGE): GrowingList {
  const [drawn, setDrawn] = useState({ view, count: page });
  const count = Math.min(total, drawn.view === view ? drawn.count : page);
  // A new observer for each count: its first report says at once whether the end is still near
  // (a short page on a tall screen), which a kept observer would not report again.
  const sentinel = useCallback<RefCallback<HTMLElement>>(
    (node) => {
      if (!node) return undefined;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            setDrawn({ view, count: grownCount(count, total, page) });
          }
        },
        { root: scrollerOf(node), rootMargin: `${String(NEAR_PX)}px 0px` },
      );
      observer.observe(node);
      return () => {
        observer.disconnect();
      };
    },
    [view, count, total, page],
  );
  // Without IntersectionObserver (old engines, tests' DOM) every row is drawn.
  if (typeof IntersectionObserver === 'undefined') return { count: total, sentinel: null };
  return { count, sentinel: count < total ? sentinel : null };
}
