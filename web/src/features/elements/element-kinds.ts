/**
 * The kinds of story element a manuscript offers: the five built in, each with its starting
 * sections, and the writer's custom types (`settings.elements_custom_others`: id random up to
 * 1,000,000, name, created_at, icon from a set, or an uploaded image).
 */
import type { ElementKind } from '@/lib/elements';
import { ELEMENT_KINDS } from '@/lib/elements';

/**
 * The sections a new element of each kind starts with, as translation keys under
 * `elements.sections`; the writer may rename, reorder, delete and add to them.
 */
export const STARTING_SECTIONS: Record<ElementKind, readonly string[]> = {
  character: ['appearance', 'personality', 'backstory', 'goals'],
  object: ['description', 'origin', 'significance'],
  group: ['description', 'members', 'history', 'goals'],
  research: ['summary', 'sources', 'notes'],
  other: ['description', 'notes'],
};

/** The icons a custom type may take (names of the set the screens draw). */
export const CUSTOM_TYPE_ICONS = [
  'star',
  'map-pin',
  'building',
  'sword',
  'paw',
  'leaf',
  'crown',
  'flask',
  'music',
  'ship',
  'key',
  'book',
] as const;
export type CustomTypeIcon = (typeof CUSTOM_TYPE_ICONS)[number];

/** The largest custom type id (ids are drawn from 1 to this, unique in the manuscript). */
export const CUSTOM_TYPE_ID_MAX = 1_000_000;

export interface CustomType {
  id: number;
  name: string;
  created_at: number;
  icon: CustomTypeIcon | null;
  /** An uploaded picture's URL, shown instead of the icon. */
  image: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isCustomTypeIcon = (value: unknown): value is CustomTypeIcon =>
  typeof value === 'string' && (CUSTOM_TYPE_ICONS as readonly string[]).includes(value);

/** The manuscript's custom types, by creation time (unreadable entries left out). */
export function readCustomTypes(settings: unknown): CustomType[] {
  const list = isRecord(settings) ? settings.elements_custom_others : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((item) => {
      if (!isRecord(item)) return [];
      const id = Number(item.id);
      if (!Number.isInteger(id) || typeof item.name !== 'string') return [];
      return [
        {
          id,
          name: item.name,
          created_at: typeof item.created_at === 'number' ? item.created_at : 0,
          icon: isCustomTypeIcon(item.icon) ? item.icon : null,
          image: typeof item.image === 'string' && item.image !== '' ? item.image : null,
        },
      ];
    })
    .sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

/** A new custom type with an id from 1 to 1,000,000 that no other of `taken` has. */
export function newCustomType(
  fields: { name: string; icon: CustomTypeIcon | null; image: string | null },
  taken: readonly CustomType[],
  now: number,
  random: () => number = Math.random,
): CustomType {
  const used = new Set(taken.map((type) => type.id));
  for (;;) {
    const id = Math.floor(random() * CUSTOM_TYPE_ID_MAX) + 1;
    if (!used.has(id)) return { id, name: fields.name, created_at: now, ...pickLook(fields) };
  }
}

/** A type shows either its picture or its icon, never both. */
function pickLook(fields: { icon: CustomTypeIcon | null; image: string | null }) {
  return fields.image ? { icon: null, image: fields.image } : { icon: fields.icon, image: null };
}

/** What the kind filter and the kind picker offer: the built-in kinds, then each custom type. */
export type KindChoice = { kind: ElementKind } | { kind: 'other'; customTypeId: number };

/** The value a kind choice has in a select: `character` … or `custom:<id>`. */
export function kindValue(choice: KindChoice): string {
  return 'customTypeId' in choice ? `custom:${String(choice.customTypeId)}` : choice.kind;
}

/** The choice a select's value names, or null when it names none. */
export function kindFromValue(value: string): KindChoice | null {
  const custom = /^custom:(\d+)$/.exec(value);
  if (custom?.[1]) return { kind: 'other', customTypeId: Number(custom[1]) };
  return (ELEMENT_KINDS as readonly string[]).includes(value)
    ? { kind: value as ElementKind }
    : null;
}

/** The element's kind as a choice (a custom type when `type_other_id` names one). */
export function kindOf(meta: { type: ElementKind; type_other_id: number | null }): KindChoice {
  return meta.type === 'other' && meta.type_other_id !== null
    ? { kind: 'other', customTypeId: meta.type_other_id }
    : { kind: meta.type };
}

/** The meta fields that say an element's kind, for a choice. */
export function kindFields(
  choice: KindChoice,
  types: readonly CustomType[],
): { type: ElementKind; type_other: string | null; type_other_id: number | null } {
  if (!('customTypeId' in choice))
    return { type: choice.kind, type_other: null, type_other_id: null };
  const type = types.find((t) => t.id === choice.customTypeId);
  return { type: 'other', type_other: type?.name ?? null, type_other_id: choice.customTypeId };
}
