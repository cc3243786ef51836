/**
 * Why a call failed:
 * - `failed`: the server refused (`{"status":"failed","data":"<code>"}`), code from `data`;
 * - `error`: the server broke (`{"status":"error","message":"<code>"}`), code from `message`;
 * - `network`: no answer at all (offline, server unreachable);
 * - `invalid_response`: an answer that is not the expected envelope or shape;
 * - `timeout`: the call gave up waiting for a token refresh.
 */
export type ApiErrorKind = 'failed' | 'error' | 'network' | 'invalid_response' | 'timeout';

/** Client-side codes, next to the server's codes in the `api_responses` table. */
export const CLIENT_ERROR_CODES = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
  refreshTimeout: 'token_refresh_timeout',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** snake_case code, looked up in the `api_responses` translation table. */
    readonly code: string,
    readonly kind: ApiErrorKind,
    /** HTTP status, 0 when there was no answer. */
    readonly status: number,
    /** Field errors of a refused form (`"fields": {…}`), when the server sends them. */
    readonly fields?: Readonly<Record<string, unknown>>,
  ) {
    super(`${kind}: ${code} (HTTP ${status})`);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
