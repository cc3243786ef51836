import { AppDatabase } from './app-db';
import { createDatabaseHealth } from './database-health';
import type { DatabaseHealth } from './database-health';
import { SharedDatabase } from './shared-db';
import { createUserCache } from './user-cache';
import type { StoredUserCache } from './user-cache';

export { createActionLog, ACTION_LOG_RETENTION_MS } from './action-log';
export type { ActionLog } from './action-log';
export { APP_DB_NAME, APP_DB_SCHEMA, APP_DB_VERSION, APP_DB_VERSIONS, AppDatabase } from './app-db';
export type { LocalFolder, LocalManuscript, LocalRecord, PendingOp } from './app-db';
export {
  CLOCK_OFFSET_WARNING_MS,
  CLOCK_SYNC_INTERVAL_MS,
  createServerClock,
  fixedOffsetClock,
} from './clock';
export type { Clock } from './clock';
export { createDatabaseHealth } from './database-health';
export type { DatabaseFailure, DatabaseHealth } from './database-health';
export { deviceId } from './device-id';
export { daysLeft, folderAndDescendants, TITLE_MAX, TRASH_DAYS } from './entities';
export type { Folder, Manuscript, ShelfKind } from './entities';
export { ENTITY_KINDS, entityRoute, tableOfKind, UPDATE_TYPES } from './entity-kinds';
export type { EntityKind, UpdateType } from './entity-kinds';
export { newId } from './ids';
export { createLocalFirstPort } from './local-first-port';
export { createLocalReadPort } from './local-read-port';
export type { LocalRow, LocalShelfRow } from './local-rows';
export { createLocalWriter, MOVED_UP_ORDER_OFFSET, PROTECTED_FIELDS } from './local-writer';
export type {
  EntityWriter,
  LocalWriter,
  PartChanges,
  PartKind,
  PendingChange,
  PortSync,
  SaveOptions,
  TrashOp,
} from './local-writer';
export { InvalidChangeError, mapLive } from './manuscripts-port';
export type {
  FolderChanges,
  LiveQuery,
  ManuscriptChanges,
  ManuscriptsPort,
  ShelfIds,
  StoredFolder,
  StoredManuscript,
} from './manuscripts-port';
export { askForPersistentStorage } from './persistence';
export type { ReadPort } from './read-port';
export type { StoreProblem } from './problems';
export { isFatalDatabaseError, isQuotaExceeded, StorageQuotaError } from './quota';
export { createHttpRemote } from './remote';
export type { ServerRow, ShelfRemote, WireRow } from './remote';
export { SHARED_DB_NAME, SHARED_DB_VERSION, SharedDatabase } from './shared-db';
export { createUserCache } from './user-cache';

let appDb: AppDatabase | null = null;
let sharedDb: SharedDatabase | null = null;
let userCache: StoredUserCache | null = null;

/** The app's local database, opened on first use. */
export function appDatabase(): AppDatabase {
  appDb ??= new AppDatabase();
  return appDb;
}

/** The shared database (action logs, the cached user), opened on first use. */
export function sharedDatabase(): SharedDatabase {
  sharedDb ??= new SharedDatabase();
  return sharedDb;
}

/** The signed-in user kept in the shared database (the session's cache). */
export function sharedUserCache(): StoredUserCache {
  userCache ??= createUserCache(sharedDatabase());
  return userCache;
}

/** The health of this page's local databases: full, or failed beyond use. */
export const databaseHealth: DatabaseHealth = createDatabaseHealth();
