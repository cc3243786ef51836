import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { readReferralId } from '@/lib/referral';
import { LEVELS, session } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';
import { requestUrl } from '@/testing/request-url';

import { routes } from './routes';

/** The manuscripts screen's listings, answered empty. */
const EMPTY_LISTINGS =
  /^\/api\/v4\/(folders|manuscripts|manuscripts\/shared_with_me|notes\/global|templates\/enabled_new)(\?|$)/;

/**
 * A server that refuses the user endpoints (404 not_found): nobody is signed in. The
 * manuscripts screen's listings answer empty lists, for the tests that sign someone in.
 */
function stubServer() {
  const fetch = vi.fn((input: RequestInfo | URL) => {
    const url = requestUrl(input);
    const ok = url.includes('/auth/logout') || EMPTY_LISTINGS.test(url);
    const body = url.includes('/auth/logout')
      ? { status: 'success', data: true }
      : ok
        ? { status: 'success', data: [] }
        : { status: 'failed', data: 'not_found' };
    return Promise.resolve(new Response(JSON.stringify(body), { status: ok ? 200 : 404 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const open = (path: string) => renderRoutes(routes, path);
const heading = (name: string | RegExp) => screen.findByRole('heading', { name, level: 1 });

let fetch: ReturnType<typeof stubServer>;

beforeEach(() => {
  fetch = stubServer();
});

afterEach(() => {
  cleanup();
  session.clear();
});

describe('an anonymous visitor', () => {
  it('lands from splash on the home page, which says what Quire is and offers a way in', async () => {
    open('/');
    expect(await heading('Write your next book with Quire')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Write offline, sync later' }),
    ).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: 'Sign up' }))
      expect(link).toHaveAttribute('href', '/auth/sign_up');
    for (const link of screen.getAllByRole('link', { name: 'Log in' }))
      expect(link).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'Open my manuscripts' })).toBeNull();
  });

  it('asks the server about a possible session and, on 404, is treated as nobody', async () => {
    window.localStorage.setItem('quire.might_be_logged_in', '1');
    open('/manuscripts');
    expect(await heading('Log in')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => requestUrl(input))).toEqual([
      '/api/v4/users/me?exclude_to_dos=true',
    ]);
    expect(window.localStorage.getItem('quire.might_be_logged_in')).toBeNull();
  });

  it('can open a shared manuscript', async () => {
    open('/shared_manuscript/hash123manuscript456');
    expect(await heading('Shared manuscript')).toBeInTheDocument();
  });

  it('sees the 404 page on an unknown path', async () => {
    open('/definitely/not/here');
    expect(await heading('Oops. Nothing here...')).toBeInTheDocument();
  });

  it('is sent to sign-up with g_uid by a gift link', async () => {
    open('/gift/Ana%20Writer/gift-uid-1');
    expect(await heading('Sign up')).toBeInTheDocument();
    expect(screen.getByText('A gift for you')).toBeInTheDocument();
  });

  it('keeps a legacy referral id and goes to sign-up', async () => {
    open('/ref=writer42');
    expect(await heading('Sign up')).toBeInTheDocument();
    expect(readReferralId()).toBe('writer42');
  });

  it('sees the real outcome of an email verification link', async () => {
    open('/verify_email?token=abc');
    expect(await screen.findByText('We could not verify your email address.')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => requestUrl(input))).toContain(
      '/api/v4/auth/verify_email?token=abc',
    );
  });

  it('reaches a marketing page', async () => {
    open('/pricing');
    expect(await heading('Pricing')).toBeInTheDocument();
  });

  it('goes back to the web app from auth_redir without a code', async () => {
    open('/auth_redir');
    expect(await heading('Write your next book with Quire')).toBeInTheDocument();
  });
});

describe('a signed-in writer', () => {
  beforeEach(() => {
    session.setUser(buildUser({ level: LEVELS.writer }));
  });

  it('is sent to the home page by splash while the server does not confirm the session', async () => {
    open('/');
    expect(await heading('Write your next book with Quire')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open my manuscripts' })).toBeNull();
  });

  it('is offered the manuscripts, not Log in or Sign up, on the public pages', async () => {
    open('/home');
    expect(await heading('Write your next book with Quire')).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /my manuscripts$/i })).not.toHaveLength(0);
    cleanup();
    open('/pricing');
    expect(await heading('Pricing')).toBeInTheDocument();
    const links = await screen.findAllByRole('link', { name: /my manuscripts$/i });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/manuscripts',
      '/manuscripts',
    ]);
    expect(screen.queryByRole('link', { name: /^(Log in|Sign up|Start writing)$/ })).toBeNull();
  });

  it('sees manuscripts inside the shell', async () => {
    open('/manuscripts');
    expect(await heading('Manuscripts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
  });

  it('opens My Stats from the header’s settings menu', async () => {
    const user = userEvent.setup();
    open('/manuscripts');
    expect(await heading('Manuscripts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View stats' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Stats' });
    expect(
      await within(dialog).findByRole('tab', { name: /Your writing lifestyle/ }),
    ).toBeVisible();
    expect(within(dialog).getByTestId('my-stats-minutes-today')).toHaveTextContent('0 minutes');
  });

  it('is sent from login to manuscripts', async () => {
    open('/auth/login');
    expect(await heading('Manuscripts')).toBeInTheDocument();
  });

  it('opens an account section', async () => {
    open('/account/color_options');
    expect(await heading('Color options')).toBeInTheDocument();
  });

  it('gets a 404 for an unknown account section', async () => {
    open('/account/billing');
    expect(await heading('Oops. Nothing here...')).toBeInTheDocument();
  });

  it('gets a 404 for request_feedback while the beta-reader flag is off', async () => {
    open('/beta_reader/request_feedback');
    expect(await heading('Oops. Nothing here...')).toBeInTheDocument();
  });

  it('is refused the ambassador dashboard (to login, which forwards to manuscripts)', async () => {
    open('/ambassador-dashboard');
    expect(await heading('Manuscripts')).toBeInTheDocument();
  });

  it('is logged out by the logout route and lands on login', async () => {
    open('/auth/logout');
    expect(await heading('Log in')).toBeInTheDocument();
    expect(session.getState().user).toBeNull();
    expect(fetch.mock.calls.map(([input]) => requestUrl(input))).toContain('/api/v4/auth/logout');
  });
});

describe('a user the server confirms', () => {
  function serveUser(settings: Record<string, unknown>) {
    const user = buildUser({ settings });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const data = EMPTY_LISTINGS.test(requestUrl(input)) ? [] : { user };
        return Promise.resolve(
          new Response(JSON.stringify({ status: 'success', data }), { status: 200 }),
        );
      }),
    );
    window.localStorage.setItem('quire.might_be_logged_in', '1');
  }

  it('goes from splash to manuscripts', async () => {
    serveUser({});
    open('/');
    expect(await heading('Manuscripts')).toBeInTheDocument();
  });

  it('goes from splash to change_password when the password is temporary', async () => {
    serveUser({ password_temporary: true });
    open('/');
    expect(await heading('Change password')).toBeInTheDocument();
  });
});
