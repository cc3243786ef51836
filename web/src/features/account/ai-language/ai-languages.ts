import { AI_LANGUAGE_AUTO } from '@/lib/session';

/**
 * Languages the AI tools can answer in, besides autodetect, as ISO 639-1 codes; their names come
 * from the browser in the interface language.
 */
export const AI_LANGUAGE_CODES = [
  'af',
  'am',
  'ar',
  'az',
  'be',
  'bg',
  'bn',
  'bs',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'eu',
  'fa',
  'fi',
  'fil',
  'fr',
  'ga',
  'gl',
  'gu',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'is',
  'it',
  'ja',
  'ka',
  'kk',
  'kn',
  'ko',
  'lt',
  'lv',
  'mk',
  'ml',
  'mr',
  'ms',
  'mt',
  'ne',
  'nl',
  'no',
  'pa',
  'pl',
  'pt',
  'ro',
  'ru',
  'si',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh',
  'zu',
] as const;

export interface LanguageOption {
  value: string;
  label: string;
}

/** The select's options: Autodetect first, then every language named in `uiLocale`, sorted. */
export function aiLanguageOptions(uiLocale: string, autodetectLabel: string): LanguageOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([uiLocale], { type: 'language' });
  } catch {
    names = null;
  }
  const languages = AI_LANGUAGE_CODES.map((code) => {
    const name = names?.of(code) ?? code;
    return { value: code, label: name.charAt(0).toLocaleUpperCase(uiLocale) + name.slice(1) };
  }).sort((a, b) => a.label.localeCompare(b.label, uiLocale));
  return [{ value: AI_LANGUAGE_AUTO, label: autodetectLabel }, ...languages];
}
