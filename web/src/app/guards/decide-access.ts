import { marketingPath, paths } from '@/lib/paths';
import { resolvePermission } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

import { ALLOW, redirectTo } from './route-access';
import type { GuardDecision, RouteAccess } from './route-access';

export interface GuardContext {
  user: SessionUser | null;
  online: boolean;
  /** Path of the screen the user is leaving; null on the first page load. */
  previousPath: string | null;
  /** Inside the desktop shell or an installed app, where there is no landing page to show. */
  insideApp?: boolean;
}

function isManuscriptsPath(path: string | null): boolean {
  return path !== null && (path === paths.manuscripts || path.startsWith(`${paths.manuscripts}/`));
}

/**
 * Where splash sends the user once the session is initialised. Nobody signed in: in a browser
 * the home page (what Quire is, sign up, log in), in an app straight to login.
 */
export function decideSplash({ user, online, insideApp = false }: GuardContext): GuardDecision {
  if (!user) return redirectTo(insideApp ? paths.login : marketingPath('home'));
  if (online && user.settings.password_temporary === true) return redirectTo(paths.changePassword);
  return redirectTo(paths.manuscripts);
}

/** The guard decision for a route, given a session that is already initialised. Pure. */
export function decideAccess(access: RouteAccess, context: GuardContext): GuardDecision {
  const { user } = context;
  switch (access.kind) {
    case 'splash':
      return decideSplash(context);
    case 'auth': {
      if (!user) return redirectTo(paths.login);
      if (access.minLevel !== undefined && user.level < access.minLevel)
        return redirectTo(paths.login);
      if (
        access.permissionId !== undefined &&
        resolvePermission(user, access.permissionId) === 'none'
      ) {
        return redirectTo(paths.login);
      }
      return ALLOW;
    }
    case 'shared':
      return ALLOW;
    case 'redirect-if-authenticated':
      return user ? redirectTo(paths.manuscripts) : ALLOW;
    case 'public':
      return user && !isManuscriptsPath(context.previousPath)
        ? redirectTo(paths.manuscripts)
        : ALLOW;
    case 'open':
      return ALLOW;
  }
}
