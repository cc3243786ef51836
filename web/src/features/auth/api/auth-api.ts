import { z } from 'zod';

import { api } from '@/lib/api';
import { currentUserResponseSchema } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

/** The second sign-in step the server asks for when two-factor is on. */
export type MfaMethod = 'totp' | 'sms';

export const mfaChallengeSchema = z.object({
  mfa_required: z.enum(['totp', 'sms']),
  mfa_token: z.string().min(1),
});

/** A sign-in answers the user, or a two-factor challenge (and no session yet). */
export const signInAnswerSchema = z.union([currentUserResponseSchema, mfaChallengeSchema]);

export type SignInResult =
  | { kind: 'signed_in'; user: SessionUser }
  | { kind: 'mfa_required'; method: MfaMethod; mfaToken: string };

function toSignInResult(answer: z.infer<typeof signInAnswerSchema>): SignInResult {
  if ('user' in answer) return { kind: 'signed_in', user: answer.user };
  return { kind: 'mfa_required', method: answer.mfa_required, mfaToken: answer.mfa_token };
}

export interface Credentials {
  email: string;
  password: string;
  keepLoggedIn: boolean;
}

/** `POST auth/login`. */
export async function logIn({ email, password, keepLoggedIn }: Credentials): Promise<SignInResult> {
  const answer = await api.post(
    '/auth/login',
    { email: email.trim(), password, keep_logged_in: keepLoggedIn },
    signInAnswerSchema,
  );
  return toSignInResult(answer);
}

/** `POST auth/refresh_token_with_email_password`: the re-login after a session expired. */
export async function logInAgain({
  email,
  password,
  keepLoggedIn,
}: Credentials): Promise<SignInResult> {
  const answer = await api.post(
    '/auth/refresh_token_with_email_password',
    { email, password, keep_logged_in: keepLoggedIn, supports_mfa: true },
    signInAnswerSchema,
  );
  return toSignInResult(answer);
}

/** `POST auth/login_with_mfa_totp` or `auth/login_with_mfa_sms`: the second step. */
export async function logInWithMfa(
  method: MfaMethod,
  mfaToken: string,
  code: string,
): Promise<SessionUser> {
  const { user } = await api.post(
    `/auth/login_with_mfa_${method}`,
    { mfa_token: mfaToken, code },
    currentUserResponseSchema,
  );
  return user;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  /** A gift subscription's uid (`?g_uid=` from a gift link). */
  giftUid: string | null;
}

/** `POST users/`: creates the account and signs it in. */
export async function signUp(input: SignUpInput): Promise<SessionUser> {
  const { user } = await api.post(
    '/users/',
    {
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
      password_confirmation: input.passwordConfirmation,
      ...(input.giftUid ? { g_uid: input.giftUid } : {}),
    },
    currentUserResponseSchema,
  );
  return user;
}

/** `POST auth/forgot`: mails a reset link (the same answer whether the address exists). */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/forgot', { email: email.trim() }, z.unknown());
}

/** `POST auth/reset_password` with the token of the mailed link. */
export async function resetPassword(
  token: string,
  password: string,
  passwordConfirmation: string,
): Promise<void> {
  await api.post(
    '/auth/reset_password',
    { token, password, password_confirmation: passwordConfirmation },
    z.unknown(),
  );
}

/** `GET auth/resend_verify_email`: mails a fresh verification link. */
export async function resendVerifyEmail(): Promise<void> {
  await api.get('/auth/resend_verify_email', z.unknown());
}
