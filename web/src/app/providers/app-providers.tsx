import {
  ColorInput,
  Drawer,
  localStorageColorSchemeManager,
  MantineProvider,
  mergeThemeOverrides,
  Modal,
  Notification,
  PasswordInput,
  useMantineColorScheme,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { storageKeys } from '@/lib/storage-keys';
import {
  colorSchemeFromDarkMode,
  createAppTheme,
  readableCssVariables,
  selectionColors,
  useEffectiveThemeSelection,
} from '@/lib/theme';

/** Light/dark is stored locally under our own key; Mantine sets `data-mantine-color-scheme`. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

/** Keeps the browser's `theme-color` in step with the theme's primary colour. */
function useThemeColorMeta(color: string): void {
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [color]);
}

/**
 * A signed-in user's `settings.dark_mode` drives light/dark (it is also written to this device,
 * so the last user's choice stays when nobody is signed in).
 */
function UserColorSchemeSync() {
  const darkMode = useSession().user?.settings.dark_mode;
  const { setColorScheme } = useMantineColorScheme();
  const applyDarkMode = useEffectEvent((mode: NonNullable<typeof darkMode>) => {
    setColorScheme(colorSchemeFromDarkMode(mode));
  });
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);
  return null;
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

/**
 * i18n, Mantine (theme from the signed-in user's settings, else the preset chosen on this
 * device; colour scheme), modals and notifications.
 */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  const { t } = useTranslation(undefined, { i18n });
  const selection = useEffectiveThemeSelection();
  const toggleLabel = t('common.toggle_password');
  const closeLabel = t('common.close');
  const eyeDropperLabel = t('common.pick_colour');
  // Buttons Mantine draws without a text of their own get one, in the interface's language.
  const theme = useMemo(
    () =>
      mergeThemeOverrides(createAppTheme(selectionColors(selection)), {
        components: {
          PasswordInput: PasswordInput.extend({
            defaultProps: { visibilityToggleButtonProps: { 'aria-label': toggleLabel } },
          }),
          Modal: Modal.extend({
            defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
          }),
          Drawer: Drawer.extend({
            defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
          }),
          Notification: Notification.extend({
            defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
          }),
          ColorInput: ColorInput.extend({
            defaultProps: { eyeDropperButtonProps: { 'aria-label': eyeDropperLabel } },
          }),
        },
      }),
    [selection, toggleLabel, closeLabel, eyeDropperLabel],
  );
  useThemeColorMeta(selectionColors(selection).primaryColor);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={readableCssVariables}
        defaultColorScheme="auto"
        env={env}
      >
        <UserColorSchemeSync />
        <LocalisedModals>{children}</LocalisedModals>
      </MantineProvider>
    </I18nextProvider>
  );
}
