// Generated from openapi.json (crates/quire-protocol/src/entity.rs) by scripts/generate-wire.js:
// do not edit. `make wire` (or `node scripts/generate-wire.js` in web/) writes it again.

import { z } from 'zod';

/** Every kind a client syncs row by row, by its path segment. */
export const ENTITY_KINDS = [
  'chapter_contents',
  'chapter_versions',
  'chapters',
  'element_relationship_boards',
  'elements',
  'folders',
  'groups',
  'manuscripts',
  'notes',
  'outlines',
  'plotboards',
  'researches',
  'stashes',
  'stats_word_counts',
  'to_dos',
  'writing_sessions',
] as const;

export type EntityKind = (typeof ENTITY_KINDS)[number];

/**
 * The document keys every kind may carry; each optional.
 */
export const commonDocSchema = z.looseObject({
  comments: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  content: z.string().nullable().optional(),
  footnotes: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  goals: z.record(z.string(), z.unknown()).nullable().optional(),
  meta: z.record(z.string(), z.unknown()).nullable().optional(),
  settings: z.record(z.string(), z.unknown()).nullable().optional(),
  stats: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type CommonDoc = z.infer<typeof commonDocSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const chapterContentFieldsSchema = commonDocSchema.extend({
  chapter_id: z.string().nullable().optional(),
  cursor_position: z.number().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  words: z.number().nullable().optional(),
});
export type ChapterContentFields = z.infer<typeof chapterContentFieldsSchema>;

/**
 * The columns every row has, as the server answers them. Ignored on input: `user_id`,
 * `synced_at`, `deleted_at`, `days_left` (the server sets them).
 */
export const rowColumnsSchema = z.looseObject({
  _order: z.number(),
  created_at: z.number().int(),
  days_left: z.number().int().nullable().optional(),
  deleted_at: z.number().int().nullable(),
  id: z.string(),
  last_synced_device_id: z.string(),
  synced_at: z.number().int().nullable(),
  updated_at: z.number().int(),
  user_id: z.string(),
});
export type RowColumns = z.infer<typeof rowColumnsSchema>;

/**
 * A chapter's text, kept apart from the chapter's row.
 */
export const chapterContentSchema = rowColumnsSchema.extend(chapterContentFieldsSchema.shape);
export type ChapterContent = z.infer<typeof chapterContentSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const chapterVersionFieldsSchema = commonDocSchema.extend({
  automatic: z.boolean().nullable().optional(),
  chapter_id: z.string().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  words: z.number().nullable().optional(),
});
export type ChapterVersionFields = z.infer<typeof chapterVersionFieldsSchema>;

/**
 * A snapshot of a chapter's content.
 */
export const chapterVersionSchema = rowColumnsSchema.extend(chapterVersionFieldsSchema.shape);
export type ChapterVersion = z.infer<typeof chapterVersionSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const chapterFieldsSchema = commonDocSchema.extend({
  chapter_id: z.string().nullable().optional(),
  group_id: z.string().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  outline_id: z.string().nullable().optional(),
});
export type ChapterFields = z.infer<typeof chapterFieldsSchema>;

/**
 * A chapter, or with `chapter_id` a subchapter.
 */
export const chapterSchema = rowColumnsSchema.extend(chapterFieldsSchema.shape);
export type Chapter = z.infer<typeof chapterSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const relationshipBoardFieldsSchema = commonDocSchema.extend({
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type RelationshipBoardFields = z.infer<typeof relationshipBoardFieldsSchema>;

/**
 * A board of relationships between elements.
 */
export const relationshipBoardSchema = rowColumnsSchema.extend(relationshipBoardFieldsSchema.shape);
export type RelationshipBoard = z.infer<typeof relationshipBoardSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const elementFieldsSchema = commonDocSchema.extend({
  group_id: z.string().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type ElementFields = z.infer<typeof elementFieldsSchema>;

/**
 * A story element (character, place, …).
 */
export const elementSchema = rowColumnsSchema.extend(elementFieldsSchema.shape);
export type Element = z.infer<typeof elementSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const folderFieldsSchema = commonDocSchema.extend({
  cover: z.string().nullable().optional(),
  folder_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type FolderFields = z.infer<typeof folderFieldsSchema>;

/**
 * A folder on the manuscripts list.
 */
export const folderSchema = rowColumnsSchema.extend(folderFieldsSchema.shape);
export type Folder = z.infer<typeof folderSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const groupFieldsSchema = commonDocSchema.extend({
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type GroupFields = z.infer<typeof groupFieldsSchema>;

/**
 * A group of a manuscript (a Section when its type is `chapters`).
 */
export const groupSchema = rowColumnsSchema.extend(groupFieldsSchema.shape);
export type Group = z.infer<typeof groupSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const manuscriptFieldsSchema = commonDocSchema.extend({
  folder_id: z.string().nullable().optional(),
  protected: z.boolean().nullable().optional(),
  title: z.string().nullable().optional(),
});
export type ManuscriptFields = z.infer<typeof manuscriptFieldsSchema>;

/**
 * A manuscript's own row (its parts come in arrays of their own).
 */
export const manuscriptSchema = rowColumnsSchema.extend(manuscriptFieldsSchema.shape);
export type Manuscript = z.infer<typeof manuscriptSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const noteFieldsSchema = commonDocSchema.extend({
  manuscript_id: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});
export type NoteFields = z.infer<typeof noteFieldsSchema>;

/**
 * A note of a manuscript, or with no `manuscript_id` a Quick Note.
 */
export const noteSchema = rowColumnsSchema.extend(noteFieldsSchema.shape);
export type Note = z.infer<typeof noteSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const outlineFieldsSchema = commonDocSchema.extend({
  group_id: z.string().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type OutlineFields = z.infer<typeof outlineFieldsSchema>;

/**
 * An outline of a manuscript.
 */
export const outlineSchema = rowColumnsSchema.extend(outlineFieldsSchema.shape);
export type Outline = z.infer<typeof outlineSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const plotboardFieldsSchema = commonDocSchema.extend({
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type PlotboardFields = z.infer<typeof plotboardFieldsSchema>;

/**
 * A plot board.
 */
export const plotboardSchema = rowColumnsSchema.extend(plotboardFieldsSchema.shape);
export type Plotboard = z.infer<typeof plotboardSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const researchFieldsSchema = commonDocSchema.extend({
  cover: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  items: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type ResearchFields = z.infer<typeof researchFieldsSchema>;

/**
 * A research item.
 */
export const researchSchema = rowColumnsSchema.extend(researchFieldsSchema.shape);
export type Research = z.infer<typeof researchSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const stashFieldsSchema = commonDocSchema.extend({
  chapter_id: z.string().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
});
export type StashFields = z.infer<typeof stashFieldsSchema>;

/**
 * Text put aside from a chapter.
 */
export const stashSchema = rowColumnsSchema.extend(stashFieldsSchema.shape);
export type Stash = z.infer<typeof stashSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const wordCountFieldsSchema = commonDocSchema.extend({
  cursor_position: z.number().nullable().optional(),
  date: z.number().int().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  words: z.number().nullable().optional(),
});
export type WordCountFields = z.infer<typeof wordCountFieldsSchema>;

/**
 * The words written in a manuscript in one hour.
 */
export const wordCountSchema = rowColumnsSchema.extend(wordCountFieldsSchema.shape);
export type WordCount = z.infer<typeof wordCountSchema>;

/**
 * A to-do's priority.
 */
export const todoPrioritySchema = z.enum(['high', 'medium', 'low']);
export type TodoPriority = z.infer<typeof todoPrioritySchema>;

/**
 * A to-do's state.
 */
export const todoStatusSchema = z.enum(['pending', 'done']);
export type TodoStatus = z.infer<typeof todoStatusSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const todoFieldsSchema = commonDocSchema.extend({
  chapter_id: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
  global: z.boolean().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  notes: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  priority: todoPrioritySchema.nullable().optional(),
  status: todoStatusSchema.nullable().optional(),
  title: z.string().nullable().optional(),
});
export type TodoFields = z.infer<typeof todoFieldsSchema>;

/**
 * A to-do of a chapter, of a manuscript, or with no `manuscript_id` of the writer.
 */
export const todoSchema = rowColumnsSchema.extend(todoFieldsSchema.shape);
export type Todo = z.infer<typeof todoSchema>;

/**
 * What a client may send of this kind: every field optional, `null` meaning absent;
 * the row columns it may send are `RowInput`'s.
 */
export const writingSessionFieldsSchema = commonDocSchema.extend({
  end: z.number().nullable().optional(),
  manuscript_id: z.string().nullable().optional(),
  start: z.number().nullable().optional(),
  words: z.number().nullable().optional(),
});
export type WritingSessionFields = z.infer<typeof writingSessionFieldsSchema>;

/**
 * A stretch of writing in a manuscript.
 */
export const writingSessionSchema = rowColumnsSchema.extend(writingSessionFieldsSchema.shape);
export type WritingSession = z.infer<typeof writingSessionSchema>;

/**
 * A manuscript with its rows, one array per part (`GET manuscripts/{id}`, a copy, a
 * manuscript made from a template). A part with no array was not asked for.
 */
export const manuscriptTreeSchema = manuscriptSchema.extend({
  chapters: z.array(chapterSchema).nullable().optional(),
  element_relationship_boards: z.array(relationshipBoardSchema).nullable().optional(),
  elements: z.array(elementSchema).nullable().optional(),
  groups: z.array(groupSchema).nullable().optional(),
  notes: z.array(noteSchema).nullable().optional(),
  outlines: z.array(outlineSchema).nullable().optional(),
  plotboards: z.array(plotboardSchema).nullable().optional(),
  researches: z.array(researchSchema).nullable().optional(),
  stashes: z.array(stashSchema).nullable().optional(),
  to_dos: z.array(todoSchema).nullable().optional(),
});
export type ManuscriptTree = z.infer<typeof manuscriptTreeSchema>;

/**
 * The row columns a client may send with any kind; each optional, `null` meaning absent.
 */
export const rowInputSchema = z.looseObject({
  _order: z.number().nullable().optional(),
  created_at: z.number().int().nullable().optional(),
  id: z.string().nullable().optional(),
  last_synced_device_id: z.string().nullable().optional(),
  updated_at: z.number().int().nullable().optional(),
});
export type RowInput = z.infer<typeof rowInputSchema>;

/** Each kind's wire object as the server answers it. */
export const WIRE_SCHEMAS = {
  chapter_contents: chapterContentSchema,
  chapter_versions: chapterVersionSchema,
  chapters: chapterSchema,
  element_relationship_boards: relationshipBoardSchema,
  elements: elementSchema,
  folders: folderSchema,
  groups: groupSchema,
  manuscripts: manuscriptSchema,
  notes: noteSchema,
  outlines: outlineSchema,
  plotboards: plotboardSchema,
  researches: researchSchema,
  stashes: stashSchema,
  stats_word_counts: wordCountSchema,
  to_dos: todoSchema,
  writing_sessions: writingSessionSchema,
} as const;

export interface WireObjects {
  chapter_contents: ChapterContent;
  chapter_versions: ChapterVersion;
  chapters: Chapter;
  element_relationship_boards: RelationshipBoard;
  elements: Element;
  folders: Folder;
  groups: Group;
  manuscripts: Manuscript;
  notes: Note;
  outlines: Outline;
  plotboards: Plotboard;
  researches: Research;
  stashes: Stash;
  stats_word_counts: WordCount;
  to_dos: Todo;
  writing_sessions: WritingSession;
}
