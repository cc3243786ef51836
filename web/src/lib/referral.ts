import { readStorage, storageKeys, writeStorage } from './storage-keys';

/** Legacy referral links (`/ref=<id>`): the id waits in storage until sign-up sends it. */
export function storeReferralId(id: string): void {
  writeStorage(storageKeys.referralId, id);
}

export function readReferralId(): string | null {
  return readStorage(storageKeys.referralId);
}
