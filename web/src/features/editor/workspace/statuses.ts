/**
 * The statuses a chapter can have (chapter `settings.status_id`, default -1; manuscript
 * `settings.custom_manuscript_statuses`), as data: the binder's status menu and the properties
 * sidebar read this one list. Built-in ids are 0–4 with labels under `properties.status`; the
 * manuscript's custom statuses come first, and one with a built-in id takes its place (the writer
 * renamed it). The built-ins run from to-do to final.
 */
import type { ManuscriptRow } from './types';

export type BuiltInStatusKey =
  | 'properties.status.to_do'
  | 'properties.status.in_progress'
  | 'properties.status.first_draft'
  | 'properties.status.revised'
  | 'properties.status.final';

export interface ChapterStatus {
  id: number;
  /** An i18n key (built-ins); custom statuses carry `name` instead. */
  labelKey?: BuiltInStatusKey;
  name?: string;
  /** A CSS colour (`#RRGGBB`). */
  color: string;
}

/** `settings.status_id` of a chapter without a status. */
export const NO_STATUS_ID = -1;
/** The label of "no status". */
export const NO_STATUS_LABEL_KEY = 'properties.status.none' as const;
/** The colour a custom status without one is shown in. */
export const CUSTOM_STATUS_COLOR = '#868E96';

export const BUILT_IN_STATUSES: readonly ChapterStatus[] = [
  { id: 0, labelKey: 'properties.status.to_do', color: '#868E96' },
  { id: 1, labelKey: 'properties.status.in_progress', color: '#228BE6' },
  { id: 2, labelKey: 'properties.status.first_draft', color: '#FAB005' },
  { id: 3, labelKey: 'properties.status.revised', color: '#7950F2' },
  { id: 4, labelKey: 'properties.status.final', color: '#40C057' },
];

/** A CSS colour of a stored one (`RRGGBB` or `#RRGGBB`), or null. */
export function statusColor(color: unknown): string | null {
  if (typeof color !== 'string') return null;
  const hex = color.trim().replace(/#/g, '');
  return /^[0-9a-f]{6}$/i.test(hex) ? `#${hex.toUpperCase()}` : null;
}

/** Every status a chapter of `manuscript` can take: its own first, then the built-ins left. */
export function chapterStatuses(manuscript: Pick<ManuscriptRow, 'settings'>): ChapterStatus[] {
  const own: ChapterStatus[] = [];
  const taken = new Set<number>();
  for (const status of manuscript.settings?.custom_manuscript_statuses ?? []) {
    if (!Number.isInteger(status.id) || status.id < 0 || taken.has(status.id)) continue;
    taken.add(status.id);
    const builtIn = BUILT_IN_STATUSES.find((s) => s.id === status.id);
    own.push({
      id: status.id,
      name: status.name,
      color: statusColor(status.color) ?? builtIn?.color ?? CUSTOM_STATUS_COLOR,
    });
  }
  return [...own, ...BUILT_IN_STATUSES.filter((status) => !taken.has(status.id))];
}
