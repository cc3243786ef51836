import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { ResetPasswordApplyPage } from './reset-password-apply-page';
import { ResetPasswordPage } from './reset-password-page';

describe('the reset password (forgot) page', () => {
  it('needs a valid email, then says a link was sent', async () => {
    const calls = stubApi({ 'POST /auth/forgot': success(true) });
    renderRoutes([{ path: '*', element: <ResetPasswordPage /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('A valid Email Address is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for ana@example.com/)).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/auth/forgot', body: { email: 'ana@example.com' } },
    ]);
  });
});

describe('the reset password apply page', () => {
  const open = (path: string) =>
    renderRoutes(
      [{ path: '/auth/reset_password_apply', element: <ResetPasswordApplyPage /> }],
      path,
    );

  it('explains a link without a token', () => {
    stubApi({});
    open('/auth/reset_password_apply');
    expect(screen.getByText(/This reset link is incomplete/)).toBeInTheDocument();
  });

  it('checks the new password rules, then saves it with the token', async () => {
    const calls = stubApi({ 'POST /auth/reset_password': success(true) });
    open('/auth/reset_password_apply?token=tok-1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText("Passwords doesn't match.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/reset_password',
        body: { token: 'tok-1', password: 'long enough', password_confirmation: 'long enough' },
      },
    ]);
  });

  it('says when the link is no longer valid', async () => {
    stubApi({ 'POST /auth/reset_password': refusal(400, 'invalid_token') });
    open('/auth/reset_password_apply?token=old');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'long enough');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'This link is not valid.',
    );
  });
});
