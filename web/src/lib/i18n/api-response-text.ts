import type { TFunction } from 'i18next';

/** The text of a server or client code in the `api_responses` table, or the raw code. */
export function apiResponseText(t: TFunction, code: string): string {
  const table = t('api_responses', { returnObjects: true });
  return Object.hasOwn(table, code) ? table[code as keyof typeof table] : code;
}
