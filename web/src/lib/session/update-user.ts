import { isApiError } from '@/lib/api';
import type { ApiClient } from '@/lib/api';

import type { SessionStore } from './session-store';
import { currentUserResponseSchema } from './user-schema';
import type { SessionUser, UserSettings } from './user-schema';

/**
 * A partial user for `PUT users/{id}`: the name and any settings (the server merges them and
 * ignores what a user may not set).
 */
export interface UserPatch {
  name?: string;
  settings?: Partial<UserSettings>;
}

/** The user with `patch` applied, as the server will store it (settings merged shallowly). */
export function applyUserPatch(user: SessionUser, patch: UserPatch): SessionUser {
  return {
    ...user,
    ...(patch.name === undefined ? {} : { name: patch.name }),
    settings: { ...user.settings, ...patch.settings },
  };
}

export interface SaveUserDeps {
  client: ApiClient;
  store: Pick<SessionStore, 'getState' | 'setUser'>;
}

export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
}

/**
 * Saves a partial user with `PUT users/{id}` and keeps the server's answer as the session user.
 * With `optimistic`, the session shows the change at once and goes back to the previous user
 * when the server refuses (not when it cannot be reached: the app is offline-first).
 */
export async function saveUser(
  { client, store }: SaveUserDeps,
  patch: UserPatch,
  { optimistic = false }: { optimistic?: boolean } = {},
): Promise<SessionUser> {
  const before = store.getState().user;
  if (!before) throw new NotSignedInError('No signed-in user to save');
  if (optimistic) store.setUser(applyUserPatch(before, patch));
  try {
    const { user } = await client.put(
      `/users/${encodeURIComponent(before.id)}`,
      patch,
      currentUserResponseSchema,
    );
    store.setUser(user);
    return user;
  } catch (error) {
    // A refusal undoes the change; no answer at all (offline) keeps it on this device.
    const refused = isApiError(error) && (error.kind === 'failed' || error.kind === 'error');
    if (optimistic && refused && store.getState().user) store.setUser(before);
    throw error;
  }
}
