import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

/** The last "keep me logged in" choice on this device (default: keep). */
export function readKeepLoggedIn(): boolean {
  return readStorage(storageKeys.keepLoggedIn) !== '0';
}

export function rememberKeepLoggedIn(keep: boolean): void {
  writeStorage(storageKeys.keepLoggedIn, keep ? '1' : '0');
}
