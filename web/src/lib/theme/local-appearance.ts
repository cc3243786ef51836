import type { UserSettings } from '@/lib/session';
import { readStorage, storageKeys } from '@/lib/storage-keys';

import { darkModeFromColorScheme } from './color-scheme';
import { getThemeSelection } from './theme-store';
import { themeIdToServer } from './user-theme';

/**
 * The theme and light/dark chosen on this device, as user settings: a new account starts with
 * what its writer picked before signing up instead of the server's defaults.
 */
export function localAppearanceSettings(): Partial<UserSettings> {
  const selection = getThemeSelection();
  const scheme = readStorage(storageKeys.colorScheme);
  return {
    theme_id: themeIdToServer(selection.themeId),
    custom_theme: {
      primary_color: selection.custom.primaryColor,
      secondary_color: selection.custom.secondaryColor,
    },
    ...(scheme === 'dark' || scheme === 'light' || scheme === 'auto'
      ? { dark_mode: darkModeFromColorScheme(scheme) }
      : {}),
  };
}
