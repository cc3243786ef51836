/**
 * The paper the chapter is written on: the page setup's paper size, orientation, margins and
 * colour, scaled down to fit the space beside the sidebars as a print layout is.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';

import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_FONT_SIZES,
  DEFAULT_LINE_HEIGHT,
  pageDimensions,
  pointSize,
  type PageSetup,
} from '@/text-editor';

/** CSS pixels in a millimetre (96 per inch). */
export const MM_PX = 96 / 25.4;

/**
 * The smallest scale the whole page is drawn at; below it the text would be too small to write
 * in (a phone), so the page keeps its shape and margins, scaled, and the text keeps its size.
 */
export const MIN_PRINT_SCALE = 0.5;

/** How the page fits: `print` draws the whole page at `scale`; `reflow` fills the width. */
export interface PageFit {
  mode: 'print' | 'reflow';
  scale: number;
}

export const FULL_SIZE: PageFit = { mode: 'print', scale: 1 };

/** The fit of the page in `available` CSS pixels of width (null while not measured). */
export function pageFit(setup: PageSetup, available: number | null): PageFit {
  if (available === null || available <= 0) return FULL_SIZE;
  const fit = available / (pageDimensions(setup).width * MM_PX);
  if (fit >= 1) return FULL_SIZE;
  return { mode: fit >= MIN_PRINT_SCALE ? 'print' : 'reflow', scale: fit };
}

/** The typography defaults (`editor/defaults.ts`) as CSS variables, read by chapter-editor.css. */
const TYPOGRAPHY = {
  '--chapter-font-family': DEFAULT_FONT_FAMILY,
  '--chapter-line-height': String(DEFAULT_LINE_HEIGHT),
  ...Object.fromEntries(
    Object.entries(DEFAULT_FONT_SIZES).map(([name, points]) => [
      `--chapter-size-${name}`,
      pointSize(points),
    ]),
  ),
} as CSSProperties;

const PAGE_EDGE = 'rgb(0 0 0 / 16%)';

/** A thin line at the end of every page, `height` long (a CSS length). */
function pageLines(height: string): string {
  return `repeating-linear-gradient(to bottom, transparent 0, transparent calc(${height} - 1px), ${PAGE_EDGE} calc(${height} - 1px), ${PAGE_EDGE} ${height})`;
}

function px(value: number): string {
  return `${String(Math.round(value * 100) / 100)}px`;
}

/**
 * The paper: a sheet as wide as the paper size in its orientation, padded by the margins, in
 * the page colour, with a thin line every page height (a repeating background: no pagination
 * work, nothing recomputed while typing). In `print` fit it is laid out at full size and scaled
 * as a whole; in `reflow` fit it fills the width, its shape and margins scaled.
 */
export function sheetStyle(setup: PageSetup, fit: PageFit = FULL_SIZE): CSSProperties {
  const { width, height } = pageDimensions(setup);
  const paper = setup.pageColor ?? '#ffffff';
  const { top, right, bottom, left } = setup.margins;
  const base = { ...TYPOGRAPHY, backgroundColor: paper };
  if (fit.mode === 'reflow') {
    const mm = (value: number) => px(value * MM_PX * fit.scale);
    return {
      ...base,
      width: '100%',
      aspectRatio: `${String(width)} / ${String(height)}`,
      padding: `${mm(top)} ${mm(right)} ${mm(bottom)} ${mm(left)}`,
      backgroundImage: pageLines(mm(height)),
    };
  }
  const style: CSSProperties = {
    ...base,
    width: `${String(width)}mm`,
    minHeight: `${String(height)}mm`,
    padding: `${String(top)}mm ${String(right)}mm ${String(bottom)}mm ${String(left)}mm`,
    backgroundImage: pageLines(`${String(height)}mm`),
  };
  if (fit.scale === 1) return style;
  return {
    ...style,
    maxWidth: 'none',
    margin: 0,
    transform: `scale(${String(fit.scale)})`,
    transformOrigin: 'top left',
  };
}

/**
 * The sheet's fit in the scroller it is drawn in (its width inside its padding, as it changes).
 * A scaled sheet takes its full-size layout's room: its frame is as tall as the sheet shown,
 * kept so as the text grows (set straight on the element: typing renders nothing).
 */
function useSheetFit(setup: PageSetup) {
  const frame = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const scroller = frame.current?.parentElement;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(scroller);
    return () => {
      observer.disconnect();
    };
  }, []);

  const fit = pageFit(setup, available);
  const scale = fit.mode === 'print' && fit.scale < 1 ? fit.scale : null;
  useLayoutEffect(() => {
    const frameStyle = frame.current?.style;
    const sheetElement = sheet.current;
    if (!frameStyle || !sheetElement) return;
    if (scale === null) {
      frameStyle.removeProperty('height');
      return;
    }
    const keepHeight = () => {
      frameStyle.setProperty('height', px(sheetElement.offsetHeight * scale));
    };
    keepHeight();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(keepHeight);
    observer.observe(sheetElement);
    return () => {
      observer.disconnect();
    };
  }, [scale]);
  return { frame, sheet, fit, scale };
}

export function PageSheet(props: { setup: PageSetup; children: ReactNode }) {
  const { frame, sheet, fit, scale } = useSheetFit(props.setup);
  const { width } = pageDimensions(props.setup);

  return (
    <div
      ref={frame}
      className="chapter-frame"
      data-fit={fit.mode}
      style={scale === null ? undefined : { width: px(width * MM_PX * scale) }}
    >
      <div
        ref={sheet}
        className="chapter-sheet"
        data-testid="chapter-sheet"
        style={sheetStyle(props.setup, fit)}
      >
        {props.children}
      </div>
    </div>
  );
}
