import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** How long the list of the editor's clipping ancestors is trusted before it is read again. */
export const CLIP_CHAIN_TTL_MS = 2_000;

interface ClipChain {
  parent: Element | null;
  elements: HTMLElement[];
  readAt: number;
}

const chains = new WeakMap<EditorView, ClipChain>();

/** The editor's ancestors that clip or scroll (overflow other than visible), nearest first. */
function clipChain(view: EditorView, now: number): HTMLElement[] {
  const cached = chains.get(view);
  if (
    cached?.parent === view.dom.parentElement &&
    now - cached.readAt < CLIP_CHAIN_TTL_MS &&
    cached.elements.every((element) => element.isConnected)
  ) {
    return cached.elements;
  }
  const elements: HTMLElement[] = [];
  const body = view.dom.ownerDocument.body;
  for (let node = view.dom.parentElement; node && node !== body; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') elements.push(node);
  }
  chains.set(view, { parent: view.dom.parentElement, elements, readAt: now });
  return elements;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** As ProseMirror measures a scroller: its border box's corner, its client size (no scrollbar). */
function clientBox(element: HTMLElement): Box {
  const rect = element.getBoundingClientRect();
  const scaleX = rect.width / element.offsetWidth || 1;
  const scaleY = rect.height / element.offsetHeight || 1;
  return {
    left: rect.left,
    right: rect.left + element.clientWidth * scaleX,
    top: rect.top,
    bottom: rect.top + element.clientHeight * scaleY,
  };
}

const inside = (rect: Box, box: Box) =>
  rect.top >= box.top &&
  rect.bottom <= box.bottom &&
  rect.left >= box.left &&
  rect.right <= box.right;

/**
 * Whether the caret is already in view: inside every ancestor that can scroll and inside the
 * window. Then ProseMirror's own scrolling would move nothing.
 */
export function caretAlreadyInView(view: EditorView, now = Date.now()): boolean {
  const caret = view.coordsAtPos(view.state.selection.head, 1);
  const doc = view.dom.ownerDocument;
  const visual = doc.defaultView?.visualViewport;
  const viewport: Box = {
    left: 0,
    top: 0,
    right: visual ? visual.width : doc.documentElement.clientWidth,
    bottom: visual ? visual.height : doc.documentElement.clientHeight,
  };
  if (!inside(caret, viewport)) return false;
  return clipChain(view, now).every((element) => inside(caret, clientBox(element)));
}

/**
 * Keeps the caret in view for less. After each typed character ProseMirror scrolls the caret
 * into view by measuring every ancestor of the editor up to the page (a rect, sizes and the
 * computed style of each: some twenty elements on the chapter screen, on every keystroke).
 * When the caret is already visible in every ancestor that clips or scrolls, and in the
 * window, that walk moves nothing, so this measures only those and says it is handled;
 * otherwise (and for a node selection) ProseMirror scrolls as it always does.
 */
export const CaretInView = Extension.create({
  name: 'caretInView',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('caretInView'),
        props: {
          handleScrollToSelection: (view) =>
            !(view.state.selection instanceof NodeSelection) && caretAlreadyInView(view),
        },
      }),
    ];
  },
});
