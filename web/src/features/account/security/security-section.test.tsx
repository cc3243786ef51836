import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderWithProviders } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';
import type { StubRoute } from '@/testing/stub-api';

import { SecuritySection } from './security-section';

const NOW = Date.now();
const DEVICES = {
  sessions: [
    {
      id: 'this-one',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      platform: 'web',
      ip: '127.0.0.1',
      keep_logged_in: true,
      current: true,
      created_at: NOW - 86_400_000,
      last_seen_at: NOW,
    },
    {
      id: 'phone',
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
      platform: 'web',
      ip: '10.0.0.7',
      keep_logged_in: false,
      current: false,
      created_at: NOW - 172_800_000,
      last_seen_at: NOW - 3_600_000,
    },
  ],
};

function entitledUser(mfa: 'none' | 'sms' | 'totp' = 'none', entitled = true): SessionUser {
  return buildUser({
    entitlements: { can_use_two_factor: entitled },
    settings: { mfa_enabled: mfa },
  });
}

function open(user: SessionUser, routes: Record<string, StubRoute> = {}) {
  const calls = stubApi({ 'GET /users/sessions': success(DEVICES), ...routes });
  session.setUser(user);
  renderWithProviders(<SecuritySection user={user} />);
  return { calls, events: userEvent.setup() };
}

async function choose(events: ReturnType<typeof userEvent.setup>, option: string) {
  await events.click(screen.getByRole('radio', { name: option }));
  await events.click(screen.getByRole('button', { name: 'Save' }));
}

describe('two-factor choice', () => {
  it('is only for subscribed users', () => {
    open(entitledUser('none', false));
    expect(
      screen.getByText('This feature is only available to subscribed users.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Authentication App (recommended)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
  });

  it('sets up the authentication app from its QR code and a code', async () => {
    const { calls, events } = open(entitledUser(), {
      'GET /auth/enable_totp_step1': success({
        factor_sid: 'factor-1',
        secret: 'JBSWY3DPEHPK3PXP',
        qr: 'otpauth://totp/Quire:ana@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Quire',
      }),
      // The answer is the updated user, kept as it is (no users/me needed).
      'POST /auth/enable_totp_step2': success({ user: entitledUser('totp') }),
    });
    await choose(events, 'Authentication App (recommended)');
    const dialog = await screen.findByRole('dialog', { name: 'Set up your authentication app' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for your authentication app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Please enter six-digits code.')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText(/^Verification code/), '123456');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/enable_totp_step2')?.body).toEqual({
      code: '123456',
      factor_sid: 'factor-1',
    });
    expect(session.getState().user?.settings.mfa_enabled).toBe('totp');
  });

  it('tells a wrong code from an expired set-up', async () => {
    let answer = refusal(422, 'invalid_code', { code: 'invalid_code' });
    const { events } = open(entitledUser(), {
      'GET /auth/enable_totp_step1': success({ factor_sid: 'f', secret: 'S', qr: 'otpauth://x' }),
      'POST /auth/enable_totp_step2': () => answer,
    });
    await choose(events, 'Authentication App (recommended)');
    const dialog = await screen.findByRole('dialog', { name: 'Set up your authentication app' });
    await events.type(await within(dialog).findByLabelText(/^Verification code/), '111111');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const wrong = await screen.findByRole('dialog', { name: 'Verification Error' });
    expect(wrong).toHaveTextContent('The entered code is not valid.');
    await events.click(within(wrong).getByRole('button', { name: 'Close' }));

    answer = refusal(422, 'verification_expired', { factor_sid: 'verification_expired' });
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Verification Error' })).toHaveTextContent(
      'This verification has expired. Please start again.',
    );
  });

  it("says 'Failed to start verification.' when the set-up cannot start", async () => {
    const { events } = open(entitledUser(), {
      'GET /auth/enable_totp_step1': refusal(403, 'subscription_required'),
    });
    await choose(events, 'Authentication App (recommended)');
    expect(await screen.findByText('Failed to start verification.')).toBeInTheDocument();
  });

  it('sets up SMS: phone rules, E.164 number, resend countdown, code', async () => {
    const { calls, events } = open(entitledUser(), {
      'POST /auth/enable_sms_step1': () =>
        success({ sms_session_id: 'sms-1', mfa_sms_sent_at: Date.now() }),
      'POST /auth/enable_sms_step2': success(true),
      'GET /users/me': success({ user: entitledUser('sms') }),
    });
    await choose(events, 'SMS');
    const dialog = await screen.findByRole('dialog', { name: 'Set up SMS verification' });
    const phone = within(dialog).getByLabelText(/^Phone number/);
    expect(phone).toHaveAttribute('placeholder', '(201) 555-0123');
    await events.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Please enter your phone number.')).toBeInTheDocument();
    await events.type(phone, '20155');
    expect(phone).toHaveValue('(201) 55');
    await events.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByText('Your phone number (201) 55 is to short.'),
    ).toBeInTheDocument();
    await events.type(phone, '50123');
    await events.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(
      await within(dialog).findByText('We sent a six-digit code to +12015550123.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: /Send a new code in (59|60) s/ }),
    ).toBeDisabled();
    await events.type(within(dialog).getByLabelText(/^Verification code/), '654321');
    await events.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { phone_number: '+12015550123' },
      { sms_session_id: 'sms-1', sms_code: '654321', phone_number: '+12015550123' },
    ]);
  });

  it('tells how long to wait when an SMS was sent recently', async () => {
    const { events } = open(entitledUser(), {
      'POST /auth/enable_sms_step1': success('mfa_sms_needs_delay_42'),
    });
    await choose(events, 'SMS');
    const dialog = await screen.findByRole('dialog', { name: 'Set up SMS verification' });
    await events.type(within(dialog).getByLabelText(/^Phone number/), '2015550123');
    await events.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('dialog', { name: 'SMS Error' })).toHaveTextContent(
      'An SMS has already been sent recently. You need to wait 42 seconds to obtain a new one.',
    );
  });

  it('says the phone number is not valid when the server refuses it', async () => {
    const { events } = open(entitledUser(), {
      'POST /auth/enable_sms_step1': refusal(422, 'phone_number_invalid'),
    });
    await choose(events, 'SMS');
    const dialog = await screen.findByRole('dialog', { name: 'Set up SMS verification' });
    await events.type(within(dialog).getByLabelText(/^Phone number/), '2015550123');
    await events.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('dialog', { name: 'SMS Error' })).toHaveTextContent(
      'The entered phone number is not valid.',
    );
  });

  it('turns two-factor off with the password when None is chosen', async () => {
    const { calls, events } = open(entitledUser('totp'), {
      'POST /auth/disable_mfa': success(true),
      'GET /users/me': success({ user: entitledUser('none') }),
    });
    expect(
      screen.getByText('Two-factor authentication uses your authentication app.'),
    ).toBeInTheDocument();
    await choose(events, 'None');
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Password is required.')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await events.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/disable_mfa')?.body).toEqual({
      password: 'secret1',
    });
  });
});

describe('signed-in devices', () => {
  it('lists the devices and logs another one out', async () => {
    const { calls, events } = open(entitledUser(), {
      'DELETE /users/sessions/phone': success(true),
    });
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Log out/ })).toHaveLength(1);
    await events.click(screen.getByRole('button', { name: 'Log out Safari on iOS' }));
    expect(await screen.findByText('The device has been logged out.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/users/sessions/phone', body: undefined },
    ]);
    expect(calls.filter((call) => call.path === '/users/sessions')).toHaveLength(2);
  });
});
