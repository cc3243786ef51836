import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

import { DEFAULT_LOCALE, isLocale } from './locales';
import type { Locale } from './locales';

export const resources = {
  en: { translation: en },
  es: { translation: es },
} as const;

/** The stored locale when it is one we support, otherwise English (the default locale). */
export function storedLocale(): Locale {
  const stored = readStorage(storageKeys.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** One i18next instance for the app; bundled resources, so it is ready synchronously. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['en', 'es'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

applyDocumentLanguage(i18n.language);

i18n.on('languageChanged', (locale) => {
  applyDocumentLanguage(locale);
});

/** Switches the interface language at once, remembers it and updates `<html lang>`. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeStorage(storageKeys.locale, locale);
  await i18n.changeLanguage(locale);
}
