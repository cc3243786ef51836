import { isApiError } from '@/lib/api';
import { storageKeys } from '@/lib/storage-keys';

import { userSchema } from './user-schema';
import type { SessionUser } from './user-schema';

export interface KeyValueStore {
  read: (key: string) => string | null;
  write: (key: string, value: string) => void;
  remove: (key: string) => void;
}

export interface SessionState {
  user: SessionUser | null;
  /** True once the session has been initialised in this page (splash or a guard). */
  initialised: boolean;
  /** Set when a token refresh fails while logged in: the re-login modal must appear. */
  needsToLoginAgain: boolean;
}

/**
 * Where the signed-in user is kept between visits (the shared database's `user` table). Its
 * failures are logged, never thrown: the session works without a cache.
 */
export interface UserCache {
  load: () => Promise<unknown>;
  save: (user: SessionUser) => Promise<void>;
  clear: () => Promise<void>;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** The user of this page, or the cached one before the session is initialised. No network. */
  peekUser: () => Promise<SessionUser | null>;
  /**
   * Load the cached user, then ask the server for the current user when a cached user or the 'might
   * be logged in' marker exists. A refusal from the server clears the user, the cache and the
   * marker; no answer at all (offline) keeps the cached user and the marker, so an offline-first
   * app still opens. Concurrent callers share one initialisation.
   */
  initialise: () => Promise<SessionUser | null>;
  /**
   * Asks the server for the current user again and keeps the answer ("reload server data"
   * after a re-login, a settings change elsewhere …). Rejects with the client's `ApiError`.
   */
  reload: () => Promise<SessionUser>;
  /** After a successful sign-in (or a refreshed user record). */
  setUser: (user: SessionUser) => void;
  /** Logout: clears the marker, the cached user and the in-memory session. */
  clear: () => void;
  markNeedsToLoginAgain: () => void;
}

export interface SessionDeps {
  fetchCurrentUser: () => Promise<SessionUser>;
  /** The 'might be logged in' marker; and the cached user when there is no `userCache`. */
  storage: KeyValueStore;
  /** Keeps the cached user instead of `storage` (a user cached there is moved over once). */
  userCache?: UserCache;
}

function parseUser(value: unknown): SessionUser | null {
  const parsed = userSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function createSessionStore({
  fetchCurrentUser,
  storage,
  userCache,
}: SessionDeps): SessionStore {
  let state: SessionState = { user: null, initialised: false, needsToLoginAgain: false };
  let pending: Promise<SessionUser | null> | null = null;
  /** The cached user being read: a peek at page load and the initialisation share one read. */
  let reading: Promise<SessionUser | null> | null = null;
  const listeners = new Set<() => void>();

  function update(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function readStoredUser(): SessionUser | null {
    const raw = storage.read(storageKeys.cachedUser);
    if (raw === null) return null;
    try {
      return parseUser(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  function quietly(task: () => Promise<void>, what: string): void {
    task().catch((error: unknown) => {
      console.warn(`The cached user could not be ${what}.`, error);
    });
  }

  async function readCachedUser(): Promise<SessionUser | null> {
    if (!userCache) return readStoredUser();
    let cached: SessionUser | null = null;
    try {
      cached = parseUser(await userCache.load());
    } catch (error) {
      console.warn('The cached user could not be read.', error);
    }
    const stored = readStoredUser();
    storage.remove(storageKeys.cachedUser);
    if (cached || !stored) return cached;
    quietly(() => userCache.save(stored), 'moved');
    return stored;
  }

  function readCachedUserOnce(): Promise<SessionUser | null> {
    reading ??= readCachedUser().finally(() => {
      reading = null;
    });
    return reading;
  }

  function forget(): void {
    storage.remove(storageKeys.cachedUser);
    storage.remove(storageKeys.mightBeLoggedIn);
    if (userCache) quietly(() => userCache.clear(), 'cleared');
  }

  function setUser(user: SessionUser): void {
    if (userCache) quietly(() => userCache.save(user), 'saved');
    else storage.write(storageKeys.cachedUser, JSON.stringify(user));
    storage.write(storageKeys.mightBeLoggedIn, '1');
    update({ user, initialised: true, needsToLoginAgain: false });
  }

  async function run(): Promise<SessionUser | null> {
    const cached = await readCachedUserOnce();
    const mightBeLoggedIn = storage.read(storageKeys.mightBeLoggedIn) !== null;
    if (cached) update({ user: cached });
    if (!cached && !mightBeLoggedIn) {
      update({ user: null, initialised: true });
      return null;
    }
    try {
      const user = await fetchCurrentUser();
      setUser(user);
      return user;
    } catch (error) {
      if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
        update({ user: cached, initialised: true });
        return cached;
      }
      forget();
      update({ user: null, initialised: true, needsToLoginAgain: false });
      return null;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    peekUser: async () => (state.initialised ? state.user : (state.user ?? readCachedUserOnce())),
    initialise() {
      pending ??= run().finally(() => {
        pending = null;
      });
      return pending;
    },
    async reload() {
      const user = await fetchCurrentUser();
      setUser(user);
      return user;
    },
    setUser,
    clear() {
      forget();
      update({ user: null, initialised: true, needsToLoginAgain: false });
    },
    markNeedsToLoginAgain() {
      if (state.user) update({ needsToLoginAgain: true });
    },
  };
}
