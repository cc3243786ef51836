import { api } from '@/lib/api';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage-keys';
import { sharedUserCache } from '@/storage';

import { fetchCurrentUser } from './current-user';
import { createSessionStore } from './session-store';
import { saveUser } from './update-user';
import type { UserPatch } from './update-user';
import type { SessionUser } from './user-schema';

/**
 * The app's session: the main API, the user cached in the shared database's `user` table,
 * and the 'might be logged in' marker in `localStorage`.
 */
export const session = createSessionStore({
  fetchCurrentUser: () => fetchCurrentUser(api),
  storage: { read: readStorage, write: writeStorage, remove: removeStorage },
  userCache: sharedUserCache(),
});

api.onRefreshFailed(() => {
  session.markNeedsToLoginAgain();
});

/** `PUT users/{id}` for the signed-in user; the answer becomes the session user. */
export function updateUser(
  patch: UserPatch,
  options?: { optimistic?: boolean },
): Promise<SessionUser> {
  return saveUser({ client: api, store: session }, patch, options);
}
