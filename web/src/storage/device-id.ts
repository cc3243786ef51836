import { APP_VERSION } from '@/config/env';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

import { randomChars } from './ids';

/** A device id is a pwa prefix, two random 8-character segments and the app version. */
export function makeDeviceId(): string {
  return `pwa-${randomChars(8)}-${randomChars(8)}-${APP_VERSION}`;
}

/** This browser's device id, made once and kept. */
export function deviceId(): string {
  const stored = readStorage(storageKeys.deviceId);
  if (stored) return stored;
  const made = makeDeviceId();
  writeStorage(storageKeys.deviceId, made);
  return made;
}
