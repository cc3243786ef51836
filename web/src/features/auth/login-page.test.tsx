import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { LoginPage } from './login-page';

function openLogin() {
  return renderRoutes(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/manuscripts', element: <h1>Manuscripts</h1> },
      { path: '/auth/change_password', element: <h1>Change password</h1> },
    ],
    '/auth/login',
  );
}

const password = () => screen.getByLabelText(/^Password/);

async function fillAndSubmit(email: string, secret: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (secret) await user.type(password(), secret);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('the login page', () => {
  it('checks the email and the password before asking the server', async () => {
    const calls = stubApi({});
    openLogin();
    await fillAndSubmit('', '');
    expect(await screen.findByText('A valid Email Address is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('logs in, remembers "keep me logged in" and goes to the manuscripts', async () => {
    const ana = buildUser();
    const calls = stubApi({ 'POST /auth/login': success({ user: ana }) });
    openLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Keep me logged in' }));
    await fillAndSubmit(' ana@example.com ', 'secret1');
    expect(await screen.findByRole('heading', { name: 'Manuscripts' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'ana@example.com', password: 'secret1', keep_logged_in: false },
    });
    expect(session.getState().user).toEqual(ana);
    expect(window.localStorage.getItem('quire.keep_logged_in')).toBe('0');
  });

  it('sends a user with a temporary password to change_password', async () => {
    stubApi({
      'POST /auth/login': success({ user: buildUser({ settings: { password_temporary: true } }) }),
    });
    openLogin();
    await fillAndSubmit('ana@example.com', 'secret1');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it("shows a refusal in the 'Login Error' dialog", async () => {
    stubApi({ 'POST /auth/login': refusal(401, 'invalid_credentials') });
    openLogin();
    await fillAndSubmit('ana@example.com', 'wrong');
    const dialog = await screen.findByRole('dialog', { name: 'Login Error' });
    expect(dialog).toHaveTextContent('The email or password is incorrect.');
    expect(session.getState().user).toBeNull();
  });

  it('asks for the six-digit code when two-factor is on, then logs in', async () => {
    const ana = buildUser();
    const calls = stubApi({
      'POST /auth/login': success({ mfa_required: 'totp', mfa_token: 'mfa-1' }),
      'POST /auth/login_with_mfa_totp': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? success({ user: ana })
          : refusal(422, 'invalid_code'),
    });
    openLogin();
    const user = await fillAndSubmit('ana@example.com', 'secret1');
    expect(
      await screen.findByText('Enter the six-digit code from your authentication app.'),
    ).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Verification code' });

    await user.type(code, '12a34');
    expect(code).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter six-digits code.')).toBeInTheDocument();

    await user.type(code, '99');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Login Error' })).toHaveTextContent(
      'The entered code is not valid.',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Manuscripts' })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      path: '/auth/login_with_mfa_totp',
      body: { mfa_token: 'mfa-1', code: '123456' },
    });
  });

  it('goes back to the password when the second step has expired', async () => {
    stubApi({
      'POST /auth/login': success({ mfa_required: 'totp', mfa_token: 'mfa-3' }),
      'POST /auth/login_with_mfa_totp': refusal(401, 'expired_token'),
    });
    openLogin();
    const user = await fillAndSubmit('ana@example.com', 'secret1');
    await user.type(await screen.findByLabelText(/^Verification code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Login Error' })).toHaveTextContent(
      'This verification has expired. Please log in again.',
    );
    expect(password()).toBeInTheDocument();
  });

  it('says the SMS code came by text message and can go back to the form', async () => {
    stubApi({ 'POST /auth/login': success({ mfa_required: 'sms', mfa_token: 'mfa-2' }) });
    openLogin();
    const user = await fillAndSubmit('ana@example.com', 'secret1');
    expect(
      await screen.findByText('Enter the six-digit code we sent to your phone by text message.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    await waitFor(() => {
      expect(password()).toBeInTheDocument();
    });
  });
});
