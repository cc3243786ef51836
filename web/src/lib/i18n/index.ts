export { changeLocale, i18n, resources, storedLocale } from './i18n';
export { DEFAULT_LOCALE, isLocale, SUPPORTED_LOCALES } from './locales';
export type { Locale } from './locales';
export { apiResponseText } from './api-response-text';
