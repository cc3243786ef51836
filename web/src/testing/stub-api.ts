import { vi } from 'vitest';

import { requestUrl } from './request-url';

export interface ApiCall {
  method: string;
  /** Path under `/api/v4`, with the query (`/users/me?exclude_to_dos=true`). */
  path: string;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  /** The whole JSON body; defaults to a success envelope around `data`. */
  body?: unknown;
  data?: unknown;
}

/** An answer, or a function of the call; `undefined` answers 404 not_found. */
export type StubRoute = StubAnswer | ((call: ApiCall) => StubAnswer);

export function success(data: unknown): StubAnswer {
  return { data };
}

export function refusal(status: number, code: string, fields?: Record<string, string>): StubAnswer {
  return { status, body: { status: 'failed', data: code, ...(fields ? { fields } : {}) } };
}

/**
 * Stubs `fetch` for the main API: `routes` maps `'METHOD /path'` (query ignored) to answers.
 * Returns every call made, in order.
 */
export function stubApi(routes: Record<string, StubRoute>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const path = `${url.pathname.replace(/^\/api\/v4/, '')}${url.search}`;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname.replace(/^\/api\/v4/, '')}`];
    const answer =
      route === undefined
        ? refusal(404, 'not_found')
        : typeof route === 'function'
          ? route(call)
          : route;
    const json = answer.body ?? { status: 'success', data: answer.data ?? true };
    return Promise.resolve(
      new Response(JSON.stringify(json), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
