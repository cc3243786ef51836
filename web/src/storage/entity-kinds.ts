/**
 * The kinds of synced rows, the local table each lives in, the manuscript update type it belongs to
 * (the outbox syncs a manuscript part by part) and the server route each change takes (ADR 0007).
 * Pure data: the outbox, the loader and the editor's writes all read it from here.
 */

import { ENTITY_KINDS } from './wire.generated';
import type { EntityKind } from './wire.generated';

/** Every kind a client syncs row by row, by its path segment, as the server's types list them. */
export { ENTITY_KINDS };
export type { EntityKind };

/** The tables of the app database that hold synced rows. */
export type RowTableName =
  'folders' | 'manuscripts' | 'contents' | 'notes' | 'words' | 'sessions' | 'versions';

/** The tables whose rows say their kind in a `kind` field (several kinds share `contents`). */
export const KINDED_TABLES = ['contents', 'notes', 'words', 'sessions', 'versions'] as const;
export type KindedTableName = (typeof KINDED_TABLES)[number];

/** Where a kind's rows are kept locally. */
export function tableOfKind(kind: EntityKind): RowTableName {
  switch (kind) {
    case 'folders':
    case 'manuscripts':
    case 'notes':
      return kind;
    case 'stats_word_counts':
      return 'words';
    case 'writing_sessions':
      return 'sessions';
    case 'chapter_versions':
      return 'versions';
    default:
      return 'contents';
  }
}

/**
 * The parts of a manuscript a sync sends. Word counts, writing sessions and version names have
 * routes of their own but belong to a manuscript too, so they are parts as well.
 */
export const UPDATE_TYPES = [
  'self',
  'content',
  'chapter_content',
  'plotboards',
  'element_relationship_boards',
  'researches',
  'notes',
  'stashes',
  'to_dos',
  'word_counts',
  'writing_sessions',
  'chapter_versions',
] as const;

export type UpdateType = (typeof UPDATE_TYPES)[number];

/**
 * The kinds of each update type, in the order they are sent (parents before children:
 * groups hold outlines, both hold chapters).
 */
export const KINDS_OF_UPDATE_TYPE: Record<UpdateType, readonly EntityKind[]> = {
  self: ['manuscripts'],
  content: ['groups', 'outlines', 'chapters', 'elements'],
  chapter_content: ['chapter_contents'],
  plotboards: ['plotboards'],
  element_relationship_boards: ['element_relationship_boards'],
  researches: ['researches'],
  notes: ['notes'],
  stashes: ['stashes'],
  to_dos: ['to_dos'],
  word_counts: ['stats_word_counts'],
  writing_sessions: ['writing_sessions'],
  chapter_versions: ['chapter_versions'],
};

/** The update type a row of `kind` is sent under (folders are not part of a manuscript). */
export function updateTypeOfKind(kind: Exclude<EntityKind, 'folders'>): UpdateType {
  for (const type of UPDATE_TYPES) {
    if (KINDS_OF_UPDATE_TYPE[type].includes(kind)) return type;
  }
  throw new Error(`No update type for ${kind}`);
}

/** The field of a kind that names a parent row of the same kind (sent before its children). */
export const SELF_PARENT_FIELD: Partial<Record<EntityKind, string>> = {
  folders: 'folder_id',
  chapters: 'chapter_id',
};

/** A row operation the server replays: `put` sends the row as it is now. */
export type PendingOp = 'put' | 'delete' | 'undelete' | 'hard_delete';

export interface EntityRoute {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, boolean>;
  /** For a `put`: the body sent, from the row on the wire (the whole row by default). */
  body?: (row: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The call for one pending operation, or `null` when the kind has no such route (word counts
 * and writing sessions cannot be taken out of the trash).
 */
export function entityRoute(kind: EntityKind, op: PendingOp, id: string): EntityRoute | null {
  const at = encodeURIComponent(id);
  if (kind === 'chapter_versions') {
    switch (op) {
      case 'put':
        return {
          method: 'PUT',
          path: `/chapter_versions/update/${at}`,
          body: (row) => ({ name: row.name ?? '', updated_at: row.updated_at }),
        };
      case 'delete':
        return { method: 'DELETE', path: `/chapter_versions/delete/${at}` };
      case 'hard_delete':
        return {
          method: 'DELETE',
          path: `/chapter_versions/delete/${at}`,
          query: { hard_delete: true },
        };
      case 'undelete':
        return { method: 'GET', path: `/chapter_versions/undelete/${at}` };
    }
  }
  const ownRoutes = kind === 'stats_word_counts' || kind === 'writing_sessions';
  switch (op) {
    case 'put':
      return { method: 'PUT', path: ownRoutes ? `/${kind}/${at}` : `/${kind}/put/${at}` };
    case 'delete':
      return { method: 'DELETE', path: `/${kind}/${at}` };
    case 'hard_delete':
      return { method: 'DELETE', path: `/${kind}/${at}`, query: { hard_delete: true } };
    case 'undelete':
      return ownRoutes ? null : { method: 'GET', path: `/${kind}/undelete/${at}` };
  }
}
