import { useEffect, useState } from 'react';
import { z } from 'zod';

import { api, isApiError } from '@/lib/api';
import { session } from '@/lib/session';

export const verifyEmailResponseSchema = z.unknown();

/**
 * `GET /api/v4/auth/verify_email?token=`: marks the account's email as verified; a signed-in
 * user is reloaded so that screens show the address as verified.
 */
export async function verifyEmail(token: string): Promise<void> {
  await api.get('/auth/verify_email', verifyEmailResponseSchema, { token });
  if (session.getState().user) await session.reload().catch(() => undefined);
}

export type VerifyEmailState =
  { status: 'pending' } | { status: 'verified' } | { status: 'failed'; code: string };

/**
 * Tokens are single-use, so one request per token is shared by every caller (React's strict
 * mode mounts effects twice in development).
 */
const requests = new Map<string, Promise<VerifyEmailState>>();

function verifyOnce(token: string): Promise<VerifyEmailState> {
  let request = requests.get(token);
  if (!request) {
    request = verifyEmail(token).then(
      (): VerifyEmailState => ({ status: 'verified' }),
      (error: unknown): VerifyEmailState => ({
        status: 'failed',
        code: isApiError(error) ? error.code : 'failed',
      }),
    );
    requests.set(token, request);
  }
  return request;
}

/** Verifies the token once and reports the outcome. Mount with `key={token}`. */
export function useVerifyEmail(token: string): VerifyEmailState {
  const [state, setState] = useState<VerifyEmailState>({ status: 'pending' });
  useEffect(() => {
    let active = true;
    void verifyOnce(token).then((result) => {
      if (active) setState(result);
    });
    return () => {
      active = false;
    };
  }, [token]);
  return state;
}
