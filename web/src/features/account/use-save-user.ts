import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { updateUser } from '@/lib/session';
import type { UserPatch } from '@/lib/session';

export type SaveOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * Saves a partial user (`PUT users/{id}`), then shows the section's success notice; a failure
 * shows 'Failed to save user data' unless `onFailure` handles it.
 */
export function useSaveUser(): (
  patch: UserPatch,
  successMessage: string,
  options?: { optimistic?: boolean; onFailure?: (error: unknown) => boolean },
) => Promise<SaveOutcome> {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  return useCallback(
    async (patch, successMessage, options = {}) => {
      try {
        await updateUser(patch, { optimistic: options.optimistic ?? false });
        showSuccess(successMessage);
        return { ok: true };
      } catch (error) {
        const handled = options.onFailure?.(error) ?? false;
        if (!handled) showError(error, { message: t('account.save_failed') });
        return { ok: false, error };
      }
    },
    [showError, t],
  );
}
