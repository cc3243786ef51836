/** Raised when the device has no room left for the local database (spec §8: quota exceeded). */
export class StorageQuotaError extends Error {
  override readonly name = 'StorageQuotaError';
  readonly code = 'storage_quota_exceeded';

  constructor(cause?: unknown) {
    super('The local database is out of space.', { cause });
  }
}

/** Whether `error` (a Dexie error, possibly wrapping the browser's) is a quota failure. */
export function isQuotaExceeded(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const name = (current as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'StorageQuotaError') return true;
    current = (current as { inner?: unknown }).inner ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
