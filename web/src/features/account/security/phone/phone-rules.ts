import type { Problem } from '@/lib/validation';

import type { PhoneCountry } from './phone-countries';

/** A phone number may hold only digits, spaces, dashes and brackets. */
const ALLOWED = /^[\d\s\-()[\]]*$/;

/** The national digits of a typed number, without a leading trunk 0 (kept for Italy). */
export function nationalDigits(value: string, country: PhoneCountry): string {
  const digits = value.replace(/\D/g, '');
  return country.shortName === 'IT' ? digits : digits.replace(/^0/, '');
}

/**
 * The SMS phone rules: required, allowed characters only, and the country's digit count.
 * `phone` in the too-short message is the number as typed.
 */
export function phoneProblem(value: string, country: PhoneCountry): Problem | null {
  const typed = value.trim();
  if (typed === '') return { key: 'validation.phone_required' };
  if (!ALLOWED.test(typed)) return { key: 'validation.phone_invalid' };
  const digits = nationalDigits(typed, country);
  if (digits.length < country.minLength) {
    return { key: 'validation.phone_too_short', values: { phone: typed } };
  }
  if (digits.length > country.maxLength) {
    return { key: 'validation.phone_too_long', values: { phone: typed } };
  }
  return null;
}

/**
 * Groups digits as the country writes them (blocks and delimiters). The last block takes
 * whatever digits remain, so a number of the country's maximum length still shows whole.
 */
export function formatPhoneDigits(digits: string, country: PhoneCountry): string {
  let rest = digits;
  let formatted = '';
  country.blocks.forEach((size, index) => {
    if (rest === '') return;
    if (index > 0) formatted += country.delimiters[index - 1] ?? '';
    const last = index === country.blocks.length - 1;
    formatted += last ? rest : rest.slice(0, size);
    rest = last ? '' : rest.slice(size);
  });
  return formatted;
}

/**
 * What the phone input shows after a keystroke: a value of allowed characters is re-grouped
 * (digits beyond the maximum dropped); anything else stays as typed so its rule can say why.
 */
export function formatPhoneInput(value: string, country: PhoneCountry): string {
  if (!ALLOWED.test(value)) return value;
  const digits = value.replace(/\D/g, '');
  const limit = country.maxLength + (digits.startsWith('0') && country.shortName !== 'IT' ? 1 : 0);
  return formatPhoneDigits(digits.slice(0, limit), country);
}

/** The E.164 form the server wants: `+`, dial code, national digits. */
export function toE164(value: string, country: PhoneCountry): string {
  return `+${country.dialCode}${nationalDigits(value, country)}`;
}
