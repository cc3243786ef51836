/** The part of `navigator.storage` used here. */
export interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function browserStorageManager(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

/**
 * Asks the browser not to evict the local database under storage pressure (an offline-first
 * app keeps unsent writing there). Called once after sign-in; never throws. Resolves to
 * whether the storage is persistent (`false` also when the browser cannot say).
 */
export async function askForPersistentStorage(
  storage: StorageManagerLike | undefined = browserStorageManager(),
): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch (error) {
    console.warn('Persistent storage could not be requested.', error);
    return false;
  }
}
