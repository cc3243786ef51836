/**
 * The phone country table: dial code, name, two-letter short name, the national number's digit
 * count (min/max), how the input is grouped (blocks of digits and the delimiter before each block
 * after the first) and a placeholder in that format. Lengths exclude the dial code and a leading
 * trunk 0.
 */
export interface PhoneCountry {
  dialCode: string;
  name: string;
  shortName: string;
  minLength: number;
  maxLength: number;
  blocks: readonly number[];
  delimiters: readonly string[];
  placeholder: string;
}

const spaced = (...blocks: number[]) => ({ blocks, delimiters: blocks.slice(1).map(() => ' ') });

function country(
  shortName: string,
  name: string,
  dialCode: string,
  [minLength, maxLength]: [number, number],
  format: { blocks: readonly number[]; delimiters: readonly string[] },
  placeholder: string,
): PhoneCountry {
  return { shortName, name, dialCode, minLength, maxLength, ...format, placeholder };
}

/** North American format: (201) 555-0123. */
const NANP = { blocks: [0, 3, 3, 4], delimiters: ['(', ') ', '-'] };

/** The country the phone field starts with: United States, +1, 10 digits. */
export const UNITED_STATES = country('US', 'United States', '1', [10, 10], NANP, '(201) 555-0123');
export const DEFAULT_PHONE_COUNTRY = UNITED_STATES.shortName;

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  UNITED_STATES,
  country('CA', 'Canada', '1', [10, 10], NANP, '(506) 234-5678'),
  country('GB', 'United Kingdom', '44', [10, 11], spaced(4, 7), '7400 123456'),
  country('IE', 'Ireland', '353', [9, 9], spaced(2, 3, 4), '85 012 3456'),
  country('IN', 'India', '91', [10, 10], spaced(5, 5), '81234 56789'),
  country('DE', 'Germany', '49', [11, 11], spaced(4, 7), '1512 3456789'),
  country('AT', 'Austria', '43', [10, 13], spaced(3, 10), '664 1234567'),
  country('CH', 'Switzerland', '41', [9, 9], spaced(2, 3, 2, 2), '78 123 45 67'),
  country('FR', 'France', '33', [9, 9], spaced(1, 2, 2, 2, 2), '6 12 34 56 78'),
  country('BE', 'Belgium', '32', [9, 9], spaced(3, 2, 2, 2), '470 12 34 56'),
  country('NL', 'Netherlands', '31', [9, 9], spaced(1, 8), '6 12345678'),
  country('ES', 'Spain', '34', [9, 9], spaced(3, 2, 2, 2), '612 34 56 78'),
  country('PT', 'Portugal', '351', [9, 9], spaced(3, 3, 3), '912 345 678'),
  country('IT', 'Italy', '39', [9, 10], spaced(3, 3, 4), '312 345 6789'),
  country('SE', 'Sweden', '46', [9, 9], spaced(2, 3, 2, 2), '70 123 45 67'),
  country('NO', 'Norway', '47', [8, 8], spaced(3, 2, 3), '406 12 345'),
  country('DK', 'Denmark', '45', [8, 8], spaced(2, 2, 2, 2), '20 12 34 56'),
  country('FI', 'Finland', '358', [9, 10], spaced(2, 3, 5), '41 234 5678'),
  country('PL', 'Poland', '48', [9, 9], spaced(3, 3, 3), '512 345 678'),
  country('GR', 'Greece', '30', [10, 10], spaced(3, 3, 4), '691 234 5678'),
  country('TR', 'Turkey', '90', [10, 10], spaced(3, 3, 2, 2), '501 234 56 78'),
  country('IL', 'Israel', '972', [9, 9], spaced(2, 3, 4), '50 234 5678'),
  country('AE', 'United Arab Emirates', '971', [9, 9], spaced(2, 3, 4), '50 123 4567'),
  country('ZA', 'South Africa', '27', [9, 9], spaced(2, 3, 4), '71 123 4567'),
  country('NG', 'Nigeria', '234', [10, 10], spaced(3, 3, 4), '802 123 4567'),
  country('KE', 'Kenya', '254', [9, 9], spaced(3, 6), '712 123456'),
  country('MX', 'Mexico', '52', [10, 10], spaced(2, 4, 4), '55 1234 5678'),
  country(
    'BR',
    'Brazil',
    '55',
    [10, 11],
    { blocks: [0, 2, 5, 4], delimiters: ['(', ') ', '-'] },
    '(11) 91234-5678',
  ),
  country('AR', 'Argentina', '54', [10, 10], spaced(2, 4, 4), '11 2345 6789'),
  country('CL', 'Chile', '56', [9, 9], spaced(1, 4, 4), '9 6123 4567'),
  country('CO', 'Colombia', '57', [10, 10], spaced(3, 3, 4), '321 123 4567'),
  country('PE', 'Peru', '51', [9, 9], spaced(3, 3, 3), '912 345 678'),
  country('AU', 'Australia', '61', [9, 9], spaced(3, 3, 3), '412 345 678'),
  country('NZ', 'New Zealand', '64', [8, 10], spaced(2, 3, 5), '21 123 4567'),
  country('JP', 'Japan', '81', [10, 10], spaced(2, 4, 4), '90 1234 5678'),
  country('KR', 'South Korea', '82', [9, 10], spaced(2, 4, 4), '10 2345 6789'),
  country('CN', 'China', '86', [11, 11], spaced(3, 4, 4), '131 2345 6789'),
  country('SG', 'Singapore', '65', [8, 8], spaced(4, 4), '8123 4567'),
  country('PH', 'Philippines', '63', [10, 10], spaced(3, 3, 4), '905 123 4567'),
];

/** The country of a short name; the default for an unknown one. */
export function phoneCountry(shortName: string): PhoneCountry {
  return PHONE_COUNTRIES.find((candidate) => candidate.shortName === shortName) ?? UNITED_STATES;
}
