import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { requestUrl } from '@/testing/request-url';

import { ApiError } from './api-error';
import { createApiClient, TOKEN_REFRESH_WAIT_MS } from './client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(handler: Handler) {
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(requestUrl(input), init ?? {})),
  );
  const client = createApiClient({
    baseUrl: '/api/v4',
    appVersion: '2.4.29',
    platform: 'web',
    fetch,
  });
  const calls = () => fetch.mock.calls.map(([input]) => requestUrl(input));
  return { client, fetch, calls };
}

function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('envelope', () => {
  it('returns the validated data of a success envelope', async () => {
    const { client } = setup(() => json({ status: 'success', data: { time: 42 } }));
    await expect(client.get('/server_time', z.object({ time: z.number() }))).resolves.toEqual({
      time: 42,
    });
  });

  it('throws the code from data when the status is failed', async () => {
    const { client } = setup(() => json({ status: 'failed', data: 'not_found' }, 404));
    const error = await client.get('/users/me', z.unknown()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not_found', kind: 'failed', status: 404 });
  });

  it('keeps field errors of a failed envelope', async () => {
    const { client } = setup(() =>
      json({ status: 'failed', data: 'invalid', fields: { name: 'required' } }, 422),
    );
    await expect(client.post('/users', {}, z.unknown())).rejects.toMatchObject({
      code: 'invalid',
      fields: { name: 'required' },
    });
  });

  it('throws the code from message when the status is error', async () => {
    const { client } = setup(() => json({ status: 'error', message: 'internal' }, 500));
    await expect(client.get('/initial_data', z.unknown())).rejects.toMatchObject({
      code: 'internal',
      kind: 'error',
      status: 500,
    });
  });

  it('rejects an answer without a known status', async () => {
    const { client } = setup(() => json({ ok: true }));
    await expect(client.get('/genres', z.unknown())).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('rejects success data that does not match the schema', async () => {
    const { client } = setup(() => json({ status: 'success', data: { time: 'noon' } }));
    await expect(client.get('/server_time', z.object({ time: z.number() }))).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('turns a failed fetch into a network error', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/genres', z.unknown())).rejects.toMatchObject({
      code: 'network_error',
      kind: 'network',
    });
  });
});

describe('request', () => {
  it('sends credentials, the app headers and JSON to the versioned base', async () => {
    const { client, fetch } = setup(() => json({ status: 'success', data: true }));
    await client.post('/contact_us', { subject: 'Hi' }, z.boolean());
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(input).toBe('/api/v4/contact_us');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"subject":"Hi"}');
    const headers = headersOf(init);
    expect(headers.get('X-App-Version')).toBe('2.4.29');
    expect(headers.get('X-Platform')).toBe('web');
    expect(headers.get('X-Requested-With')).toBe('quire');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends the app header on GETs too, which the server needs on GETs that change state', async () => {
    const { client, fetch } = setup(() => json({ status: 'success', data: true }));
    await client.get('/auth/logout', z.boolean());
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init?.method).toBe('GET');
    expect(headersOf(init).get('X-Requested-With')).toBe('quire');
  });

  it('encodes query parameters and skips empty ones', async () => {
    const { client, calls } = setup(() => json({ status: 'success', data: null }));
    await client.get('users/me', z.null(), { exclude_to_dos: 1, unused: undefined, q: 'a b' });
    expect(calls()).toEqual(['/api/v4/users/me?exclude_to_dos=1&q=a+b']);
  });
});

