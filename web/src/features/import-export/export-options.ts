/**
 * The export dialog's choices as data: formats, presets and their fields, what is saved in the
 * manuscript's `settings.export` and read back, the chapters to choose from, and the request
 * body of `POST manuscripts/{id}/export`. Pure, no React.
 */
import { z } from 'zod';

export const EXPORT_FORMATS = ['docx', 'pdf', 'epub', 'markdown', 'text'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const standardSchema = z.object({
  kind: z.literal('standard_manuscript'),
  font: z.enum(['times_new_roman', 'courier']),
  contact: z.array(z.string()),
  surname: z.string(),
});
const tradeSchema = z.object({
  kind: z.literal('trade_paperback'),
  trim: z.enum(['six_by_nine', 'five_by_eight']),
  font_size_pt: z.number().min(8).max(16),
  running_heads: z.boolean(),
});
const ebookSchema = z.object({
  kind: z.literal('ebook'),
  language: z.string().min(1),
  cover: z.null(),
});
const presetSchema = z.discriminatedUnion('kind', [standardSchema, tradeSchema, ebookSchema]);

export type StandardPreset = z.infer<typeof standardSchema>;
export type TradePreset = z.infer<typeof tradeSchema>;
export type EbookPreset = z.infer<typeof ebookSchema>;
export type ExportPreset = z.infer<typeof presetSchema>;
export type PresetKind = ExportPreset['kind'];

const optionsSchema = z.object({
  chapter_titles: z.boolean(),
  subchapter_titles: z.boolean(),
  comments: z.boolean(),
  footnotes: z.boolean(),
  preset: presetSchema,
});
export type ExportOptions = z.infer<typeof optionsSchema>;

const choiceSchema = z.object({ format: z.enum(EXPORT_FORMATS), options: optionsSchema });
/** What `settings.export` holds: the last format and options used for this manuscript. */
export type ExportChoice = z.infer<typeof choiceSchema>;

/** The presets that shape each format; Markdown and plain text keep no layout. */
export const PRESETS_BY_FORMAT: Record<ExportFormat, readonly PresetKind[]> = {
  docx: ['standard_manuscript'],
  pdf: ['standard_manuscript', 'trade_paperback'],
  epub: ['ebook'],
  markdown: [],
  text: [],
};

export const EBOOK_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

/** Every preset with its default fields; `language` is the ebook's. */
export function defaultPresets(language: string): {
  standard_manuscript: StandardPreset;
  trade_paperback: TradePreset;
  ebook: EbookPreset;
} {
  return {
    standard_manuscript: {
      kind: 'standard_manuscript',
      font: 'times_new_roman',
      contact: [],
      surname: '',
    },
    trade_paperback: {
      kind: 'trade_paperback',
      trim: 'six_by_nine',
      font_size_pt: 11,
      running_heads: true,
    },
    ebook: { kind: 'ebook', language, cover: null },
  };
}

export function defaultChoice(language: string): ExportChoice {
  return {
    format: 'docx',
    options: {
      chapter_titles: true,
      subchapter_titles: true,
      comments: false,
      footnotes: true,
      preset: defaultPresets(language).standard_manuscript,
    },
  };
}

/** The saved choice of `settings.export`, or the defaults when none (or an unreadable one). */
export function restoreChoice(settings: unknown, language: string): ExportChoice {
  const saved =
    settings !== null && typeof settings === 'object'
      ? (settings as Record<string, unknown>).export
      : undefined;
  const parsed = choiceSchema.safeParse(saved);
  return parsed.success ? parsed.data : defaultChoice(language);
}

/** The preset a format is sent with: the chosen one when the format has it, else its first. */
export function presetFor(
  format: ExportFormat,
  chosen: ExportPreset,
  presets: ReturnType<typeof defaultPresets>,
): ExportPreset {
  const allowed = PRESETS_BY_FORMAT[format];
  if (allowed.length === 0 || allowed.includes(chosen.kind)) return chosen;
  const first = allowed[0] ?? 'standard_manuscript';
  return presets[first];
}

/** Contact block lines as typed: one per line, blank lines dropped. */
export function contactLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export interface ExportRequest {
  format: ExportFormat;
  chapter_ids: string[] | null;
  options: ExportOptions;
}

export function exportRequest(choice: ExportChoice, chapterIds: string[] | null): ExportRequest {
  return { format: choice.format, chapter_ids: chapterIds, options: choice.options };
}

/** A chapter row as the binder stores it (only what the scope tree reads). */
export interface ChapterLike {
  id: string;
  name?: string;
  _order?: number;
  created_at?: unknown;
  chapter_id?: string | null;
  deleted_at?: unknown;
}

export interface ScopeNode {
  id: string;
  name: string;
  children: ScopeNode[];
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function compareRows(a: ChapterLike, b: ChapterLike): number {
  return (
    numberOr(a._order, 0) - numberOr(b._order, 0) ||
    numberOr(a.created_at, 0) - numberOr(b.created_at, 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Chapters with their subchapters, in the binder's sibling order (trashed rows left out). */
export function scopeTree(chapters: readonly ChapterLike[]): ScopeNode[] {
  const live = chapters.filter((row) => row.deleted_at === undefined || row.deleted_at === null);
  const ids = new Set(live.map((row) => row.id));
  const node = (row: ChapterLike): ScopeNode => ({
    id: row.id,
    name: row.name ?? '',
    children: live
      .filter((child) => child.chapter_id === row.id)
      .sort(compareRows)
      .map((child) => ({ id: child.id, name: child.name ?? '', children: [] })),
  });
  return live
    .filter((row) => !row.chapter_id || !ids.has(row.chapter_id))
    .sort(compareRows)
    .map(node);
}

/**
 * The ids to send for the ticked rows, in tree order: a ticked chapter stands for its
 * subchapters, so they are not repeated.
 */
export function chosenChapterIds(
  tree: readonly ScopeNode[],
  ticked: ReadonlySet<string>,
): string[] {
  const ids: string[] = [];
  for (const chapter of tree) {
    if (ticked.has(chapter.id)) {
      ids.push(chapter.id);
      continue;
    }
    for (const child of chapter.children) if (ticked.has(child.id)) ids.push(child.id);
  }
  return ids;
}

/** The file name of a `Content-Disposition` answer (`filename*` first), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name below serves.
    }
  }
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ??
    /filename\s*=\s*([^;]+)/i.exec(disposition)?.[1];
  const name = plain?.trim();
  return name !== undefined && name !== '' ? name : fallback;
}

export const FORMAT_EXTENSIONS: Record<ExportFormat, string> = {
  docx: 'docx',
  pdf: 'pdf',
  epub: 'epub',
  markdown: 'md',
  text: 'txt',
};

/**
 * The manuscript's cover: the first image of `meta.covers` (newest first), given as its URL or
 * as an object's `url` — the image an ebook opens with.
 */
export function coverOf(meta: unknown): string | null {
  const covers = coversIn(meta);
  const first = covers[0];
  if (typeof first === 'string') return first || null;
  if (first !== null && typeof first === 'object' && 'url' in first) {
    const url = first.url;
    return typeof url === 'string' && url ? url : null;
  }
  return null;
}

function coversIn(meta: unknown): unknown[] {
  if (meta === null || typeof meta !== 'object' || !('covers' in meta)) return [];
  const covers = meta.covers;
  return Array.isArray(covers) ? covers : [];
}

/**
 * `meta.covers` after choosing `url` as the cover (it goes first, once) or, with `null`,
 * after removing the current cover (the earlier ones stay).
 */
export function coversWith(meta: unknown, url: string | null): unknown[] {
  const covers = coversIn(meta);
  if (url === null) return covers.slice(1);
  const sameUrl = (entry: unknown) =>
    entry === url ||
    (entry !== null && typeof entry === 'object' && (entry as { url?: unknown }).url === url);
  return [url, ...covers.filter((entry) => !sameUrl(entry))];
}
