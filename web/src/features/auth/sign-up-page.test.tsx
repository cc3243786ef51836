import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '@/lib/session';
import { CUSTOM_THEME_DEFAULTS, setThemeSelection } from '@/lib/theme';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { SignUpPage } from './sign-up-page';
import { SIGN_UP_REDIRECT_MS, SignUpSuccessPage } from './sign-up-success-page';

function openSignUp(path = '/auth/sign_up') {
  return renderRoutes(
    [
      { path: '/auth/sign_up', element: <SignUpPage /> },
      { path: '/auth/sign_up_success', element: <h1>Welcome</h1> },
    ],
    path,
  );
}

async function fill(values: {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
}) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText(/^Full name/), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirm password/), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  setThemeSelection({ themeId: 'default', custom: { ...CUSTOM_THEME_DEFAULTS } });
});

describe('the sign-up page', () => {
  it('shows every rule of spec §5 with its message', async () => {
    const calls = stubApi({});
    openSignUp();
    await fill({ email: 'ana@', password: 'abcd', confirm: 'abce' });
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('A valid Email Address is required.')).toBeInTheDocument();
    expect(screen.getByText('Password must be between 5 and 59 characters.')).toBeInTheDocument();
    expect(screen.getByText("Passwords doesn't match.")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('creates the account with the gift uid, keeps the local look and goes on', async () => {
    setThemeSelection({
      themeId: 'lemon',
      custom: { primaryColor: '#ff0000', secondaryColor: '#000000' },
    });
    const ana = buildUser();
    const calls = stubApi({
      'POST /users/': success({ user: ana }),
      [`PUT /users/${ana.id}`]: ({ body }) => success({ user: { ...ana, ...(body as object) } }),
    });
    openSignUp('/auth/sign_up?g_uid=gift-7');
    expect(screen.getByText('A gift for you')).toBeInTheDocument();
    await fill({
      name: ' Ana ',
      email: 'ana@example.com',
      password: 'secret1',
      confirm: 'secret1',
    });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/users/',
      body: {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'secret1',
        password_confirmation: 'secret1',
        g_uid: 'gift-7',
      },
    });
    expect(calls[1]).toMatchObject({ method: 'PUT', body: { settings: { theme_id: 4 } } });
    expect(session.getState().user?.id).toBe(ana.id);
  });

  it('puts an address already in use under the email', async () => {
    stubApi({ 'POST /users/': refusal(409, 'email_already_used') });
    openSignUp();
    await fill({ name: 'Ana', email: 'ana@example.com', password: 'secret1', confirm: 'secret1' });
    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps 422 field codes to the form', async () => {
    stubApi({
      'POST /users/': refusal(422, 'invalid_fields', {
        name: 'name_invalid',
        password_confirmation: 'passwords_do_not_match',
      }),
    });
    openSignUp();
    await fill({ name: 'Ana', email: 'ana@example.com', password: 'secret1', confirm: 'secret1' });
    expect(
      await screen.findByText('The name contains characters that are not allowed.'),
    ).toBeInTheDocument();
    expect(screen.getByText("Passwords doesn't match.")).toBeInTheDocument();
  });
});

describe('the sign-up success page', () => {
  it('goes to the manuscripts two seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.setUser(buildUser());
    renderRoutes(
      [
        { path: '/auth/sign_up_success', element: <SignUpSuccessPage /> },
        { path: '/manuscripts', element: <h1>Manuscripts</h1> },
      ],
      '/auth/sign_up_success',
    );
    expect(await screen.findByText(/We sent a link to ana@example.com/)).toBeInTheDocument();
    expect(SIGN_UP_REDIRECT_MS).toBe(2000);
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('heading', { name: 'Manuscripts' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Manuscripts' })).toBeInTheDocument();
  });
});
