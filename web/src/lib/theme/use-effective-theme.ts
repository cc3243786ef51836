import { useMemo } from 'react';

import { useSession } from '@/lib/session';

import { useThemeSelection } from './theme-store';
import type { ThemeSelection } from './theme-store';
import { themeSelectionFromSettings } from './user-theme';

/**
 * The theme in force: the signed-in user's (from their settings), else the choice stored on
 * this device, which stays the fallback when nobody is signed in.
 */
export function useEffectiveThemeSelection(): ThemeSelection {
  const local = useThemeSelection();
  const { user } = useSession();
  const settings = user?.settings;
  return useMemo(
    () => (settings ? themeSelectionFromSettings(settings) : null) ?? local,
    [settings, local],
  );
}
