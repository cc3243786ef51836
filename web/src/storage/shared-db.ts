import { Dexie } from 'dexie';
import type { Table, Transaction } from 'dexie';

import { declareVersions } from './app-db';
import type { DatabaseVersion } from './app-db';

/** The shared database's name and schema version. */
export const SHARED_DB_NAME = 'quire-shared';
export const SHARED_DB_VERSION = 30;

/** An action log entry: what the device did, kept until sent. */
export interface ActionLogEntry {
  id: string;
  type: string;
  device_id: string;
  platform: string;
  user_id: string | null;
  /** Ids the action is about (`manuscript_id`, `chapter_id` …). */
  related_ids: Record<string, string>;
  details: Record<string, unknown>;
  device_fingerprint: string;
  created_at: number;
}

/** The signed-in user as the server last sent it; the session loads it at start. */
export interface CachedUserRow {
  /** Always `current`: one signed-in user per browser profile. */
  key: 'current';
  user: unknown;
  saved_at: number;
}

export const SHARED_DB_SCHEMA = {
  actions: 'id, created_at',
  user: 'key',
} as const;

/** An entry that cannot be aged out (no `created_at`) could never leave: drop it. */
async function dropUndatedActions(tx: Transaction): Promise<void> {
  await tx
    .table('actions')
    .filter((row: Record<string, unknown>) => typeof row.created_at !== 'number')
    .delete();
}

/** Oldest first; see `APP_DB_VERSIONS` for how a new version is added. */
export const SHARED_DB_VERSIONS: readonly DatabaseVersion[] = [
  { version: SHARED_DB_VERSION, stores: SHARED_DB_SCHEMA, upgrade: dropUndatedActions },
];

/** The database every signed-in user of this browser shares: action logs and the user cache. */
export class SharedDatabase extends Dexie {
  declare actions: Table<ActionLogEntry, string>;
  declare user: Table<CachedUserRow, string>;

  constructor(name: string = SHARED_DB_NAME) {
    super(name);
    declareVersions(this, SHARED_DB_VERSIONS);
  }
}
