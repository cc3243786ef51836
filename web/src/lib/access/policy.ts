/**
 * Who may do what with a manuscript, decided from the server's own table
 * (`policy.generated.ts`, generated from quire-core's access policy): the caller's role on a
 * manuscript row as this device holds it, and whether that role may take an action.
 */
import type { Action, Role } from './policy.generated';
import { POLICY, ROLE_OF_PERMISSION } from './policy.generated';

export type { Action, Role } from './policy.generated';

/** What a manuscript row says about the caller's access to it. */
export interface SharedMarks {
  /** Set on a manuscript someone else shares with the caller (older data stored `1`). */
  shared_with_me?: boolean | number | null;
  /** The caller's sharing permission value on a shared manuscript. */
  shared_permissions?: number | null;
}

/**
 * The caller's role on a manuscript: the owner's unless the row is marked as shared with
 * them; a shared row whose permission this build does not know reads only.
 */
export function roleOf(row: SharedMarks): Role {
  const shared = row.shared_with_me === true || row.shared_with_me === 1;
  if (!shared) return 'owner';
  const permission = row.shared_permissions;
  const role = typeof permission === 'number' ? ROLE_OF_PERMISSION[permission] : undefined;
  return role ?? 'viewer';
}

/** Whether `role` may take `action`. */
export function may(role: Role, action: Action): boolean {
  return POLICY[role][action];
}
