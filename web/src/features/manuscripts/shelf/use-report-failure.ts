import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useErrorDialog } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';
import { InvalidChangeError, StorageQuotaError } from '@/storage';

/**
 * Shows why an action failed. A full device is already announced by the store's own notice;
 * a missing network gets the action's own explanation when it has one.
 */
export function useReportFailure(): (error: unknown, offlineMessage?: string) => void {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  return useCallback(
    (error: unknown, offlineMessage?: string) => {
      if (error instanceof StorageQuotaError) return;
      if (error instanceof InvalidChangeError) {
        showError(error, { message: apiResponseText(t, error.code) });
        return;
      }
      if (offlineMessage !== undefined && isApiError(error) && error.kind === 'network') {
        showError(error, { message: offlineMessage });
        return;
      }
      if (!isApiError(error)) console.error(error);
      // A refused field ('title_required' …) says more than 'invalid_fields'.
      const fieldCode = Object.values(isApiError(error) ? (error.fields ?? {}) : {}).find(
        (code): code is string => typeof code === 'string',
      );
      if (fieldCode !== undefined && apiResponseText(t, fieldCode) !== fieldCode) {
        showError(error, { message: apiResponseText(t, fieldCode) });
        return;
      }
      showError(error);
    },
    [showError, t],
  );
}
