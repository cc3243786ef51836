/**
 * A story element's edits as pure functions over its meta: the fields of a new element (its
 * kind's starting sections), nicknames, tags and pictures. Each answers the new list; the caller
 * writes it through the local writer.
 */
import type { ElementImage, ElementKind, ElementMeta, Nickname } from '@/lib/elements';
import type { MetaSection } from '@/lib/meta-sections';
import { newSectionId } from '@/lib/meta-sections';
import { TITLE_MAX } from '@/storage';

import type { CustomType, KindChoice } from './element-kinds';
import { kindFields, STARTING_SECTIONS } from './element-kinds';

/** Names, nicknames and tags hold at most 255 characters, as every editable title. */
export const ELEMENT_NAME_MAX = TITLE_MAX;

/**
 * The meta of a new element of `choice`: its kind's starting sections (titles given already
 * translated by `titleOf`), no colour, nicknames, pictures or tags.
 */
export function newElementMeta(
  choice: KindChoice,
  types: readonly CustomType[],
  titleOf: (kind: ElementKind, key: string) => string,
  random?: () => number,
): ElementMeta {
  const fields = kindFields(choice, types);
  const sections: MetaSection[] = [];
  for (const key of STARTING_SECTIONS[fields.type]) {
    sections.push({
      id: newSectionId(sections, random),
      title: titleOf(fields.type, key),
      content: '',
      order: sections.length,
    });
  }
  return { ...fields, sections, color: null, nicknames: [], images: [], tags: [] };
}

/** The nicknames with `label` added (trimmed, cut to the limit), unless blank or there already. */
export function addNickname(list: readonly Nickname[], label: string, id: string): Nickname[] {
  const clean = label.trim().slice(0, ELEMENT_NAME_MAX);
  if (clean === '' || list.some((n) => n.label.toLowerCase() === clean.toLowerCase())) {
    return [...list];
  }
  return [...list, { id, label: clean }];
}

export function removeNickname(list: readonly Nickname[], id: string): Nickname[] {
  return list.filter((nickname) => nickname.id !== id);
}

/** The tags with `tag` added (trimmed, cut to the limit), unless blank or there in any case. */
export function addTag(tags: readonly string[], tag: string): string[] {
  const clean = tag.trim().slice(0, ELEMENT_NAME_MAX);
  if (clean === '' || tags.some((t) => t.toLowerCase() === clean.toLowerCase())) return [...tags];
  return [...tags, clean];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

/** The manuscript's tags (`settings.tags`) with the element's new ones added at the end. */
export function withKnownTags(known: readonly string[], tags: readonly string[]): string[] {
  return tags.reduce<string[]>((list, tag) => addTag(list, tag), [...known]);
}

/** The pictures with `url` added; the first picture an element gets is its main one. */
export function addImage(images: readonly ElementImage[], url: string, id: string): ElementImage[] {
  return [...images, { id, value: url, main: images.length === 0 }];
}

/** The pictures with `id` the only main one. */
export function setMainImage(images: readonly ElementImage[], id: string): ElementImage[] {
  return images.map((image) => ({ ...image, main: image.id === id }));
}

/** The pictures without `id`; when the main one goes, the first left becomes main. */
export function removeImage(images: readonly ElementImage[], id: string): ElementImage[] {
  const left = images.filter((image) => image.id !== id);
  if (left.length === 0 || left.some((image) => image.main)) return left;
  return left.map((image, index) => ({ ...image, main: index === 0 }));
}
