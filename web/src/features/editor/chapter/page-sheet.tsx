import type { CSSProperties, ReactNode } from 'react';

import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_FONT_SIZES,
  DEFAULT_LINE_HEIGHT,
  pageDimensions,
  pointSize,
  type PageSetup,
} from '@/editor';

/** The spec's typography defaults as CSS variables, read by chapter-editor.css. */
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

/**
 * The paper: a sheet as wide as the paper size, padded by the margins, in the page colour,
 * with a thin line every page height (a repeating background: no pagination work, nothing
 * recomputed while typing).
 */
export function sheetStyle(setup: PageSetup): CSSProperties {
  const { width, height } = pageDimensions(setup);
  const paper = setup.pageColor ?? '#ffffff';
  const { top, right, bottom, left } = setup.margins;
  return {
    ...TYPOGRAPHY,
    width: `${String(width)}mm`,
    minHeight: `${String(height)}mm`,
    padding: `${String(top)}mm ${String(right)}mm ${String(bottom)}mm ${String(left)}mm`,
    backgroundColor: paper,
    backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent calc(${String(height)}mm - 1px), ${PAGE_EDGE} calc(${String(height)}mm - 1px), ${PAGE_EDGE} ${String(height)}mm)`,
  };
}

export function PageSheet(props: { setup: PageSetup; children: ReactNode }) {
  return (
    <div className="chapter-sheet" data-testid="chapter-sheet" style={sheetStyle(props.setup)}>
      {props.children}
    </div>
  );
}
