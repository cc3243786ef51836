export type MobileOs = 'android' | 'ios';

/** The phone or tablet OS of a browser user agent, or null on desktop browsers. */
export function detectMobileOs(userAgent: string, maxTouchPoints = 0): MobileOs | null {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS reports itself as a Mac; touch support gives it away.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return null;
}

/** True inside the desktop shell (Tauri) or an installed app, where no store banner belongs. */
export function isInsideAppShell(): boolean {
  if (typeof window === 'undefined') return false;
  return '__TAURI_INTERNALS__' in window;
}

/** True inside the desktop shell, or in Quire installed as an app (a standalone window). */
export function isInstalledApp(): boolean {
  if (isInsideAppShell()) return true;
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches
  );
}

export function currentMobileOs(): MobileOs | null {
  if (typeof navigator === 'undefined') return null;
  return detectMobileOs(navigator.userAgent, navigator.maxTouchPoints);
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}
