import { Dexie } from 'dexie';
import type { Table, Transaction } from 'dexie';

import type { Folder, Manuscript } from './entities';
import type { EntityKind, PendingOp } from './entity-kinds';

export type { PendingOp } from './entity-kinds';

/** The app database's name and schema version. */
export const APP_DB_NAME = 'quire-app';
export const APP_DB_VERSION = 38;

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

/** Marks only manuscripts carry, for loading their rows; never sent to the server. */
export interface ManuscriptMarks {
  /** Its rows (`GET manuscripts/{id}`) have been merged in since the listing last changed it. */
  content_loaded?: boolean;
  /** The last try to fetch its rows failed. */
  content_load_failed?: boolean;
  /** Owned by someone else and shared with the user (`GET manuscripts/shared_with_me`). */
  shared_with_me?: 0 | 1;
  /** The owner of a shared manuscript (the wire `user_id`). */
  owner_id?: string;
}

export type LocalManuscript = Manuscript & LocalMarks & ManuscriptMarks;

/**
 * Rows of the tables holding a manuscript's parts (contents, notes, word counts, sessions,
 * versions). `kind` is the row's API segment: it says which routes its changes take
 * (`entityRoute`) and which manuscript update type it belongs to.
 */
export type LocalRecord = {
  id: string;
  kind?: EntityKind;
  manuscript_id?: string | null;
  updated_at?: number;
  deleted_at?: number | null;
} & Partial<LocalMarks> &
  Record<string, unknown>;

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

/** The kind a row of a single-kind table has; `contents` rows must say it themselves. */
const KIND_OF_TABLE: Partial<Record<string, EntityKind>> = {
  notes: 'notes',
  words: 'stats_word_counts',
  sessions: 'writing_sessions',
  versions: 'chapter_versions',
};

/**
 * Gives rows written by an older version the local marks this one reads: no marks means the
 * row came from the server (nothing pending), and a single-kind table's rows get their `kind`.
 */
async function addLocalMarks(tx: Transaction): Promise<void> {
  for (const table of tx.db.tables) {
    const kind = KIND_OF_TABLE[table.name];
    await tx
      .table(table.name)
      .toCollection()
      .modify((row: Record<string, unknown>) => {
        if (!Array.isArray(row.pending_ops)) row.pending_ops = [];
        row.pending = (row.pending_ops as unknown[]).length > 0 ? 1 : 0;
        if (kind && row.kind === undefined) row.kind = kind;
      });
  }
}

/**
 * Every version of the schema, oldest first. A new version adds an entry: its stores (only
 * the tables that change, `null` deletes one) and an upgrade that rewrites the rows it must.
 */
export const APP_DB_VERSIONS: readonly DatabaseVersion[] = [
  { version: APP_DB_VERSION, stores: APP_DB_SCHEMA, upgrade: addLocalMarks },
];

export interface DatabaseVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Runs once when a database older than `version` is opened. */
  upgrade?: (tx: Transaction) => Promise<void>;
}

/** Declares `versions` on `db` (Dexie replays the upgrades a database has not had yet). */
export function declareVersions(db: Dexie, versions: readonly DatabaseVersion[]): void {
  for (const { version, stores, upgrade } of versions) {
    const declared = db.version(version).stores(stores);
    if (upgrade) declared.upgrade(upgrade);
  }
}

/** The app's IndexedDB: folders, manuscripts, contents, notes, words, sessions, versions. */
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
    declareVersions(this, APP_DB_VERSIONS);
  }
}
