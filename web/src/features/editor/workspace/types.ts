/**
 * What the editor screen's parts (binder, chapter editor, properties, history, statistics)
 * are handed: the manuscript and its structure rows as stored on this device, the read port for
 * other rows, and the one way to change them (the local writer, local first; the outbox sends).
 * Rows are the server's wire objects (ADR 0007) plus the local marks; fields the editor reads
 * are typed, the rest kept.
 */
import type { ComponentType } from 'react';

import type { MetaSection } from '@/lib/meta-sections';
import type { EntityWriter, LocalRow, ReadPort } from '@/storage';

export type { MetaSection };

/** Rows of the structure: groups (sections), outlines and chapters. */
export type StructureRow = LocalRow & {
  name?: string;
  _order?: number;
  meta?: Record<string, unknown> & { sections?: MetaSection[]; color?: string | null };
  settings?: Record<string, unknown>;
};

export type GroupRow = StructureRow & { type?: 'chapters' | 'elements' };
export type OutlineRow = StructureRow & { group_id?: string | null };
export type ChapterRow = StructureRow & {
  group_id?: string | null;
  outline_id?: string | null;
  /** The parent chapter of a subchapter (scene); null at the top level. */
  chapter_id?: string | null;
  settings?: Record<string, unknown> & { status_id?: number; shared?: boolean };
  goals?: { words?: number; today_words?: number; today_words_date?: string | null };
  stats?: { words?: number };
};

/** The manuscript's settings the editor reads. */
export interface ManuscriptSettings {
  comments_enabled?: boolean;
  always_expand_right_sidebar?: boolean;
  page?: {
    orientation?: 'portrait' | 'landscape';
    paper_size?: string;
    page_color?: string | null;
    margins?: number | { top?: number; right?: number; bottom?: number; left?: number };
  };
  last_active_chapter?: string | null;
  /** The caret: `{from, to}` (editor positions) as the cursor call stores it; older data a number. */
  last_active_chapter_position?: number | { from?: number; to?: number } | null;
  chapters_excluded_for_word_count?: string[];
  format?: { typography?: { smartQuotes?: boolean } };
  custom_manuscript_statuses?: { id: number; name: string; color?: string }[];
  [key: string]: unknown;
}

export type ManuscriptRow = LocalRow & {
  title?: string;
  settings?: ManuscriptSettings;
  goals?: { words?: number; deadline?: string | null; daysoff?: unknown; daily?: number };
  stats?: { words?: number };
  meta?: Record<string, unknown>;
  shared_with_me?: boolean;
  shared_permissions?: number;
};

/** The signed-in writer's settings the editor honours (from the user's settings). */
export interface EditorUserSettings {
  /** Labels say 'scene' instead of 'subchapter'. */
  subchaptersAsScenes: boolean;
  hideHeader: boolean;
  hideSavingIndicator: boolean;
  /** The floating toolbar on the editor's right side. */
  floatingToolbar: boolean;
}

export interface Workspace {
  userId: string;
  manuscript: ManuscriptRow;
  /** Live rows (not in the trash), in no particular order. */
  groups: GroupRow[];
  outlines: OutlineRow[];
  chapters: ChapterRow[];
  /** Local-first writes of every part (chapters, groups, word counts, sessions …). */
  writer: EntityWriter;
  /** This device's other rows (word count records, sessions, a row as stored now …). */
  reads: ReadPort;
  /**
   * Changes the manuscript row; `settings`, `goals`, `stats` and `meta` are merged one level
   * deep into what is stored (give only the keys that change).
   */
  /** `derived`: a count kept from the text, not an edit; a newer edit elsewhere wins over it. */
  saveManuscript(changes: Partial<ManuscriptRow>, options?: { derived?: boolean }): Promise<void>;
  /**
   * Keeps changes of the manuscript row on this device only, not making it newer or pending
   * (dotted key paths: `settings.last_active_chapter`): a place, which the server learns by its
   * own call.
   */
  keepOnDevice: (changes: Record<string, unknown>) => Promise<void>;
  /** False for a Viewer or Commenter of someone else's manuscript. */
  canWrite: boolean;
  /** Whether the user may comment: a writer, or a Commenter the manuscript is shared with. */
  canComment: boolean;
  userSettings: EditorUserSettings;
}

/**
 * What other features add to the editor's header (import, export, to-dos), composed by `app/`:
 * they get the workspace and the chapter open now.
 */
export type WorkspaceActions = ComponentType<{ workspace: Workspace; chapterId: string | null }>;

/** The manuscript's fields that are documents: a change merges into them one level deep. */
const DOCUMENT_FIELDS = ['settings', 'goals', 'stats', 'meta'] as const;

/**
 * `changes` with each document field merged into `stored`'s (what `saveManuscript` writes), so
 * a part that changes one setting keeps the others.
 */
export function mergeManuscriptChanges(
  stored: Partial<ManuscriptRow> | undefined,
  changes: Partial<ManuscriptRow>,
): Partial<ManuscriptRow> {
  const merged: Record<string, unknown> = { ...changes };
  for (const key of DOCUMENT_FIELDS) {
    const change = changes[key];
    if (change && typeof change === 'object') merged[key] = { ...stored?.[key], ...change };
  }
  return merged;
}
