import { z } from 'zod';

import { api } from '@/lib/api';
import { currentUserResponseSchema } from '@/lib/session';
import type { SessionUser } from '@/lib/session';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirmation: string;
}

/** `PUT users/change_password` (ends the account's other sessions). */
export async function changePassword(change: PasswordChange): Promise<void> {
  await api.put(
    '/users/change_password',
    {
      current_password: change.currentPassword,
      new_password: change.newPassword,
      new_password_confirmation: change.newPasswordConfirmation,
    },
    z.unknown(),
  );
}

/** `PUT users/change_email`: the new address stays unverified until its link is opened. */
export async function changeEmail(email: string, password: string): Promise<SessionUser> {
  const { user } = await api.put(
    '/users/change_email',
    { email: email.trim(), password },
    currentUserResponseSchema,
  );
  return user;
}

/** `DELETE users/delete_account`: removes the account and everything in it. */
export async function deleteAccount(): Promise<void> {
  await api.delete('/users/delete_account', z.unknown());
}

export const deviceSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().catch(''),
  platform: z.string().catch(''),
  ip: z.string().catch(''),
  keep_logged_in: z.boolean().catch(false),
  current: z.boolean().catch(false),
  created_at: z.number(),
  last_seen_at: z.number(),
});

export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** `GET users/sessions`: the devices where the account is signed in. */
export async function listSessions(): Promise<DeviceSession[]> {
  const data = await api.get(
    '/users/sessions',
    z.object({ sessions: z.array(deviceSessionSchema) }),
  );
  return data.sessions;
}

/** `DELETE users/sessions/{id}`: signs one device out. */
export async function revokeSession(id: string): Promise<void> {
  await api.delete(`/users/sessions/${encodeURIComponent(id)}`, z.unknown());
}
