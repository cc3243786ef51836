import { expect } from '@playwright/test';

import type { Writer } from './accounts';

/**
 * A writer signed in over the API with Node's `fetch`, outside any browser: its session cookie
 * (for sockets that need it) and calls that carry it.
 */
export class ApiSession {
  private constructor(
    private readonly baseURL: string,
    readonly email: string,
    /** `quire_session=…; quire_refresh=…`, as a `Cookie` header. */
    readonly cookie: string,
  ) {}

  /**
   * Creates the account (as the sign-up page does) and keeps the session sign-up starts; no
   * login, so that a run stays far below the server's per-IP limit on sign-ins.
   */
  static async signUp(baseURL: string, writer: Writer): Promise<ApiSession> {
    const response = await fetch(new URL('/api/v4/users/', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'quire' },
      body: JSON.stringify({
        name: writer.name,
        email: writer.email,
        password: writer.password,
        password_confirmation: writer.password,
      }),
    });
    expect(response.status, `sign-up of ${writer.email}`).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0] ?? '')
      .filter((pair) => /^[^=]+=./.test(pair))
      .join('; ');
    expect(cookie).toContain('quire_session=');
    return new ApiSession(baseURL, writer.email, cookie);
  }

  /** Calls the API as this writer; answers `data` of the success envelope. */
  async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(new URL(`/api/v4/${path}`, this.baseURL), {
      method,
      headers: {
        cookie: this.cookie,
        'x-requested-with': 'quire',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path}: ${String(response.status)} ${text}`).toBe(true);
    return (JSON.parse(text) as { data: unknown }).data;
  }
}
