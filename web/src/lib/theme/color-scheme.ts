import type { MantineColorScheme } from '@mantine/core';

import type { DarkMode } from '@/lib/session';

/** `settings.dark_mode` → Mantine's scheme: on → dark, off → light, other → follow the system. */
export function colorSchemeFromDarkMode(mode: DarkMode): MantineColorScheme {
  switch (mode) {
    case 'on':
      return 'dark';
    case 'off':
      return 'light';
    case 'other':
      return 'auto';
  }
}

/** Mantine's scheme → `settings.dark_mode`. */
export function darkModeFromColorScheme(scheme: MantineColorScheme): DarkMode {
  switch (scheme) {
    case 'dark':
      return 'on';
    case 'light':
      return 'off';
    case 'auto':
      return 'other';
  }
}
