import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, useErrorDialog } from '@/components/ui';
import { applyUserPatch, session, updateUser } from '@/lib/session';
import type { UserPatch } from '@/lib/session';

import { createDebouncedSaver } from './debounced-saver';
import type { DebouncedSaver } from './debounced-saver';

/**
 * Applies a colour change at once (the theme follows the session user), then saves it after
 * the 200 ms debounce: 'The color has been updated!', or 'Failed to save user data' and the
 * server's colours back.
 */
export function useColorSave(): (patch: UserPatch) => void {
  const { t } = useTranslation();
  const showError = useErrorDialog();
  const saver = useRef<DebouncedSaver | null>(null);

  useEffect(() => {
    const current = createDebouncedSaver((patch) => {
      updateUser(patch).then(
        () => {
          showSuccess(t('account.color_options.updated'));
        },
        (error: unknown) => {
          showError(error, { message: t('account.save_failed') });
          session.reload().catch(() => undefined);
        },
      );
    });
    saver.current = current;
    return () => {
      current.flush();
    };
  }, [t, showError]);

  return (patch) => {
    const user = session.getState().user;
    if (!user) return;
    session.setUser(applyUserPatch(user, patch));
    saver.current?.schedule(patch);
  };
}
