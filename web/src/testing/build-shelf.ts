import type { StoredFolder, StoredManuscript } from '@/storage';

/** A fixed "now" for list tests: 2027-01-15T12:00:00Z. */
export const NOW = Date.UTC(2027, 0, 15, 12);
export const DAY = 86_400_000;

/** A live folder at the root, as the storage port gives it; override any field. */
export function buildFolder(overrides: Partial<StoredFolder> & { id: string }): StoredFolder {
  return {
    name: overrides.id,
    folder_id: null,
    _order: 0,
    created_at: NOW - 10 * DAY,
    updated_at: NOW - 10 * DAY,
    synced_at: NOW - 10 * DAY,
    deleted_at: null,
    pending: false,
    ...overrides,
  };
}

/** A live manuscript at the root, as the storage port gives it; override any field. */
export function buildManuscript(
  overrides: Partial<StoredManuscript> & { id: string },
): StoredManuscript {
  return {
    title: overrides.id,
    folder_id: null,
    _order: 0,
    created_at: NOW - 10 * DAY,
    updated_at: NOW - 10 * DAY,
    synced_at: NOW - 10 * DAY,
    deleted_at: null,
    pending: false,
    ...overrides,
  };
}
