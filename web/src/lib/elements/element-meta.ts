/**
 * A story element's row read into one shape every screen can trust: its kind, custom type,
 * sections, colour, nicknames, pictures and tags. Older rows kept nicknames as plain strings;
 * they read as `{id, label}` here (ids from their place, so every read agrees) and are written
 * back in that form by the next edit.
 */
import { storedColor } from '@/lib/colors';
import type { MetaSection } from '@/lib/meta-sections';
import { sortedSections } from '@/lib/meta-sections';

/** The kinds every manuscript offers; a custom type is kind `other` with `type_other_id`. */
export const ELEMENT_KINDS = ['character', 'object', 'group', 'research', 'other'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

export interface Nickname {
  id: string;
  label: string;
}

/** A picture: `value` is its URL; at most one is the main one. */
export interface ElementImage {
  id: string;
  value: string;
  main: boolean;
}

export interface ElementMeta {
  type: ElementKind;
  /** The custom type's name when the kind is `other` and a custom type is chosen. */
  type_other: string | null;
  type_other_id: number | null;
  sections: MetaSection[];
  /** 6 upper-case hex digits, or null. */
  color: string | null;
  nicknames: Nickname[];
  images: ElementImage[];
  tags: string[];
}

/** An element row as the screens read it (the row's other fields are kept by the writer). */
export interface ElementRecord {
  id: string;
  name: string;
  group_id: string | null;
  _order: number;
  deleted_at: number | null;
  meta: ElementMeta;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isElementKind(value: unknown): value is ElementKind {
  return typeof value === 'string' && (ELEMENT_KINDS as readonly string[]).includes(value);
}

/** Nicknames as `{id, label}`: plain strings (older rows) get the id `nickname-<place>`. */
export function readNicknames(value: unknown): Nickname[] {
  if (!Array.isArray(value)) return [];
  const list: Nickname[] = [];
  value.forEach((item, index) => {
    if (typeof item === 'string') {
      if (item.trim() !== '') list.push({ id: `nickname-${index}`, label: item });
    } else if (isRecord(item) && typeof item.label === 'string') {
      const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : '';
      list.push({ id: id === '' ? `nickname-${index}` : id, label: item.label });
    }
  });
  return list;
}

/** Pictures with a URL; when several claim to be the main one, only the first stays main. */
export function readImages(value: unknown): ElementImage[] {
  if (!Array.isArray(value)) return [];
  let mainSeen = false;
  return value.flatMap((item, index) => {
    if (!isRecord(item) || typeof item.value !== 'string' || item.value === '') return [];
    const main = item.main === true && !mainSeen;
    if (main) mainSeen = true;
    const id = typeof item.id === 'string' && item.id !== '' ? item.id : `image-${index}`;
    return [{ id, value: item.value, main }];
  });
}

/** The picture a card shows: the main one, else the first. */
export function mainImage(images: readonly ElementImage[]): ElementImage | null {
  return images.find((image) => image.main) ?? images[0] ?? null;
}

function readSections(value: unknown): MetaSection[] {
  if (!Array.isArray(value)) return [];
  const sections = value.flatMap((item, index) =>
    isRecord(item) && typeof item.id === 'string'
      ? [
          {
            id: item.id,
            title: typeof item.title === 'string' ? item.title : '',
            content: typeof item.content === 'string' ? item.content : '',
            order: typeof item.order === 'number' ? item.order : index,
          },
        ]
      : [],
  );
  return sortedSections(sections);
}

/** Tags as trimmed, distinct labels (a tag may be stored as `{label}` or `{name}` too). */
export function readTags(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of value as unknown[]) {
    const raw = isRecord(item) ? (item.label ?? item.name) : item;
    if (typeof raw !== 'string') continue;
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The element's meta in its one shape; an unknown kind reads as `other`. */
export function readElementMeta(meta: unknown): ElementMeta {
  const m = isRecord(meta) ? meta : {};
  const typeOtherId = Number(m.type_other_id);
  return {
    type: isElementKind(m.type) ? m.type : 'other',
    type_other: typeof m.type_other === 'string' && m.type_other !== '' ? m.type_other : null,
    type_other_id:
      m.type_other_id !== null && m.type_other_id !== undefined && Number.isInteger(typeOtherId)
        ? typeOtherId
        : null,
    sections: readSections(m.sections),
    color: storedColor(m.color),
    nicknames: readNicknames(m.nicknames),
    images: readImages(m.images),
    tags: readTags(m.tags),
  };
}

/** A stored element row read into `ElementRecord`. */
export function readElement(row: Record<string, unknown> & { id: string }): ElementRecord {
  return {
    id: row.id,
    name: typeof row.name === 'string' ? row.name : '',
    group_id: typeof row.group_id === 'string' && row.group_id !== '' ? row.group_id : null,
    _order: typeof row._order === 'number' ? row._order : 0,
    deleted_at: typeof row.deleted_at === 'number' ? row.deleted_at : null,
    meta: readElementMeta(row.meta),
  };
}

/** Elements first by `_order`, then by name, so every screen lists them alike. */
export function byOrder(a: ElementRecord, b: ElementRecord): number {
  return a._order - b._order || a.name.localeCompare(b.name);
}
