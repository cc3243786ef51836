import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { Problem } from '@/lib/validation';

import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, phoneCountry } from './phone-countries';
import { formatPhoneDigits, formatPhoneInput, phoneProblem, toE164 } from './phone-rules';

const en = i18n.getFixedT('en');
const text = (problem: Problem | null) => (problem ? en(problem.key, problem.values ?? {}) : null);
const us = phoneCountry('US');

describe('the country table', () => {
  it('defaults to the United States, +1, 10 digits', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('US');
    expect(us).toMatchObject({
      dialCode: '1',
      name: 'United States',
      minLength: 10,
      maxLength: 10,
    });
    expect(phoneCountry('XX')).toBe(us);
  });

  it('carries the spec lengths of the United Kingdom, India and Germany', () => {
    expect(phoneCountry('GB')).toMatchObject({ minLength: 10, maxLength: 11 });
    expect(phoneCountry('IN')).toMatchObject({ minLength: 10, maxLength: 10 });
    expect(phoneCountry('DE')).toMatchObject({ minLength: 11, maxLength: 11 });
  });

  it('has consistent entries whose placeholders follow their own format', () => {
    const names = new Set<string>();
    for (const country of PHONE_COUNTRIES) {
      expect(names.has(country.shortName), country.shortName).toBe(false);
      names.add(country.shortName);
      expect(country.shortName).toMatch(/^[A-Z]{2}$/);
      expect(country.minLength).toBeLessThanOrEqual(country.maxLength);
      expect(country.delimiters).toHaveLength(country.blocks.length - 1);
      const digits = country.placeholder.replace(/\D/g, '');
      expect(digits.length, country.shortName).toBeGreaterThanOrEqual(country.minLength);
      expect(digits.length, country.shortName).toBeLessThanOrEqual(country.maxLength);
      expect(formatPhoneDigits(digits, country), country.shortName).toBe(country.placeholder);
    }
  });
});

describe('phone validation', () => {
  it("is required ('Please enter your phone number.')", () => {
    expect(text(phoneProblem('', us))).toBe('Please enter your phone number.');
    expect(text(phoneProblem('   ', us))).toBe('Please enter your phone number.');
  });

  it("allows only digits, spaces, dashes and brackets ('Invalid phone number.')", () => {
    expect(text(phoneProblem('201-555-01x3', us))).toBe('Invalid phone number.');
    expect(text(phoneProblem('+1 201 555 0123', us))).toBe('Invalid phone number.');
    expect(phoneProblem('(201) 555-0123', us)).toBeNull();
    expect(phoneProblem('[201] 555 0123', us)).toBeNull();
  });

  it("needs the country's minimum digits ('Your phone number {x} is to short.')", () => {
    expect(text(phoneProblem('(201) 555-012', us))).toBe(
      'Your phone number (201) 555-012 is to short.',
    );
    expect(text(phoneProblem('0151 234567', phoneCountry('DE')))).toBe(
      'Your phone number 0151 234567 is to short.',
    );
  });

  it("refuses more than the country's maximum", () => {
    expect(text(phoneProblem('201 555 01234', us))).toBe(
      'Your phone number 201 555 01234 is too long.',
    );
  });

  it('accepts 10 and 11 digits in the United Kingdom, a leading trunk 0 aside', () => {
    const gb = phoneCountry('GB');
    expect(phoneProblem('7400 123456', gb)).toBeNull();
    expect(phoneProblem('07400 123456', gb)).toBeNull();
    expect(phoneProblem('20 7946 09581', gb)).toBeNull();
    expect(phoneProblem('740 012345', gb)).not.toBeNull();
  });
});

describe('phone formatting', () => {
  it('groups digits as the country writes them while typing', () => {
    expect(formatPhoneInput('2', us)).toBe('(2');
    expect(formatPhoneInput('2015', us)).toBe('(201) 5');
    expect(formatPhoneInput('2015550123', us)).toBe('(201) 555-0123');
    expect(formatPhoneInput('98765432', phoneCountry('IN'))).toBe('98765 432');
    expect(formatPhoneInput('612345678', phoneCountry('ES'))).toBe('612 34 56 78');
  });

  it('drops digits beyond the maximum', () => {
    expect(formatPhoneInput('201555012399', us)).toBe('(201) 555-0123');
  });

  it('keeps a value with other characters as typed, so its rule can say why', () => {
    expect(formatPhoneInput('201abc', us)).toBe('201abc');
  });

  it('makes the E.164 number the server wants', () => {
    expect(toE164('(201) 555-0123', us)).toBe('+12015550123');
    expect(toE164('07400 123456', phoneCountry('GB'))).toBe('+447400123456');
    expect(toE164('06 1234 5678', phoneCountry('IT'))).toBe('+390612345678');
  });
});
