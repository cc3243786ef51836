import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useErrorDialog } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { currentUserResponseSchema, session } from '@/lib/session';

/**
 * Shows a refused set-up code: 'The entered code is not valid.' for a wrong or malformed code, the
 * code's own text otherwise (an expired set-up, too many tries …), under the title 'Verification
 * Error'.
 */
export function useVerificationError(): (error: unknown) => void {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  return useCallback(
    (error: unknown) => {
      const wrongCode =
        !isApiError(error) || error.code === 'invalid_code' || error.code === 'invalid_fields';
      showError(error, {
        title: t('account.security.verification_error'),
        ...(wrongCode ? { message: t('account.security.code_not_valid') } : {}),
      });
    },
    [showError, t],
  );
}

/**
 * Keeps the user a two-factor call answered with (`data.user`), or reloads it when the answer
 * carries none.
 */
export async function keepAnsweredUser(answer: unknown): Promise<void> {
  const parsed = currentUserResponseSchema.safeParse(answer);
  if (parsed.success) session.setUser(parsed.data.user);
  else await session.reload().catch(() => undefined);
}
