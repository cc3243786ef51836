import { paths } from '@/lib/paths';
import type { SessionStore, SessionUser } from '@/lib/session';

import { decideAccess } from './decide-access';
import { redirectTo } from './route-access';
import type { GuardDecision, RouteAccess } from './route-access';

export interface GuardDeps {
  session: Pick<SessionStore, 'getState' | 'initialise' | 'peekUser'>;
  isOnline(): boolean;
  previousPath(): string | null;
  /** True inside the desktop shell or an installed app. */
  isInsideApp?(): boolean;
  /**
   * Where a route let in on the cached user goes when the server's answer refuses it after all
   * (the session ended elsewhere, the user lost a level): called once the session is verified.
   */
  onLateRefusal?(to: string): void;
}

async function userFor(
  access: RouteAccess,
  session: GuardDeps['session'],
): Promise<SessionUser | null> {
  switch (access.kind) {
    case 'splash':
      return session.initialise();
    case 'auth':
    case 'shared':
      return session.getState().user ?? (await session.initialise());
    case 'redirect-if-authenticated':
    case 'public':
      return session.peekUser();
    case 'open':
      return null;
  }
}

function decide(access: RouteAccess, user: SessionUser | null, deps: GuardDeps): GuardDecision {
  return decideAccess(access, {
    user,
    online: deps.isOnline(),
    previousPath: deps.previousPath(),
    insideApp: deps.isInsideApp?.() ?? false,
  });
}

/**
 * A login-required route on a page load whose session is not verified yet: when this device
 * has a user cached who may enter, the route is let in at once and the session is verified in
 * the background (offline first: the screen reads this device's data, not the network); a
 * refusal from that verification goes where the guard would have sent the user
 * (`onLateRefusal`). Null when the guard must wait for the server as before.
 */
async function allowOnCachedUser(
  access: RouteAccess,
  deps: GuardDeps,
): Promise<GuardDecision | null> {
  const state = deps.session.getState();
  if (access.kind !== 'auth' || state.user || state.initialised) return null;
  const cached = await deps.session.peekUser();
  const decision = cached ? decide(access, cached, deps) : null;
  if (decision?.type !== 'allow') return null;
  deps.session.initialise().then(
    (user) => {
      const decision = decide(access, user, deps);
      if (decision.type === 'redirect') deps.onLateRefusal?.(decision.to);
    },
    () => {
      deps.onLateRefusal?.(paths.login);
    },
  );
  return decision;
}

/**
 * Initialises the session when the route needs it, then decides. A guard that throws sends
 * the user to login.
 */
export async function runGuard(access: RouteAccess, deps: GuardDeps): Promise<GuardDecision> {
  try {
    const early = await allowOnCachedUser(access, deps);
    if (early) return early;
    return decide(access, await userFor(access, deps.session), deps);
  } catch {
    return redirectTo(paths.login);
  }
}
