import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';

export interface ErrorDialogContent {
  /** A server or client code (`not_found`, `network_error` …), looked up in `api_responses`. */
  code?: string;
  /** Already-translated text; wins over `code`. */
  message?: string;
  /** Defaults to 'Error'. */
  title?: string;
}

/** Codes whose text lives outside the `api_responses` table. */
const SPECIAL_KEYS: Record<string, 'session.expired'> = {
  protected_not_authorized: 'session.expired',
};

/** An `ApiError` becomes its code; anything else the generic `failed`. */
export function errorContentFrom(error: unknown): ErrorDialogContent {
  if (isApiError(error)) return { code: error.code };
  return { code: 'failed' };
}

/**
 * Title and body of the error dialog: the title defaults to 'Error'; the body is the code's entry
 * in `api_responses`, or the raw code when the table has none; 'protected_not_authorized' shows the
 * expired-session text.
 */
export function describeError(
  t: TFunction,
  content: ErrorDialogContent,
): { title: string; body: string } {
  const title = content.title ?? t('errors.title');
  if (content.message !== undefined) return { title, body: content.message };
  const code = content.code ?? 'failed';
  const special = SPECIAL_KEYS[code];
  if (special) return { title, body: t(special) };
  return { title, body: apiResponseText(t, code) };
}
