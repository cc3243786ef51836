/**
 * Meta sections of a chapter or a story element (id, title, content, order; new ids are
 * 'section-' plus a 6-digit random number), as pure list operations. Orders are renumbered from 0
 * after every change.
 */

/** One meta section: ids are 'section-' plus 6 digits. */
export interface MetaSection {
  id: string;
  title: string;
  content: string;
  order: number;
}

/** Editable titles hold at most 255 characters. */
export const SECTION_TITLE_MAX = 255;

/** The sections in their order (by `order`, then as stored). */
export function sortedSections(sections: readonly MetaSection[] | undefined): MetaSection[] {
  return [...(sections ?? [])].sort((a, b) => a.order - b.order);
}

/** A fresh id: 'section-' and 6 random digits, unique among `taken`. */
export function newSectionId(
  taken: readonly MetaSection[],
  random: () => number = Math.random,
): string {
  const used = new Set(taken.map((section) => section.id));
  for (;;) {
    const digits = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
    const id = `section-${digits}`;
    if (!used.has(id)) return id;
  }
}

function renumber(sections: readonly MetaSection[]): MetaSection[] {
  return sections.map((section, order) => ({ ...section, order }));
}

/** The list with a new empty section at the end. */
export function addSection(
  sections: readonly MetaSection[] | undefined,
  random?: () => number,
): { sections: MetaSection[]; added: MetaSection } {
  const list = sortedSections(sections);
  const added: MetaSection = {
    id: newSectionId(list, random),
    title: '',
    content: '',
    order: list.length,
  };
  return { sections: renumber([...list, added]), added };
}

/** The list with one section's title or content changed. */
export function editSection(
  sections: readonly MetaSection[] | undefined,
  id: string,
  changes: Partial<Pick<MetaSection, 'title' | 'content'>>,
): MetaSection[] {
  const title = changes.title?.slice(0, SECTION_TITLE_MAX);
  return sortedSections(sections).map((section) =>
    section.id === id
      ? { ...section, ...changes, ...(title === undefined ? {} : { title }) }
      : section,
  );
}

/** The list with one section moved one place up (-1) or down (+1), renumbered from 0. */
export function moveSection(
  sections: readonly MetaSection[] | undefined,
  id: string,
  by: -1 | 1,
): MetaSection[] {
  const list = sortedSections(sections);
  const from = list.findIndex((section) => section.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return renumber(list);
  const [moved] = list.splice(from, 1);
  if (moved) list.splice(to, 0, moved);
  return renumber(list);
}

/** The list without one section, renumbered from 0. */
export function removeSection(
  sections: readonly MetaSection[] | undefined,
  id: string,
): MetaSection[] {
  return renumber(sortedSections(sections).filter((section) => section.id !== id));
}
