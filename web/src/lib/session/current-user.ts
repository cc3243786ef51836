import type { ApiClient } from '@/lib/api';

import { currentUserResponseSchema } from './user-schema';
import type { SessionUser } from './user-schema';

/** `GET /api/v4/users/me`: the signed-in user (`data.user`). */
export async function fetchCurrentUser(client: ApiClient): Promise<SessionUser> {
  const data = await client.get('/users/me', currentUserResponseSchema, { exclude_to_dos: true });
  return data.user;
}
