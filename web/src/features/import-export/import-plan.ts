/**
 * The import plan: the writer's edits of a .docx preview (rename, merge with previous, split,
 * exclude) and the exact `plan` JSON that `POST imports/docx` takes. Pure data, no React.
 */
import type { ImportPreview, PreviewSection } from './import-api';

export interface SplitPoint {
  /** Index of the block (in the section's `blocks`) the new section starts with. */
  block: number;
  title: string;
}

/** What the writer decided for one preview section. */
export interface SectionEdit {
  index: number;
  title: string;
  include: boolean;
  mergeWithPrevious: boolean;
  /** Ascending by block, no duplicates. */
  splitAt: SplitPoint[];
}

export interface PlanTarget {
  /** Append to this open manuscript (null: a new manuscript). */
  manuscriptId: string | null;
  /** The folder a new manuscript goes into (null: the top level). */
  folderId: string | null;
}

/** The `plan` field of `POST imports/docx`, as the API contract spells it. */
export interface ImportPlan {
  h2_as_subchapters: boolean;
  title: string;
  manuscript_id: string | null;
  folder_id: string | null;
  sections: {
    index: number;
    title: string;
    include: boolean;
    merge_with_previous: boolean;
    split_at: { block: number; title: string }[];
  }[];
}

/** Every section as the preview found it: its title, included, unmerged, uncut. */
export function initialEdits(preview: ImportPreview): SectionEdit[] {
  return preview.sections.map((section) => ({
    index: section.index,
    title: section.title,
    include: true,
    mergeWithPrevious: false,
    splitAt: [],
  }));
}

function replace(
  edits: readonly SectionEdit[],
  index: number,
  change: (edit: SectionEdit) => SectionEdit,
): SectionEdit[] {
  return edits.map((edit) => (edit.index === index ? change(edit) : edit));
}

export function renameSection(
  edits: readonly SectionEdit[],
  index: number,
  title: string,
): SectionEdit[] {
  return replace(edits, index, (edit) => ({ ...edit, title }));
}

export function setIncluded(
  edits: readonly SectionEdit[],
  index: number,
  include: boolean,
): SectionEdit[] {
  return replace(edits, index, (edit) => ({ ...edit, include }));
}

/**
 * Whether a section can be merged into the one before: an included section with an included
 * section somewhere before it (its blocks go to the nearest one).
 */
export function canMerge(edits: readonly SectionEdit[], index: number): boolean {
  const position = edits.findIndex((edit) => edit.index === index);
  const edit = edits[position];
  if (!edit?.include) return false;
  return edits.slice(0, position).some((before) => before.include);
}

export function setMerged(
  edits: readonly SectionEdit[],
  index: number,
  merged: boolean,
): SectionEdit[] {
  if (merged && !canMerge(edits, index)) return [...edits];
  return replace(edits, index, (edit) => ({ ...edit, mergeWithPrevious: merged }));
}

/** Cuts the section before `block` (never before its first block) into one titled `title`. */
export function addSplit(
  edits: readonly SectionEdit[],
  index: number,
  block: number,
  title: string,
): SectionEdit[] {
  if (block <= 0) return [...edits];
  return replace(edits, index, (edit) => ({
    ...edit,
    splitAt: [...edit.splitAt.filter((split) => split.block !== block), { block, title }].sort(
      (a, b) => a.block - b.block,
    ),
  }));
}

export function removeSplit(
  edits: readonly SectionEdit[],
  index: number,
  block: number,
): SectionEdit[] {
  return replace(edits, index, (edit) => ({
    ...edit,
    splitAt: edit.splitAt.filter((split) => split.block !== block),
  }));
}

/** The plan for `POST imports/docx`: every preview section once, in preview order. */
export function buildPlan(
  edits: readonly SectionEdit[],
  options: { title: string; h2AsSubchapters: boolean } & PlanTarget,
): ImportPlan {
  return {
    h2_as_subchapters: options.h2AsSubchapters,
    title: options.title.trim(),
    manuscript_id: options.manuscriptId,
    folder_id: options.manuscriptId === null ? options.folderId : null,
    sections: [...edits]
      .sort((a, b) => a.index - b.index)
      .map((edit) => ({
        index: edit.index,
        title: edit.title.trim(),
        include: edit.include,
        merge_with_previous: edit.include && edit.mergeWithPrevious,
        split_at: edit.splitAt.map((split) => ({ block: split.block, title: split.title.trim() })),
      })),
  };
}

/** A chapter or subchapter the import will create, as the preview's summary lists it. */
export interface PlannedSection {
  title: string;
  level: PreviewSection['level'];
}

/** What the plan makes of the preview: the sections that will exist, in order. */
export function plannedSections(
  preview: ImportPreview,
  edits: readonly SectionEdit[],
): PlannedSection[] {
  const byIndex = new Map(edits.map((edit) => [edit.index, edit]));
  const planned: PlannedSection[] = [];
  for (const section of preview.sections) {
    const edit = byIndex.get(section.index);
    if (!edit?.include) continue;
    if (!(edit.mergeWithPrevious && planned.length > 0)) {
      planned.push({ title: edit.title.trim(), level: section.level });
    }
    for (const split of edit.splitAt) {
      planned.push({ title: split.title.trim(), level: section.level });
    }
  }
  return planned;
}

/** Titles the plan still needs: an included, unmerged section or a split with a blank title. */
export function missingTitles(edits: readonly SectionEdit[]): number[] {
  return edits
    .filter(
      (edit) =>
        edit.include &&
        ((!edit.mergeWithPrevious && edit.title.trim() === '') ||
          edit.splitAt.some((split) => split.title.trim() === '')),
    )
    .map((edit) => edit.index);
}
