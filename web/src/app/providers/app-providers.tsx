import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { i18n } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage-keys';
import { createAppTheme, selectionColors, useThemeSelection } from '@/lib/theme';

/** Light/dark is stored locally under our own key; Mantine sets `data-mantine-color-scheme`. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

/** Keeps the browser's `theme-color` in step with the theme's primary colour. */
function useThemeColorMeta(color: string): void {
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [color]);
}

function LocalisedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      <Notifications position="top-center" zIndex={1000} />
      {children}
    </ModalsProvider>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** `test` disables transitions and portals (Vitest). */
  env?: 'default' | 'test';
}

/** i18n, Mantine (theme from the chosen preset, colour scheme), modals and notifications. */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  const selection = useThemeSelection();
  const theme = useMemo(() => createAppTheme(selectionColors(selection)), [selection]);
  useThemeColorMeta(selectionColors(selection).primaryColor);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        env={env}
      >
        <LocalisedModals>{children}</LocalisedModals>
      </MantineProvider>
    </I18nextProvider>
  );
}
