import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';

import { i18n } from '@/lib/i18n';

import { describeError } from './error-message';
import type { ErrorDialogContent } from './error-message';

/** Mantine's `xs` breakpoint: below it the error is a toast instead of a dialog. */
export const SMALL_SCREEN_QUERY = '(max-width: 35.99em)';

export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(SMALL_SCREEN_QUERY).matches;
}

/**
 * Shows an error: a Mantine modal on larger screens, a red toast at the top on small ones.
 * Callable from anywhere (no hook), so non-React code can report failures too.
 */
export function showError(content: ErrorDialogContent, smallScreen = isSmallScreen()): void {
  const t = i18n.t.bind(i18n);
  const { title, body } = describeError(t, content);
  if (smallScreen) {
    notifications.show({
      color: 'red',
      title,
      message: body,
      position: 'top-center',
      icon: <IconAlertTriangle size={18} />,
      autoClose: 6000,
    });
    return;
  }
  const id = modals.open({
    title,
    centered: true,
    // Its own Close button (and Escape) close it; a second, icon-only one would only repeat it.
    withCloseButton: false,
    children: (
      <Stack gap="lg">
        <Text>{body}</Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              modals.close(id);
            }}
          >
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
