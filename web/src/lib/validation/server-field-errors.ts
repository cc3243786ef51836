import type { TFunction } from 'i18next';

import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';

/**
 * The field errors of a refused form (`"fields": {"email": "email_invalid"}`) as translated
 * texts keyed by the form's field names. `fieldNames` maps server names to form names
 * (`settings.timezone` → `timezone`); unmapped fields keep their server name. Empty when the
 * error carries no field errors.
 */
export function serverFieldErrors(
  t: TFunction,
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  const errors: Record<string, string> = {};
  for (const [field, code] of Object.entries(error.fields)) {
    if (typeof code !== 'string') continue;
    errors[fieldNames[field] ?? field] = apiResponseText(t, code);
  }
  return errors;
}
