import { LEVELS } from './levels';
import type { PermissionValue, SessionUser } from './user-schema';

export type Permission = 'none' | 'read' | 'write' | 'custom';

const NUMERIC: Record<number, Permission> = { 0: 'none', 1: 'read', 2: 'write', 3: 'custom' };

function normalise(value: PermissionValue): Permission {
  return typeof value === 'number' ? (NUMERIC[value] ?? 'write') : value;
}

/**
 * Administrators (level ≥ 80) always get write; others get write unless `settings.permissions`
 * restricts the area.
 */
export function resolvePermission(user: SessionUser, areaId: string): Permission {
  if (user.level >= LEVELS.admin) return 'write';
  const value = user.settings.permissions?.[areaId];
  return value === undefined ? 'write' : normalise(value);
}
