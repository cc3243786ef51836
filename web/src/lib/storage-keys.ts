/**
 * Keys of the small values kept in `localStorage`. Everything bigger (manuscripts, the user
 * record) belongs in IndexedDB, not here.
 */
export const storageKeys = {
  /** Set after a successful sign-in, cleared by logout; tells splash to ask the server. */
  mightBeLoggedIn: 'quire.might_be_logged_in',
  /**
   * Where older builds cached the user (JSON); the session moves it to the shared database's
   * `user` table and removes it.
   */
  cachedUser: 'quire.user',
  /** The last sign-in's "keep me logged in" choice, reused by the re-login modal. */
  keepLoggedIn: 'quire.keep_logged_in',
  locale: 'quire.locale',
  colorScheme: 'quire.color_scheme',
  themePreset: 'quire.theme',
  referralId: 'quire.referral_id',
  storeBannerDismissed: 'quire.store_banner_dismissed',
  /** This browser's device id, written into the rows it changes. */
  deviceId: 'quire.device_id',
  /** The manuscripts list's grid or list mode. */
  manuscriptsView: 'quire.manuscripts_view',
} as const;

/** `localStorage` can throw (private mode, disabled storage); the app must keep working. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value simply does not persist.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}
