import type { SessionUser } from '@/lib/session';

/** A signed-in writer; override any field. */
export function buildUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u_0123456789abcdefghij',
    name: 'Ana Writer',
    email: 'ana@example.com',
    level: 1,
    settings: {},
    ...overrides,
  };
}
