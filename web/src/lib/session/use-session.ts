import { useEffect, useState, useSyncExternalStore } from 'react';

import { session } from './session';
import type { SessionState } from './session-store';
import type { SessionUser } from './user-schema';

/** The session state, re-rendering on sign-in, logout and expiry. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/**
 * Who is signed in as far as this device knows: the session's user, or, on a page whose route
 * does not initialise the session (the public pages), the user cached on the device.
 */
export function useKnownUser(): SessionUser | null {
  const { user, initialised } = useSession();
  const [cached, setCached] = useState<SessionUser | null>(null);
  useEffect(() => {
    if (user || initialised) return;
    let live = true;
    void session.peekUser().then((found) => {
      if (live) setCached(found);
    });
    return () => {
      live = false;
    };
  }, [user, initialised]);
  return user ?? (initialised ? null : cached);
}
