/**
 * How a route is guarded:
 * - `splash`: initialise the session, then forward (never renders).
 * - `auth`: login required; initialise the session if needed; optional `minLevel` and
 *   `permissionId` refuse (→ login) users below the level or with permission `none`.
 * - `shared`: initialise the session if needed, but stay open without a user.
 * - `redirect-if-authenticated`: go to manuscripts when logged in (login, sign_up …).
 * - `public`: go to manuscripts when logged in, unless the user came from manuscripts.
 * - `open`: no guard.
 */
export type RouteAccess =
  | { kind: 'splash' }
  | { kind: 'auth'; minLevel?: number; permissionId?: string }
  | { kind: 'shared' }
  | { kind: 'redirect-if-authenticated' }
  | { kind: 'public' }
  | { kind: 'open' };

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

export const ALLOW: GuardDecision = { type: 'allow' };

export function redirectTo(to: string): GuardDecision {
  return { type: 'redirect', to };
}
