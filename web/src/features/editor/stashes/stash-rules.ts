/**
 * The rules of a chapter's stashes, without React: which rows are the chapter's and in what
 * order, the preview a list shows, what a delete does, and the fields of a new stash.
 */
import type { LocalRecord } from '@/storage';

/** A stash row: the text put aside (HTML) from a chapter. */
export type StashRow = LocalRecord & {
  chapter_id?: string | null;
  content?: string | null;
  enabled?: boolean | null;
  created_at?: number | null;
};

/** The chapter's stashes, newest first (the trash included: a deleted one shows as deleted). */
export function chapterStashes(rows: readonly LocalRecord[], chapterId: string): StashRow[] {
  const created = (row: StashRow) => Number(row.created_at ?? row.updated_at);
  return (rows as readonly StashRow[])
    .filter((row) => row.kind === 'stashes' && row.chapter_id === chapterId)
    .sort((a, b) => created(b) - created(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function isDeleted(row: StashRow): boolean {
  return (row.deleted_at ?? null) !== null;
}

/** A stash's first delete marks it deleted; deleting an already-deleted stash removes it. */
export function deleteStep(row: StashRow): 'mark' | 'remove' {
  return isDeleted(row) ? 'remove' : 'mark';
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The characters a list shows of a stash before cutting it short. */
export const PREVIEW_LENGTH = 160;

/**
 * A stash's text as one line for a list: tags dropped with their attributes (a footnote's body
 * too; a block's end and a line break become a space), entities decoded, blanks collapsed, cut
 * at `max` characters with an ellipsis.
 */
export function stashPreview(html: string | null | undefined, max = PREVIEW_LENGTH): string {
  const text = (html ?? '')
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|blockquote|td|th|tr)>/gi, ' ')
    // A tag ends at a `>` outside its quoted attributes (a footnote's body may hold one).
    .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The fields of a new stash of the chapter holding `html`. */
export function newStash(
  manuscriptId: string,
  chapterId: string,
  html: string,
): { manuscript_id: string; chapter_id: string; content: string; enabled: true } {
  return { manuscript_id: manuscriptId, chapter_id: chapterId, content: html, enabled: true };
}
