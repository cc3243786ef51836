import type { EditorView } from '@tiptap/pm/view';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CLIP_CHAIN_TTL_MS, caretAlreadyInView } from './caret-in-view';

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** An element laid out at `rect` (jsdom lays out nothing). */
function placed(tag: string, rect: Rect, style = ''): HTMLElement {
  const element = document.createElement(tag);
  element.setAttribute('style', style);
  element.getBoundingClientRect = () => ({
    ...rect,
    x: rect.left,
    y: rect.top,
    right: rect.left + rect.width,
    bottom: rect.top + rect.height,
    toJSON: () => rect,
  });
  for (const [name, value] of [
    ['offsetWidth', rect.width],
    ['offsetHeight', rect.height],
    ['clientWidth', rect.width],
    ['clientHeight', rect.height],
  ] as const) {
    Object.defineProperty(element, name, { configurable: true, value });
  }
  return element;
}

/** A scroller 400 px tall at the top of the window, holding the editor, and the caret at `top`. */
function setUp(caretTop: number) {
  const scroller = placed('div', { left: 0, top: 100, width: 800, height: 400 }, 'overflow: auto');
  const plain = placed('div', { left: 0, top: -5000, width: 800, height: 20000 });
  const dom = document.createElement('div');
  plain.append(dom);
  scroller.append(plain);
  document.body.append(scroller);
  const caret = { left: 50, right: 51, top: caretTop, bottom: caretTop + 16 };
  const view = {
    dom,
    state: { selection: { head: 7 } },
    coordsAtPos: () => caret,
  } as unknown as EditorView;
  return { view, scroller, caret };
}

beforeEach(() => {
  // A 1280×900 window.
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    value: 1280,
  });
  Object.defineProperty(document.documentElement, 'clientHeight', {
    configurable: true,
    value: 900,
  });
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('caretAlreadyInView', () => {
  it('is true for a caret inside the scroller and the window', () => {
    const { view } = setUp(200);
    expect(caretAlreadyInView(view)).toBe(true);
  });

  it('is false for a caret below the scroller, though inside a taller element that does not clip', () => {
    const { view } = setUp(520);
    expect(caretAlreadyInView(view)).toBe(false);
  });

  it('is false for a caret above the window', () => {
    const { view } = setUp(-40);
    expect(caretAlreadyInView(view)).toBe(false);
  });

  it('reads again which ancestors scroll once the list is old', () => {
    const { view, scroller } = setUp(200);
    expect(caretAlreadyInView(view, 1_000)).toBe(true);
    const outer = placed('div', { left: 0, top: 0, width: 800, height: 150 }, 'overflow: hidden');
    document.body.append(outer);
    outer.append(scroller);
    expect(caretAlreadyInView(view, 1_000 + CLIP_CHAIN_TTL_MS + 1)).toBe(false);
  });
});
