/**
 * The typography and page defaults, as constants the extensions, the toolbar and the page drawing
 * share. Font sizes are points (the server accepts `12pt`); margins are millimetres on every side.
 */

export const DEFAULT_FONT_FAMILY = 'arial';

/** Font sizes in points: body text and headings h1–h5. */
export const DEFAULT_FONT_SIZES = {
  normal: 11,
  h1: 20,
  h2: 16,
  h3: 14,
  h4: 12,
  h5: 11,
} as const;

export const DEFAULT_LINE_HEIGHT = 1.4;

/** CSS pixels per point: a font size given in `px` is read back in points with it. */
export const PIXELS_PER_POINT = 1.33;

/** The families the font picker offers (CSS family names, stored as written). */
export const FONT_FAMILIES = [
  'arial',
  'georgia',
  'times new roman',
  'garamond',
  'courier new',
  'verdana',
  'helvetica',
] as const;

/** The sizes the size picker offers, in points. */
export const FONT_SIZES_PT = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48] as const;

/** Paper sizes in millimetres, portrait (width × height). */
export const PAPER_SIZES = {
  letter: { width: 215.9, height: 279.4 },
  legal: { width: 215.9, height: 355.6 },
  a4: { width: 210, height: 297 },
  a5: { width: 148, height: 210 },
  b5: { width: 176, height: 250 },
} as const;

export type PaperSize = keyof typeof PAPER_SIZES;
export type Orientation = 'portrait' | 'landscape';

export interface PageMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A manuscript's page setup with every default filled in. */
export interface PageSetup {
  paperSize: PaperSize;
  orientation: Orientation;
  /** In millimetres. */
  margins: PageMargins;
  /** A CSS colour, or null for white paper. */
  pageColor: string | null;
}

export const DEFAULT_MARGIN_MM = 10;

export const DEFAULT_PAGE_SETUP: PageSetup = {
  paperSize: 'letter',
  orientation: 'portrait',
  margins: {
    top: DEFAULT_MARGIN_MM,
    right: DEFAULT_MARGIN_MM,
    bottom: DEFAULT_MARGIN_MM,
    left: DEFAULT_MARGIN_MM,
  },
  pageColor: null,
};

/** The stored shape of a manuscript's `settings.page`; margins are one number or per side. */
export interface StoredPage {
  orientation?: Orientation;
  paper_size?: string;
  page_color?: string | null;
  margins?: number | Partial<PageMargins>;
}

function isPaperSize(value: string | undefined): value is PaperSize {
  return value !== undefined && Object.hasOwn(PAPER_SIZES, value);
}

function margin(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_MARGIN_MM;
}

/** Reads `settings.page`, falling back to the defaults for anything missing or unknown. */
export function pageSetupFrom(page: StoredPage | undefined | null): PageSetup {
  const paperSize = page?.paper_size?.toLowerCase();
  const raw = page?.margins;
  const margins: PageMargins =
    typeof raw === 'number'
      ? { top: margin(raw), right: margin(raw), bottom: margin(raw), left: margin(raw) }
      : {
          top: margin(raw?.top),
          right: margin(raw?.right),
          bottom: margin(raw?.bottom),
          left: margin(raw?.left),
        };
  return {
    paperSize: isPaperSize(paperSize) ? paperSize : DEFAULT_PAGE_SETUP.paperSize,
    orientation: page?.orientation === 'landscape' ? 'landscape' : 'portrait',
    margins,
    pageColor: page?.page_color ?? null,
  };
}

/** The value written back to `settings.page`. */
export function storedPageFrom(setup: PageSetup): Required<StoredPage> {
  return {
    orientation: setup.orientation,
    paper_size: setup.paperSize,
    page_color: setup.pageColor,
    margins: { ...setup.margins },
  };
}

/** The sheet's size in millimetres after orientation. */
export function pageDimensions(setup: PageSetup): { width: number; height: number } {
  const { width, height } = PAPER_SIZES[setup.paperSize];
  return setup.orientation === 'landscape' ? { width: height, height: width } : { width, height };
}

/** `11` → `'11pt'`; the form the text style stores. */
export function pointSize(points: number): string {
  return `${String(points)}pt`;
}

/** `'12pt'` → 12, `'16px'` → 12 (via the pixel-to-point factor); null when unreadable. */
export function pointsFrom(size: string | null | undefined): number | null {
  const match = /^(\d+(?:\.\d+)?)(pt|px)?$/.exec(size?.trim() ?? '');
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  return match[2] === 'px' ? Math.round((value / PIXELS_PER_POINT) * 10) / 10 : value;
}
