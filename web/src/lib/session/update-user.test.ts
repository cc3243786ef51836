import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';

import { ApiError } from '@/lib/api';
import type { ApiClient } from '@/lib/api';
import { buildUser } from '@/testing/build-user';

import { createSessionStore } from './session-store';
import { applyUserPatch, NotSignedInError, saveUser } from './update-user';

function storeWith(user = buildUser()) {
  const values = new Map<string, string>();
  const store = createSessionStore({
    fetchCurrentUser: () => Promise.resolve(user),
    storage: {
      read: (key) => values.get(key) ?? null,
      write: (key, value) => values.set(key, value),
      remove: (key) => values.delete(key),
    },
  });
  store.setUser(user);
  return store;
}

function clientAnswering(put: (path: string, body: unknown) => Promise<unknown>) {
  const spy = vi.fn(put);
  const client = {
    put: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
      spy(path, body).then((data) => schema.parse(data)),
  } as unknown as ApiClient;
  return { client, spy };
}

describe('saving the user', () => {
  it('sends a partial user to PUT users/{id} and keeps the answer', async () => {
    const store = storeWith();
    const saved = buildUser({ name: 'Ana Saved', settings: { theme_id: 3 } });
    const { client, spy } = clientAnswering(() => Promise.resolve({ user: saved }));
    await saveUser({ client, store }, { name: 'Ana Saved', settings: { theme_id: 3 } });
    expect(spy).toHaveBeenCalledWith('/users/u_0123456789abcdefghij', {
      name: 'Ana Saved',
      settings: { theme_id: 3 },
    });
    expect(store.getState().user).toEqual(saved);
  });

  it('shows an optimistic change at once and undoes it when the server refuses', async () => {
    const before = buildUser({ settings: { dark_mode: 'off' } });
    const store = storeWith(before);
    let seenDuringSave: unknown;
    const { client } = clientAnswering(() => {
      seenDuringSave = store.getState().user?.settings.dark_mode;
      return Promise.reject(new ApiError('invalid_fields', 'failed', 422));
    });
    await expect(
      saveUser({ client, store }, { settings: { dark_mode: 'on' } }, { optimistic: true }),
    ).rejects.toMatchObject({ code: 'invalid_fields' });
    expect(seenDuringSave).toBe('on');
    expect(store.getState().user).toEqual(before);
  });

  it('keeps an optimistic change when the server cannot be reached (offline first)', async () => {
    const store = storeWith(buildUser({ settings: { dark_mode: 'off' } }));
    const { client } = clientAnswering(() =>
      Promise.reject(new ApiError('network_error', 'network', 0)),
    );
    await expect(
      saveUser({ client, store }, { settings: { dark_mode: 'on' } }, { optimistic: true }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(store.getState().user?.settings.dark_mode).toBe('on');
  });

  it('refuses to save without a signed-in user', async () => {
    const store = storeWith();
    store.clear();
    const { client } = clientAnswering(() => Promise.resolve({}));
    await expect(saveUser({ client, store }, { name: 'x' })).rejects.toBeInstanceOf(
      NotSignedInError,
    );
  });

  it('merges settings shallowly when applied locally', () => {
    const user = buildUser({ settings: { theme_id: 1, dark_mode: 'on' } });
    expect(applyUserPatch(user, { settings: { theme_id: 2 } }).settings).toEqual({
      theme_id: 2,
      dark_mode: 'on',
    });
  });
});
