import { z } from 'zod';

import { api } from '@/lib/api';
import { session } from '@/lib/session';

/**
 * Logs out: tells the server (`GET /api/v4/auth/logout`, best effort — logging out must work
 * offline too) and clears the marker, the cached user and the in-memory session.
 */
export async function logOut(): Promise<void> {
  try {
    await api.get('/auth/logout', z.unknown());
  } catch {
    // The local session is cleared whatever the server answers.
  } finally {
    session.clear();
  }
}
