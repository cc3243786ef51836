import { api } from '@/lib/api';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage-keys';

import { fetchCurrentUser } from './current-user';
import { createSessionStore } from './session-store';

/** The app's session, backed by `localStorage` and the main API. */
export const session = createSessionStore({
  fetchCurrentUser: () => fetchCurrentUser(api),
  storage: { read: readStorage, write: writeStorage, remove: removeStorage },
});

api.onRefreshFailed(() => {
  session.markNeedsToLoginAgain();
});
