import { z } from 'zod';

import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { unwrapEnvelope } from './envelope';

/** Requests wait for a running token refresh, polling every 300 ms, for 10 s at most. */
export const TOKEN_REFRESH_POLL_MS = 300;
export const TOKEN_REFRESH_WAIT_MS = 10_000;
export const REFRESH_TOKEN_PATH = '/auth/refresh_token';
/** Custom header the server requires on unsafe methods (CSRF defence, ADR 0004). */
export const REQUESTED_WITH = 'quire';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the envelope's `data`; use `z.unknown()` when the answer does not matter. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Headers of this call besides the app's own (which they cannot replace). */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClientConfig {
  /** `/api/v4` or an absolute URL; no trailing slash. */
  baseUrl: string;
  appVersion: string;
  platform: string;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface ApiClient {
  request<T>(path: string, options: RequestOptions<T>): Promise<T>;
  get<T>(path: string, schema: z.ZodType<T>, query?: RequestOptions<T>['query']): Promise<T>;
  post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  put<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  delete<T>(path: string, schema: z.ZodType<T>, query?: RequestOptions<T>['query']): Promise<T>;
  /** Refreshes the session token; concurrent callers share one refresh. Resolves to success. */
  refreshToken(): Promise<boolean>;
  isRefreshing(): boolean;
  /** Called when the server refuses a refresh (the session then asks to log in again). */
  onRefreshFailed(listener: () => void): () => void;
}

/** `/auth/...` calls do not wait for a refresh (the refresh itself is one of them). */
export function isAuthPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

/**
 * `/auth/...` calls that act on the signed-in session: setting two-factor up (`auth/enable_*`),
 * turning it off and resending the verification mail, so an expired access token must be refreshed
 * for them too (sign-in and refresh calls never are).
 */
const SESSION_AUTH_PATHS = ['/auth/enable_', '/auth/disable_mfa', '/auth/resend_verify_email'];

/** A 401 triggers one refresh for non-auth paths and for session-bound auth paths. */
export function refreshesOnUnauthorized(path: string): boolean {
  return !isAuthPath(path) || SESSION_AUTH_PATHS.some((prefix) => path.startsWith(prefix));
}

function normalisePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

function buildQuery(query: RequestOptions<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const sleep = config.sleep ?? defaultSleep;
  const refreshFailedListeners = new Set<() => void>();
  let refreshing: Promise<boolean> | null = null;

  function doFetch(input: string, init: RequestInit): Promise<Response> {
    const fetchImpl = config.fetch ?? globalThis.fetch.bind(globalThis);
    return fetchImpl(input, init);
  }

  async function send(
    path: string,
    options: Omit<RequestOptions<unknown>, 'schema'>,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...options.headers,
      Accept: 'application/json',
      'X-App-Version': config.appVersion,
      'X-Platform': config.platform,
      'X-Requested-With': REQUESTED_WITH,
    };
    const init: RequestInit = {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      signal: options.signal ?? null,
    };
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    try {
      return await doFetch(`${baseUrl}${path}${buildQuery(options.query)}`, init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(CLIENT_ERROR_CODES.network, 'network', 0);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'invalid_response', response.status);
    }
  }

  async function waitForRefresh(): Promise<void> {
    let waited = 0;
    while (refreshing) {
      const remaining = TOKEN_REFRESH_WAIT_MS - waited;
      if (remaining <= 0) throw new ApiError(CLIENT_ERROR_CODES.refreshTimeout, 'timeout', 0);
      const step = Math.min(TOKEN_REFRESH_POLL_MS, remaining);
      await sleep(step);
      waited += step;
    }
  }

  function refreshToken(): Promise<boolean> {
    if (refreshing) return refreshing;
    const attempt = (async () => {
      try {
        const response = await send(REFRESH_TOKEN_PATH, { method: 'GET' });
        const body = await readBody(response);
        unwrapEnvelope(body, response.status, z.unknown());
        return true;
      } catch (error) {
        // Only a refusal means the session is over; no answer at all (offline) does not.
        if (error instanceof ApiError && error.kind === 'failed') {
          for (const listener of refreshFailedListeners) listener();
        }
        return false;
      } finally {
        refreshing = null;
      }
    })();
    refreshing = attempt;
    return attempt;
  }

  async function request<T>(rawPath: string, options: RequestOptions<T>): Promise<T> {
    const path = normalisePath(rawPath);
    if (!isAuthPath(path)) await waitForRefresh();
    let response = await send(path, options);
    if (response.status === 401 && refreshesOnUnauthorized(path)) {
      const refreshed = await refreshToken();
      if (refreshed) response = await send(path, options);
    }
    const body = await readBody(response);
    return unwrapEnvelope(body, response.status, options.schema);
  }

  return {
    request,
    get: (path, schema, query) => request(path, { method: 'GET', schema, query }),
    post: (path, body, schema) => request(path, { method: 'POST', body, schema }),
    put: (path, body, schema) => request(path, { method: 'PUT', body, schema }),
    delete: (path, schema, query) => request(path, { method: 'DELETE', schema, query }),
    refreshToken,
    isRefreshing: () => refreshing !== null,
    onRefreshFailed(listener) {
      refreshFailedListeners.add(listener);
      return () => {
        refreshFailedListeners.delete(listener);
      };
    },
  };
}
