import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import type { SessionUser } from '@/lib/session';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { AccountSettingsSection } from './account-settings-section';

function open(user: SessionUser) {
  session.setUser(user);
  return renderRoutes([
    { path: '/', element: <AccountSettingsSection user={user} /> },
    { path: '/auth/logout', element: <h1>Logging out</h1> },
  ]);
}

const ana = buildUser({ settings: { timezone: 'Europe/Madrid' }, email_verified: false });

describe('account settings', () => {
  it('shows the name, the time zone and the email read-only', () => {
    stubApi({});
    open(ana);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ana Writer');
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toHaveValue('Europe/Madrid');
    expect(screen.getByDisplayValue('ana@example.com')).toHaveAttribute('readonly');
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
  });

  it("requires a name ('Name is required.') and keeps it to 32 characters", async () => {
    const calls = stubApi({});
    open(ana);
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveAttribute('maxlength', '32');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("saves the name and '-' as the system time zone, then says so", async () => {
    const calls = stubApi({
      [`PUT /users/${ana.id}`]: success({ user: { ...ana, name: 'Ana Bell' } }),
    });
    open({ ...ana, settings: { timezone: null } });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Time zone', { selector: 'input' })).toHaveValue(
      '- (system default)',
    );
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), ' Ana Bell ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your account settings have been saved.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/users/${ana.id}`,
        body: { name: 'Ana Bell', settings: { timezone: null } },
      },
    ]);
    expect(session.getState().user?.name).toBe('Ana Bell');
  });

  it("says 'Failed to save user data' when the save fails", async () => {
    stubApi({ [`PUT /users/${ana.id}`]: refusal(403, 'not_authorized') });
    open(ana);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Failed to save user data',
    );
  });

  it('puts a refused time zone under its field', async () => {
    stubApi({
      [`PUT /users/${ana.id}`]: refusal(422, 'invalid_fields', {
        'settings.timezone': 'timezone_invalid',
      }),
    });
    open(ana);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This time zone is not valid.')).toBeInTheDocument();
  });
});

describe('the delete account modal', () => {
  it('enables deletion only for the typed phrase I UNDERSTAND, then logs out', async () => {
    const calls = stubApi({ 'DELETE /users/delete_account': success(true) });
    open(ana);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent('To confirm, type I UNDERSTAND below.');
    const phrase = within(dialog).getByRole('textbox', { name: 'Confirmation' });
    const button = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(phrase).toHaveAttribute('maxlength', '128');
    expect(button).toBeDisabled();
    await user.type(phrase, 'I understan');
    expect(button).toBeDisabled();
    await user.type(phrase, 'D ');
    expect(button).toBeEnabled();
    await user.clear(phrase);
    await user.type(phrase, '  i   UNDERSTAND  ');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Logging out' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '/users/delete_account', body: undefined }]);
  });
});

describe('the change email modal', () => {
  it('checks the new address and the password, then says to check the inbox', async () => {
    const calls = stubApi({
      'PUT /users/change_email': success({ user: { ...ana, email: 'bea@example.com' } }),
    });
    open(ana);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change email address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email address' });
    const submit = within(dialog).getByRole('button', { name: 'Change email address' });
    await user.type(within(dialog).getByLabelText(/^New email address/), 'ANA@example.com');
    await user.click(submit);
    expect(
      await within(dialog).findByText(
        'The new email address must be different from your current one.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^New email address/));
    await user.type(within(dialog).getByLabelText(/^New email address/), 'bea@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await user.click(submit);
    expect(await screen.findByRole('dialog', { name: 'Check your inbox' })).toHaveTextContent(
      'We sent a verification link to bea@example.com.',
    );
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/users/change_email',
      body: { email: 'bea@example.com', password: 'secret1' },
    });
    await waitFor(() => {
      expect(session.getState().user?.email).toBe('bea@example.com');
    });
  });

  it('disables the password for an account that has none, with a hint', async () => {
    stubApi({});
    open({ ...ana, meta: { doesnt_have_password: true, auth_provider: 'google' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change email address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email address' });
    expect(within(dialog).getByLabelText(/^Password/)).toBeDisabled();
    expect(dialog).toHaveTextContent('Your account signs in with google and has no password yet.');
  });

  it('puts a wrong password under the password', async () => {
    stubApi({
      'PUT /users/change_email': refusal(422, 'current_password_incorrect', {
        password: 'current_password_incorrect',
      }),
    });
    open(ana);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change email address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email address' });
    await user.type(within(dialog).getByLabelText(/^New email address/), 'bea@example.com');
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Change email address' }));
    expect(
      await within(dialog).findByText('Your current password is incorrect.'),
    ).toBeInTheDocument();
  });
});
