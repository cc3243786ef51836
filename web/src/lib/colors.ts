/**
 * The colour of a chapter or a story element (`meta.color`; a hex input keeps at most 6
 * characters and strips '#'), one rule for every screen: stored as 6 upper-case hex digits
 * without '#'; a stored value with '#' is read too.
 */

/** Swatches offered besides the hex input (stored form). */
export const COLOR_SWATCHES: readonly string[] = [
  'FA5252',
  'FD7E14',
  'FAB005',
  '40C057',
  '15AABF',
  '228BE6',
  '7950F2',
  'E64980',
  '868E96',
];

/** What the hex input keeps of what was typed: '#' stripped, at most 6 characters. */
export function cleanHexInput(raw: string): string {
  return raw.replace(/#/g, '').slice(0, 6);
}

/** The stored colour of a hex input or stored value (6 hex digits, upper case), else null. */
export function storedColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const hex = cleanHexInput(value.trim());
  return /^[0-9a-f]{6}$/i.test(hex) ? hex.toUpperCase() : null;
}

/** 6 hex digits (upper case) from a typed or stored value, or '' when it is not one. */
export function normalizeHex(value: string): string {
  return storedColor(value) ?? '';
}

/** The CSS colour of a stored one, or null. */
export function cssColor(value: unknown): string | null {
  const hex = storedColor(value);
  return hex === null ? null : `#${hex}`;
}
