import { redirect } from 'react-router';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';

import { markOnce } from '@/lib/perf-marks';
import { isInstalledApp, isOnline } from '@/lib/platform';
import { session } from '@/lib/session';

import { previousPath } from './navigation-history';
import type { RouteAccess } from './route-access';
import { runGuard } from './run-guard';
import type { GuardDeps } from './run-guard';

let lateRefusalHandler: ((to: string) => void) | null = null;

/**
 * What a late refusal (`GuardDeps.onLateRefusal`) does in the app: the router, once it exists,
 * sets this (`router.ts`).
 */
export function setLateRefusalHandler(handle: ((to: string) => void) | null): void {
  lateRefusalHandler = handle;
}

export const appGuardDeps: GuardDeps = {
  session,
  isOnline,
  previousPath,
  isInsideApp: isInstalledApp,
  onLateRefusal: (to) => lateRefusalHandler?.(to),
};

/**
 * A route loader that runs the route's guard first (redirecting when refused), then the
 * route's own loader, if any.
 */
export function guardLoader(
  access: RouteAccess,
  next?: (args: LoaderFunctionArgs) => unknown,
  deps: GuardDeps = appGuardDeps,
): LoaderFunction {
  return async (args) => {
    const decision = await runGuard(access, deps);
    if (decision.type === 'redirect') return redirect(decision.to);
    markOnce('quire:route-allowed');
    return next ? next(args) : null;
  };
}
