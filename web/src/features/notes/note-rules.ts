/**
 * The rules of the Quick Notes list, without React: which notes a search and a filter keep,
 * their order (Date Edited, Date Created, Title), and the date groups (Today … More than 30
 * Days Ago) counted in calendar days of the writer's time zone.
 */
import { zone } from '@/lib/writing/zone';

/** A note row as the list reads it (global when `manuscript_id` is null). */
export interface NoteRow {
  id: string;
  title?: string | null;
  /** Rich text, as HTML. */
  content?: string | null;
  manuscript_id?: string | null;
  settings?: Record<string, unknown> | null;
  created_at?: number;
  updated_at?: number;
  _order?: number;
}

export const NOTE_SORTS = ['edited', 'created', 'title'] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];

export const NOTE_FILTERS = ['all', 'chapter', 'folder', 'outline'] as const;
export type NoteFilter = (typeof NOTE_FILTERS)[number];

export const DATE_GROUPS = [
  'today',
  'yesterday',
  'previous_7_days',
  'previous_30_days',
  'older',
] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

/** What a manuscript note is attached to: a chapter, a folder (a group) or an outline. */
export type AttachmentKind = Exclude<NoteFilter, 'all'>;

/**
 * The settings key naming the attached row, the same names the structure's rows use for their
 * parents (`chapter_id`, `group_id`, `outline_id`).
 */
export const ATTACHMENT_KEYS: Record<AttachmentKind, 'chapter_id' | 'group_id' | 'outline_id'> = {
  chapter: 'chapter_id',
  folder: 'group_id',
  outline: 'outline_id',
};

export interface Attachment {
  kind: AttachmentKind;
  id: string;
}

/** The row a manuscript note is attached to, if any (the first key set, chapter first). */
export function attachmentOf(note: NoteRow): Attachment | null {
  for (const kind of ['chapter', 'folder', 'outline'] as const) {
    const id = note.settings?.[ATTACHMENT_KEYS[kind]];
    if (typeof id === 'string' && id !== '') return { kind, id };
  }
  return null;
}

/** The note's settings attached to `attachment` (or to nothing), its other settings kept. */
export function withAttachment(
  settings: Record<string, unknown> | null | undefined,
  attachment: Attachment | null,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...settings };
  for (const key of Object.values(ATTACHMENT_KEYS)) next[key] = null;
  if (attachment) next[ATTACHMENT_KEYS[attachment.kind]] = attachment.id;
  return next;
}

export function matchesFilter(note: NoteRow, filter: NoteFilter): boolean {
  return filter === 'all' || attachmentOf(note)?.kind === filter;
}

/** The text of an HTML fragment: tags dropped, the common entities read, spaces collapsed. */
export function htmlText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Each note's folded title and text, read once per stored row rather than once per keystroke. */
const searchable = new WeakMap<NoteRow, string>();

function searchableText(note: NoteRow): string {
  let text = searchable.get(note);
  if (text === undefined) {
    // A line break between them, so no search matches across the title's end.
    text = `${fold(note.title ?? '')}\n${fold(htmlText(note.content))}`;
    searchable.set(note, text);
  }
  return text;
}

/** Whether the note's title or text holds `query` (case and accents ignored; blank keeps all). */
export function matchesSearch(note: NoteRow, query: string): boolean {
  const wanted = fold(query.trim());
  if (wanted === '') return true;
  return searchableText(note).includes(wanted);
}

const titleOrder = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The time a sort groups and orders by: creation for Date Created, the last edit otherwise. */
export function sortTime(note: NoteRow, sort: NoteSort): number {
  return (sort === 'created' ? note.created_at : note.updated_at) ?? 0;
}

/** Newest first for the dates; A to Z for the title (ties: newest edit, then id). */
export function compareNotes(sort: NoteSort): (a: NoteRow, b: NoteRow) => number {
  return (a, b) => {
    const byTitle = sort === 'title' ? titleOrder.compare(a.title ?? '', b.title ?? '') : 0;
    return (
      byTitle ||
      sortTime(b, sort) - sortTime(a, sort) ||
      (b.updated_at ?? 0) - (a.updated_at ?? 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  };
}

/**
 * The group of a note touched at `time`, seen at `now`: by calendar days in the writer's time
 * zone (so a day is a day across a clock change), a time ahead of now counting as today.
 */
export function dateGroupOf(time: number, now: number, timeZone: string): DateGroup {
  const local = zone(timeZone);
  const days = local.dayOf(now) - local.dayOf(time);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days <= 7) return 'previous_7_days';
  if (days <= 30) return 'previous_30_days';
  return 'older';
}

export interface NoteQuery {
  search: string;
  sort: NoteSort;
  /** Manuscript notes only; global notes are never attached. */
  filter: NoteFilter;
  now: number;
  timeZone: string;
}

export interface NoteGroup {
  group: DateGroup;
  notes: NoteRow[];
}

/** The notes the query keeps, in the five date groups (empty groups left out), each sorted. */
export function groupNotes(notes: readonly NoteRow[], query: NoteQuery): NoteGroup[] {
  const kept = notes
    .filter((note) => matchesFilter(note, query.filter) && matchesSearch(note, query.search))
    .sort(compareNotes(query.sort));
  const byGroup = new Map<DateGroup, NoteRow[]>();
  for (const note of kept) {
    const group = dateGroupOf(sortTime(note, query.sort), query.now, query.timeZone);
    const list = byGroup.get(group);
    if (list) list.push(note);
    else byGroup.set(group, [note]);
  }
  return DATE_GROUPS.flatMap((group) => {
    const list = byGroup.get(group);
    return list ? [{ group, notes: list }] : [];
  });
}

/** The first `count` notes of the groups, in order; a group none of them reaches is left out. */
export function firstNotes(groups: readonly NoteGroup[], count: number): NoteGroup[] {
  let left = count;
  return groups.flatMap(({ group, notes }) => {
    const some = notes.slice(0, Math.max(0, left));
    left -= some.length;
    return some.length ? [{ group, notes: some }] : [];
  });
}

/** A title is required: a save with a blank one is ignored. */
export function isBlankTitle(title: string | null | undefined): boolean {
  return (title ?? '').trim() === '';
}

/** Editable titles hold at most 255 characters. */
export const NOTE_TITLE_MAX = 255;

/** The duplicate's title: 'Copy of ' and the title, cut to the limit. */
export function copyTitle(title: string): string {
  return `Copy of ${title}`.slice(0, NOTE_TITLE_MAX).trimEnd();
}

/** Why the notes cannot be changed now, or `null` when they can. */
export type NotesLock = 'editor_disabled' | 'not_owner' | 'subscription' | null;

export interface NotesLockInput {
  /** The server's entitlement: false once Premium is cancelled past its end, or expired. */
  canWriteBySubscription: boolean | undefined;
  /** In the editor: whether it lets the writer change the manuscript. */
  editorEnabled?: boolean;
  /** On the Manuscript tab: whether the chosen manuscript is the user's own. */
  owner?: boolean;
}

/**
 * Quick Notes are read-only while the subscription does not allow writing, the editor they
 * were opened from is disabled, or the manuscript is someone else's.
 */
export function notesLock(input: NotesLockInput): NotesLock {
  if (input.canWriteBySubscription === false) return 'subscription';
  if (input.editorEnabled === false) return 'editor_disabled';
  if (input.owner === false) return 'not_owner';
  return null;
}