describe('token refresh', () => {
  it('refreshes once on 401 and retries the request', async () => {
    let refreshed = false;
    const { client, calls } = setup((url) => {
      if (url.endsWith('/auth/refresh_token')) {
        refreshed = true;
        return json({ status: 'success', data: true });
      }
      return refreshed
        ? json({ status: 'success', data: 'ok' })
        : json({ status: 'failed', data: 'not_authorized' }, 401);
    });
    await expect(client.get('/manuscripts', z.string())).resolves.toBe('ok');
    expect(calls()).toEqual([
      '/api/v4/manuscripts',
      '/api/v4/auth/refresh_token',
      '/api/v4/manuscripts',
    ]);
  });

  it('does not refresh twice when the retry is refused again', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? json({ status: 'success', data: true })
        : json({ status: 'failed', data: 'not_authorized' }, 401),
    );
    await expect(client.get('/manuscripts', z.unknown())).rejects.toMatchObject({
      code: 'not_authorized',
    });
    expect(calls()).toEqual([
      '/api/v4/manuscripts',
      '/api/v4/auth/refresh_token',
      '/api/v4/manuscripts',
    ]);
  });

  it('reports a failed refresh and returns the original refusal', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? json({ status: 'failed', data: 'expired_session' }, 401)
        : json({ status: 'failed', data: 'not_authorized' }, 401),
    );
    const listener = vi.fn();
    client.onRefreshFailed(listener);
    await expect(client.get('/manuscripts', z.unknown())).rejects.toMatchObject({
      code: 'not_authorized',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(calls()).toEqual(['/api/v4/manuscripts', '/api/v4/auth/refresh_token']);
  });

  it('refreshes for /auth/enable_* but not for other auth paths', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? json({ status: 'success', data: true })
        : json({ status: 'failed', data: 'not_authorized' }, 401),
    );
    await expect(client.post('/auth/login', {}, z.unknown())).rejects.toMatchObject({
      status: 401,
    });
    expect(calls()).toEqual(['/api/v4/auth/login']);
    await expect(client.get('/auth/enable_totp_step1', z.unknown())).rejects.toMatchObject({
      status: 401,
    });
    expect(calls().slice(1)).toEqual([
      '/api/v4/auth/enable_totp_step1',
      '/api/v4/auth/refresh_token',
      '/api/v4/auth/enable_totp_step1',
    ]);
  });

  it('refreshes for the session-bound auth calls disable_mfa and resend_verify_email', async () => {
    for (const path of ['/auth/disable_mfa', '/auth/resend_verify_email']) {
      let refreshed = false;
      const { client, calls } = setup((url) => {
        if (url.endsWith('/auth/refresh_token')) {
          refreshed = true;
          return json({ status: 'success', data: true });
        }
        return refreshed
          ? json({ status: 'success', data: true })
          : json({ status: 'failed', data: 'expired_token' }, 401);
      });
      await expect(client.post(path, {}, z.boolean())).resolves.toBe(true);
      expect(calls()).toEqual([`/api/v4${path}`, '/api/v4/auth/refresh_token', `/api/v4${path}`]);
    }
  });

  it('does not report a refresh that got no answer (offline) as a failed session', async () => {
    const { client } = setup((url) => {
      if (url.endsWith('/auth/refresh_token')) throw new TypeError('Failed to fetch');
      return json({ status: 'failed', data: 'expired_token' }, 401);
    });
    const listener = vi.fn();
    client.onRefreshFailed(listener);
    await expect(client.get('/manuscripts', z.unknown())).rejects.toMatchObject({
      code: 'expired_token',
    });
    expect(listener).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    const { client } = setup((url) => {
      if (url.endsWith('/auth/refresh_token')) {
        refreshes += 1;
        return json({ status: 'success', data: true });
      }
      return refreshes > 0
        ? json({ status: 'success', data: 1 })
        : json({ status: 'failed', data: 'not_authorized' }, 401);
    });
    await Promise.all([client.get('/a', z.number()), client.get('/b', z.number())]);
    expect(refreshes).toBe(1);
  });

  it('makes non-auth requests wait while a refresh runs, polling every 300 ms', async () => {
    vi.useFakeTimers();
    let finishRefresh: (response: Response) => void = () => undefined;
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? new Promise<Response>((resolve) => {
            finishRefresh = resolve;
          })
        : json({ status: 'success', data: 'done' }),
    );
    const refresh = client.refreshToken();
    expect(client.isRefreshing()).toBe(true);
    const waiting = client.get('/manuscripts', z.string());
    await vi.advanceTimersByTimeAsync(900);
    expect(calls()).toEqual(['/api/v4/auth/refresh_token']);

    finishRefresh(json({ status: 'success', data: true }));
    await expect(refresh).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    await expect(waiting).resolves.toBe('done');
    expect(calls()).toEqual(['/api/v4/auth/refresh_token', '/api/v4/manuscripts']);
  });

  it('gives up waiting for a refresh after 10 s', async () => {
    vi.useFakeTimers();
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? new Promise<Response>(() => undefined)
        : json({ status: 'success', data: 1 }),
    );
    void client.refreshToken();
    const waiting = client.get('/manuscripts', z.number()).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_WAIT_MS - 300);
    expect(calls()).toEqual(['/api/v4/auth/refresh_token']);
    await vi.advanceTimersByTimeAsync(300);
    await expect(waiting).resolves.toMatchObject({
      code: 'token_refresh_timeout',
      kind: 'timeout',
    });
    expect(calls()).toEqual(['/api/v4/auth/refresh_token']);
  });

  it('lets auth requests through while a refresh runs', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/auth/refresh_token')
        ? new Promise<Response>(() => undefined)
        : json({ status: 'success', data: 1 }),
    );
    void client.refreshToken();
    await expect(client.post('/auth/login', {}, z.number())).resolves.toBe(1);
    expect(calls()).toEqual(['/api/v4/auth/refresh_token', '/api/v4/auth/login']);
  });
});
