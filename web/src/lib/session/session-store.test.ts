import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api';
import { storageKeys } from '@/lib/storage-keys';
import { buildUser } from '@/testing/build-user';

import { createSessionStore } from './session-store';
import type { KeyValueStore } from './session-store';
import type { SessionUser } from './user-schema';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    read: (key) => values.get(key) ?? null,
    write: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}

function setup(fetchCurrentUser: () => Promise<SessionUser>, initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const fetch = vi.fn(fetchCurrentUser);
  const store = createSessionStore({ fetchCurrentUser: fetch, storage });
  return { store, storage, fetch };
}

const ana = buildUser();

describe('session initialisation', () => {
  it('does not ask the server without a marker or a cached user', async () => {
    const { store, fetch } = setup(() => Promise.resolve(ana));
    await expect(store.initialise()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ user: null, initialised: true });
  });

  it("asks the server when the 'might be logged in' marker exists, and caches the user", async () => {
    const { store, storage, fetch } = setup(() => Promise.resolve(ana), {
      [storageKeys.mightBeLoggedIn]: '1',
    });
    await expect(store.initialise()).resolves.toEqual(ana);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.values.get(storageKeys.cachedUser) ?? 'null')).toEqual(ana);
  });

  it('asks the server when a cached user exists', async () => {
    const { fetch, store } = setup(() => Promise.resolve(ana), {
      [storageKeys.cachedUser]: JSON.stringify(ana),
    });
    await store.initialise();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('treats the not-yet-built users/me (404 not_found) as no user and clears user, cache and marker', async () => {
    const { store, storage } = setup(
      () => Promise.reject(new ApiError('not_found', 'failed', 404)),
      {
        [storageKeys.mightBeLoggedIn]: '1',
        [storageKeys.cachedUser]: JSON.stringify(ana),
      },
    );
    await expect(store.initialise()).resolves.toBeNull();
    expect(store.getState().user).toBeNull();
    expect(storage.values.has(storageKeys.cachedUser)).toBe(false);
    expect(storage.values.has(storageKeys.mightBeLoggedIn)).toBe(false);
  });

  it('keeps the cached user when the server cannot be reached (offline first)', async () => {
    const { store, storage } = setup(
      () => Promise.reject(new ApiError('network_error', 'network', 0)),
      {
        [storageKeys.cachedUser]: JSON.stringify(ana),
      },
    );
    await expect(store.initialise()).resolves.toEqual(ana);
    expect(storage.values.has(storageKeys.cachedUser)).toBe(true);
  });

  it('ignores a corrupt cached user', async () => {
    const { store } = setup(() => Promise.reject(new ApiError('not_found', 'failed', 404)), {
      [storageKeys.cachedUser]: '{not json',
    });
    await expect(store.peekUser()).resolves.toBeNull();
    await expect(store.initialise()).resolves.toBeNull();
  });

  it('shares one request between concurrent callers', async () => {
    const { store, fetch } = setup(() => Promise.resolve(ana), {
      [storageKeys.mightBeLoggedIn]: '1',
    });
    await Promise.all([store.initialise(), store.initialise()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('session changes', () => {
  it('peeks at the cached user before initialisation', async () => {
    const { store } = setup(() => Promise.resolve(ana), {
      [storageKeys.cachedUser]: JSON.stringify(ana),
    });
    await expect(store.peekUser()).resolves.toEqual(ana);
  });

  it('clears marker, cache and user on logout and notifies listeners', () => {
    const { store, storage } = setup(() => Promise.resolve(ana));
    const listener = vi.fn();
    store.subscribe(listener);
    store.setUser(ana);
    expect(storage.values.get(storageKeys.mightBeLoggedIn)).toBe('1');
    store.clear();
    expect(store.getState().user).toBeNull();
    expect(storage.values.size).toBe(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('asks for a new login only while someone is logged in', () => {
    const { store } = setup(() => Promise.resolve(ana));
    store.markNeedsToLoginAgain();
    expect(store.getState().needsToLoginAgain).toBe(false);
    store.setUser(ana);
    store.markNeedsToLoginAgain();
    expect(store.getState().needsToLoginAgain).toBe(true);
  });
});

describe('re-login and reload', () => {
  it('clears the re-login flag when a user is set again', () => {
    const { store } = setup(() => Promise.resolve(ana));
    store.setUser(ana);
    store.markNeedsToLoginAgain();
    store.setUser({ ...ana, name: 'Ana Again' });
    expect(store.getState()).toMatchObject({
      needsToLoginAgain: false,
      user: { name: 'Ana Again' },
    });
  });

  it('reloads the user from the server and caches it', async () => {
    const fresh = { ...ana, name: 'Ana Fresh' };
    const { store, storage } = setup(() => Promise.resolve(fresh));
    store.setUser(ana);
    await expect(store.reload()).resolves.toEqual(fresh);
    expect(store.getState().user).toEqual(fresh);
    expect(JSON.parse(storage.values.get(storageKeys.cachedUser) ?? '{}')).toMatchObject({
      name: 'Ana Fresh',
    });
  });

  it('keeps the user and rejects when a reload is refused', async () => {
    const { store } = setup(() => Promise.reject(new ApiError('expired_session', 'failed', 401)));
    store.setUser(ana);
    await expect(store.reload()).rejects.toMatchObject({ code: 'expired_session' });
    expect(store.getState().user).toEqual(ana);
  });

  it('does not leave the re-login flag behind when start-up finds the session gone', async () => {
    let store: ReturnType<typeof createSessionStore> | null = null;
    const setupResult = setup(
      () => {
        // The client's refresh failed during users/me: the flag is raised on the cached user.
        store?.markNeedsToLoginAgain();
        return Promise.reject(new ApiError('expired_session', 'failed', 401));
      },
      { [storageKeys.cachedUser]: JSON.stringify(ana) },
    );
    store = setupResult.store;
    await expect(store.initialise()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ user: null, needsToLoginAgain: false });
  });
});

describe('a user cache in the shared database', () => {
  function memoryCache(initial: unknown = null) {
    let value: unknown = initial;
    return {
      get value() {
        return value;
      },
      load: vi.fn(() => Promise.resolve(value)),
      save: vi.fn((user: SessionUser) => {
        value = user;
        return Promise.resolve();
      }),
      clear: vi.fn(() => {
        value = null;
        return Promise.resolve();
      }),
    };
  }

  it('starts offline from the cached user and keeps the server’s answer there', async () => {
    const userCache = memoryCache(ana);
    const offline = createSessionStore({
      fetchCurrentUser: () => Promise.reject(new ApiError('network_error', 'network', 0)),
      storage: memoryStorage(),
      userCache,
    });
    await expect(offline.peekUser()).resolves.toEqual(ana);
    await expect(offline.initialise()).resolves.toEqual(ana);

    const fresh = { ...ana, name: 'Ana Fresh' };
    const online = createSessionStore({
      fetchCurrentUser: () => Promise.resolve(fresh),
      storage: memoryStorage(),
      userCache,
    });
    await online.initialise();
    expect(userCache.value).toEqual(fresh);
  });

  it('reads the cache once for a peek at page load and the initialisation after it', async () => {
    const userCache = memoryCache(ana);
    const store = createSessionStore({
      fetchCurrentUser: () => Promise.resolve(ana),
      storage: memoryStorage(),
      userCache,
    });
    await Promise.all([store.peekUser(), store.initialise()]);
    expect(userCache.load).toHaveBeenCalledTimes(1);
  });

  it('moves a user cached in localStorage by an older build, and clears it on logout', async () => {
    const storage = memoryStorage({ [storageKeys.cachedUser]: JSON.stringify(ana) });
    const userCache = memoryCache();
    const store = createSessionStore({
      fetchCurrentUser: () => Promise.reject(new ApiError('network_error', 'network', 0)),
      storage,
      userCache,
    });
    await expect(store.initialise()).resolves.toEqual(ana);
    expect(storage.values.has(storageKeys.cachedUser)).toBe(false);
    await vi.waitFor(() => {
      expect(userCache.value).toEqual(ana);
    });

    store.clear();
    await vi.waitFor(() => {
      expect(userCache.clear).toHaveBeenCalled();
    });
    expect(userCache.value).toBeNull();
  });

  it('works without the cache when it cannot be read', async () => {
    const store = createSessionStore({
      fetchCurrentUser: () => Promise.resolve(ana),
      storage: memoryStorage({ [storageKeys.mightBeLoggedIn]: '1' }),
      userCache: {
        load: () => Promise.reject(new Error('InvalidStateError')),
        save: () => Promise.reject(new Error('InvalidStateError')),
        clear: () => Promise.resolve(),
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(store.initialise()).resolves.toEqual(ana);
    expect(warn).toHaveBeenCalled();
  });
});
