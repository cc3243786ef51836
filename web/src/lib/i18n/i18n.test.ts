import { describe, expect, it } from 'vitest';

import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import { readStorage, storageKeys } from '@/lib/storage-keys';

import { changeLocale, i18n } from './i18n';

/** Every leaf of a translation tree as `path → value`. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const result = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      for (const [leafPath, leaf] of leaves(value, path)) result.set(leafPath, leaf);
    }
  } else {
    result.set(prefix, tree);
  }
  return result;
}

/** `{{name}}` placeholders of a string. */
function placeholders(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

describe('translations', () => {
  const english = leaves(en);
  const spanish = leaves(es);

  it('have exactly the same keys in English and Spanish', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('have no empty or non-string values', () => {
    for (const [key, value] of [...english, ...spanish]) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of english) {
      expect(placeholders(spanish.get(key)), key).toEqual(placeholders(value));
    }
  });

  it('carry the spec texts exactly', () => {
    expect(en.not_found.title).toBe('Oops. Nothing here...');
    expect(en.not_found.go_home).toBe('Go Home');
    expect(en.auth.auth_redir.redirecting).toBe('Redirecting to app ...');
    expect(en.errors.title).toBe('Error');
    expect(en.logout.confirm).toBe('Are you sure you want to logout?');
    expect(en.logout.logging_out).toBe('Logging out...');
    expect(en.validation.name_required).toBe('Name is required.');
    expect(en.validation.email_invalid).toBe('A valid Email Address is required.');
    expect(en.validation.passwords_do_not_match).toBe("Passwords doesn't match.");
    expect(en.validation.code_invalid).toBe('Please enter six-digits code.');
    expect(en.validation.phone_required).toBe('Please enter your phone number.');
    expect(en.validation.phone_invalid).toBe('Invalid phone number.');
    expect(en.validation.phone_too_short).toBe('Your phone number {{phone}} is to short.');
    expect(en.auth.error_title).toBe('Login Error');
    expect(en.account.save_failed).toBe('Failed to save user data');
    expect(en.account.color_options.updated).toBe('The color has been updated!');
    expect(en.account.ai_language.saved).toBe('Your {{product}} AI settings has been saved.');
    expect(en.account.security.subscribers_only).toBe(
      'This feature is only available to subscribed users.',
    );
    expect(en.account.security.option_totp).toBe('Authentication App (recommended)');
    expect(en.account.security.sms_setup.delay).toBe(
      'An SMS has already been sent recently. You need to wait {{n}} seconds to obtain a new one.',
    );
    expect(en.account.security.phone_not_valid).toBe('The entered phone number is not valid.');
    expect(en.account.security.code_not_valid).toBe('The entered code is not valid.');
    expect(en.account.security.start_failed).toBe('Failed to start verification.');
  });
});

describe('changeLocale', () => {
  it('switches the language at once, stores it and sets <html lang>', async () => {
    await changeLocale('es');
    expect(i18n.t('not_found.go_home')).toBe('Ir al inicio');
    expect(document.documentElement.lang).toBe('es');
    expect(readStorage(storageKeys.locale)).toBe('es');
    await changeLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
