import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderWithProviders } from '@/testing/render-with-providers';
import { stubApi, success } from '@/testing/stub-api';

import { VerifyEmailHelpPage } from './verify-email-help-page';

describe('the verify email help page', () => {
  it('sends a new verification link on request', async () => {
    const ana = buildUser({ email_verified: false });
    const calls = stubApi({
      'GET /users/me': success({ user: ana }),
      'GET /auth/resend_verify_email': success(true),
    });
    session.setUser(ana);
    renderWithProviders(<VerifyEmailHelpPage />);
    expect(screen.getByText(/We sent a verification link to ana@example.com/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('We sent a new verification link to ana@example.com.'),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/auth/resend_verify_email');
  });

  it('says so once the address is verified', async () => {
    const ana = buildUser({ email_verified: true });
    stubApi({ 'GET /users/me': success({ user: ana }) });
    session.setUser(ana);
    renderWithProviders(<VerifyEmailHelpPage />);
    expect(
      await screen.findByText('Your email address ana@example.com is verified.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });
});
