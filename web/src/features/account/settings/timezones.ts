/** The timezone select's "system default" option; it is saved as no timezone (null). */
export const TIMEZONE_DEFAULT = '-';

/** The IANA time zones this browser knows, sorted. */
export function timezoneNames(): string[] {
  try {
    const names = Intl.supportedValuesOf('timeZone');
    return names.includes('UTC') ? names : [...names, 'UTC'].sort();
  } catch {
    return ['UTC'];
  }
}

/**
 * The select value for a stored timezone: the zone itself when the browser knows it, else
 * the default (an unknown or missing zone is normalised to '-').
 */
export function timezoneSelectValue(stored: string | null | undefined, known: readonly string[]) {
  return stored && known.includes(stored) ? stored : TIMEZONE_DEFAULT;
}

/** The value to save: null means "use the system's zone". */
export function timezoneToSave(value: string): string | null {
  return value === TIMEZONE_DEFAULT || value === '' ? null : value;
}
