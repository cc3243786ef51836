import { useMediaQuery } from '@mantine/hooks';
import { useCallback } from 'react';

import { errorContentFrom } from './error-message';
import type { ErrorDialogContent } from './error-message';
import { showError, SMALL_SCREEN_QUERY } from './show-error';

/** `showError` bound to the current screen size, for components. */
export function useErrorDialog(): (
  error: unknown,
  overrides?: Omit<ErrorDialogContent, 'code'>,
) => void {
  const smallScreen = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false });
  return useCallback(
    (error: unknown, overrides?: Omit<ErrorDialogContent, 'code'>) => {
      showError({ ...errorContentFrom(error), ...overrides }, smallScreen);
    },
    [smallScreen],
  );
}
