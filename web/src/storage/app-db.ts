import { Dexie } from 'dexie';
import type { Table } from 'dexie';

import type { Folder, Manuscript } from './entities';

/** Spec §9: the app database and its version. */
export const APP_DB_NAME = 'quire-app';
export const APP_DB_VERSION = 38;

/**
 * A change the server has not accepted yet, replayed in order by the sync step:
 * `put` sends the row as it is now; the others are the trash calls.
 */
export type PendingOp = 'put' | 'delete' | 'undelete' | 'hard_delete';

/**
 * What every local row carries besides its wire fields. `pending` is `1` while `pending_ops`
 * is not empty (IndexedDB cannot index booleans); `user_id` scopes rows to the signed-in user.
 */
export interface LocalMarks {
  user_id: string;
  pending: 0 | 1;
  pending_ops: PendingOp[];
}

export type LocalFolder = Folder & LocalMarks;
export type LocalManuscript = Manuscript & LocalMarks;

/** Rows of the tables later features fill (contents, notes, word counts, sessions, versions). */
export type LocalRecord = { id: string } & Partial<LocalMarks> & Record<string, unknown>;

/**
 * Indexes: `id` is the primary key; the others are what lists filter or sort on.
 * A `null` value is simply not in an index (IndexedDB keys cannot be null).
 */
export const APP_DB_SCHEMA = {
  folders: 'id, user_id, folder_id, deleted_at, updated_at, pending',
  manuscripts: 'id, user_id, folder_id, deleted_at, updated_at, pending',
  contents: 'id, user_id, manuscript_id, chapter_id, updated_at, pending',
  notes: 'id, user_id, manuscript_id, deleted_at, updated_at, pending',
  words: 'id, user_id, manuscript_id, updated_at, pending',
  sessions: 'id, user_id, manuscript_id, updated_at, pending',
  versions: 'id, user_id, manuscript_id, chapter_id, deleted_at, updated_at, pending',
} as const;

/** The app's IndexedDB database (spec §9: folders, manuscripts, contents, notes, words, sessions, versions). */
export class AppDatabase extends Dexie {
  declare folders: Table<LocalFolder, string>;
  declare manuscripts: Table<LocalManuscript, string>;
  declare contents: Table<LocalRecord, string>;
  declare notes: Table<LocalRecord, string>;
  declare words: Table<LocalRecord, string>;
  declare sessions: Table<LocalRecord, string>;
  declare versions: Table<LocalRecord, string>;

  constructor(name: string = APP_DB_NAME) {
    super(name);
    this.version(APP_DB_VERSION).stores(APP_DB_SCHEMA);
  }
}
