import { paths } from '@/lib/paths';
import type { SessionStore, SessionUser } from '@/lib/session';

import { decideAccess } from './decide-access';
import { redirectTo } from './route-access';
import type { GuardDecision, RouteAccess } from './route-access';

export interface GuardDeps {
  session: Pick<SessionStore, 'getState' | 'initialise' | 'peekUser'>;
  isOnline(): boolean;
  previousPath(): string | null;
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

/**
 * Initialises the session when the route needs it, then decides. A guard that throws sends
 * the user to login (spec: "A guard failure sends the user to login").
 */
export async function runGuard(access: RouteAccess, deps: GuardDeps): Promise<GuardDecision> {
  try {
    const user = await userFor(access, deps.session);
    return decideAccess(access, {
      user,
      online: deps.isOnline(),
      previousPath: deps.previousPath(),
    });
  } catch {
    return redirectTo(paths.login);
  }
}
