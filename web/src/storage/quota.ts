/** Raised when the device has no room left for the local database (quota exceeded). */
export class StorageQuotaError extends Error {
  override readonly name = 'StorageQuotaError';
  readonly code = 'storage_quota_exceeded';

  constructor(cause?: unknown) {
    super('The local database is out of space.', { cause });
  }
}

/** Error names (the browser's or Dexie's) meaning the device is full. */
const QUOTA_NAMES = ['QuotaExceededError', 'StorageQuotaError'];
/** An invalid state, an unknown error or a closing connection forces logout. */
const FATAL_NAMES = ['InvalidStateError', 'UnknownError', 'DatabaseClosedError'];

/** The names of `error` and the errors it wraps (Dexie's `inner`, the standard `cause`). */
function errorNames(error: unknown): string[] {
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const name = (current as { name?: unknown }).name;
    if (typeof name === 'string') names.push(name);
    current = (current as { inner?: unknown }).inner ?? (current as { cause?: unknown }).cause;
  }
  return names;
}

/** Whether `error` (a Dexie error, possibly wrapping the browser's) is a quota failure. */
export function isQuotaExceeded(error: unknown): boolean {
  return errorNames(error).some((name) => QUOTA_NAMES.includes(name));
}

/** Whether `error` means the local database can no longer be used in this session. */
export function isFatalDatabaseError(error: unknown): boolean {
  return errorNames(error).some((name) => FATAL_NAMES.includes(name));
}
