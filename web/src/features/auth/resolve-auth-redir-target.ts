export type AuthRedirTargetKind = 'drive' | 'google' | 'web';

export interface AuthRedirTarget {
  kind: AuthRedirTargetKind;
  url: string;
}

export interface AuthRedirOptions {
  /** URL scheme of the native apps (`quire`). */
  scheme: string;
  /** Where the web app lives (`/`). */
  webAppUrl: string;
}

/**
 * `auth_redir`: hands a Google OAuth return over to the native app.
 * - scope contains `auth/drive` → `quire://auth/drive?code=…` (completes the Drive link);
 * - a code with any other scope → `quire://auth/google?code=…` (Google sign-in);
 * - otherwise → the web app.
 */
export function resolveAuthRedirTarget(
  params: URLSearchParams,
  options: AuthRedirOptions,
): AuthRedirTarget {
  const code = params.get('code') ?? '';
  const scope = params.get('scope') ?? '';
  const query = code === '' ? '' : `?${new URLSearchParams({ code }).toString()}`;
  if (scope.includes('auth/drive')) {
    return { kind: 'drive', url: `${options.scheme}://auth/drive${query}` };
  }
  if (code !== '') {
    return { kind: 'google', url: `${options.scheme}://auth/google${query}` };
  }
  return { kind: 'web', url: options.webAppUrl };
}
