import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { api } from '@/lib/api';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { ExpiredSessionModal } from './expired-session-modal';

const ana = buildUser();

function openPage() {
  return renderRoutes([
    {
      path: '*',
      element: (
        <>
          <h1>My manuscripts</h1>
          <ExpiredSessionModal />
        </>
      ),
    },
  ]);
}

function expireSession() {
  act(() => {
    session.setUser(ana);
    session.markNeedsToLoginAgain();
  });
}

const modal = () => screen.findByRole('dialog', { name: 'Session expired' });

describe('the expired-session modal', () => {
  it('stays hidden while the session is fine', () => {
    stubApi({});
    session.setUser(ana);
    openPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('appears when a token refresh fails while logged in', async () => {
    stubApi({
      'GET /manuscripts': refusal(401, 'expired_session'),
      'GET /auth/refresh_token': refusal(401, 'expired_session'),
    });
    session.setUser(ana);
    openPage();
    await act(async () => {
      await api.get('/manuscripts', z.unknown()).catch(() => undefined);
    });
    expect(await modal()).toHaveTextContent(
      'Your session has expired. Please log in again to keep working.',
    );
  });

  it('cannot be closed: no close button, no Esc, no click outside', async () => {
    stubApi({});
    openPage();
    expireSession();
    const dialog = await modal();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await user.click(document.body);
    expect(dialog).toBeInTheDocument();
    expect(session.getState().needsToLoginAgain).toBe(true);
  });

  it('focuses the empty password with its message', async () => {
    const calls = stubApi({});
    openPage();
    expireSession();
    await modal();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('maxlength', '64');
    expect(calls).toEqual([]);
  });

  it('logs in again, clears the flag and reloads the server data', async () => {
    const reloaded = { ...ana, name: 'Ana Reloaded' };
    const calls = stubApi({
      'POST /auth/refresh_token_with_email_password': success({ user: ana }),
      'GET /users/me': success({ user: reloaded }),
    });
    openPage();
    expireSession();
    await modal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/auth/refresh_token_with_email_password',
      body: { email: ana.email, password: 'secret1', keep_logged_in: true, supports_mfa: true },
    });
    await waitFor(() => {
      expect(session.getState().user?.name).toBe('Ana Reloaded');
    });
    expect(calls[1]).toMatchObject({ method: 'GET', path: '/users/me?exclude_to_dos=true' });
    expect(session.getState().needsToLoginAgain).toBe(false);
  });

  it("shows 'Login Error' on a wrong password and stays open", async () => {
    stubApi({
      'POST /auth/refresh_token_with_email_password': refusal(401, 'invalid_credentials'),
    });
    openPage();
    expireSession();
    await modal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login Error' })).toHaveTextContent(
      'The email or password is incorrect.',
    );
    expect(screen.getByRole('dialog', { name: 'Session expired' })).toBeInTheDocument();
    expect(session.getState().needsToLoginAgain).toBe(true);
  });

  it('goes on to the code when two-factor is on', async () => {
    stubApi({
      'POST /auth/refresh_token_with_email_password': success({
        mfa_required: 'sms',
        mfa_token: 'mfa-9',
      }),
      'POST /auth/login_with_mfa_sms': success({ user: ana }),
      'GET /users/me': success({ user: ana }),
    });
    openPage();
    expireSession();
    await modal();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText(/^Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => {
      expect(session.getState().needsToLoginAgain).toBe(false);
    });
  });
});
