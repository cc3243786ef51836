import { useSyncExternalStore } from 'react';

import { session } from './session';
import type { SessionState } from './session-store';

/** The session state, re-rendering on sign-in, logout and expiry. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
