import type { SharedDatabase } from './shared-db';

/**
 * The signed-in user kept in the shared database's `user` table (the session loads it at start,
 * before the server answers). The value is stored as the server sent it; the session parses it.
 */
export interface StoredUserCache {
  load(): Promise<unknown>;
  save(user: unknown): Promise<void>;
  clear(): Promise<void>;
}

export function createUserCache(db: SharedDatabase, now: () => number = Date.now): StoredUserCache {
  return {
    async load() {
      return (await db.user.get('current'))?.user ?? null;
    },
    async save(user) {
      await db.user.put({ key: 'current', user, saved_at: now() });
    },
    async clear() {
      await db.user.clear();
    },
  };
}
