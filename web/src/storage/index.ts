import { api } from '@/lib/api';

import { AppDatabase } from './app-db';
import { createServerClock } from './clock';
import { deviceId } from './device-id';
import { createLocalFirstPort } from './local-first-port';
import type { ManuscriptsPort } from './manuscripts-port';
import { createHttpRemote } from './remote';

export { APP_DB_NAME, APP_DB_SCHEMA, APP_DB_VERSION, AppDatabase } from './app-db';
export type { LocalFolder, LocalManuscript, PendingOp } from './app-db';
export { createServerClock, fixedOffsetClock } from './clock';
export type { Clock } from './clock';
export { daysLeft, folderAndDescendants, TITLE_MAX, TRASH_DAYS } from './entities';
export type { Folder, Manuscript, ShelfKind } from './entities';
export { newId } from './ids';
export { createLocalFirstPort, MOVED_UP_ORDER_OFFSET } from './local-first-port';
export { InvalidChangeError } from './manuscripts-port';
export type {
  FolderChanges,
  LiveQuery,
  ManuscriptChanges,
  ManuscriptsPort,
  ShelfIds,
  StoredFolder,
  StoredManuscript,
} from './manuscripts-port';
export type { StoreProblem } from './problems';
export { isQuotaExceeded, StorageQuotaError } from './quota';
export { createHttpRemote } from './remote';
export type { ShelfRemote } from './remote';

let database: AppDatabase | null = null;
const remote = createHttpRemote(api);
const clock = createServerClock({ fetchServerTime: () => remote.serverTime() });
const ports = new Map<string, ManuscriptsPort>();

/** The app's local database, opened on first use. */
export function appDatabase(): AppDatabase {
  database ??= new AppDatabase();
  return database;
}

/** The manuscripts port of `userId` over the app database and the main API (one per user). */
export function manuscriptsPortFor(userId: string): ManuscriptsPort {
  let port = ports.get(userId);
  if (!port) {
    port = createLocalFirstPort({
      db: appDatabase(),
      remote,
      userId,
      clock,
      deviceId: deviceId(),
    });
    ports.set(userId, port);
  }
  return port;
}
