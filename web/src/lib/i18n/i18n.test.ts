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
