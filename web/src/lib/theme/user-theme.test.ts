import { describe, expect, it } from 'vitest';

import { colorSchemeFromDarkMode, darkModeFromColorScheme } from './color-scheme';
import { themeIdFromServer, themeIdToServer, themeSelectionFromSettings } from './user-theme';

describe('the theme of a signed-in user', () => {
  it("maps the server's theme ids: 0 custom, 1–4 the presets in the spec's order", () => {
    expect([0, 1, 2, 3, 4].map(themeIdFromServer)).toEqual([
      'custom',
      'default',
      'classic',
      'emerald',
      'lemon',
    ]);
    expect(themeIdFromServer('3')).toBe('emerald');
    expect(themeIdFromServer('lemon')).toBe('lemon');
    expect(themeIdFromServer(9)).toBeNull();
    expect(themeIdFromServer(null)).toBeNull();
    expect(themeIdToServer('emerald')).toBe(3);
    expect(themeIdToServer('custom')).toBe(0);
  });

  it('takes the custom colours from custom_theme, defaulting to #FF0000 and #000000', () => {
    expect(
      themeSelectionFromSettings({
        theme_id: 0,
        custom_theme: { primary_color: '#12AB34', secondary_color: 'not a colour' },
      }),
    ).toEqual({
      themeId: 'custom',
      custom: { primaryColor: '#12ab34', secondaryColor: '#000000' },
    });
    expect(themeSelectionFromSettings({ theme_id: 2 })?.custom).toEqual({
      primaryColor: '#FF0000',
      secondaryColor: '#000000',
    });
  });

  it('is null when the settings name no known theme (the local choice applies)', () => {
    expect(themeSelectionFromSettings({})).toBeNull();
  });
});

describe('dark_mode', () => {
  it('maps on, off and other to dark, light and the system scheme, and back', () => {
    expect(colorSchemeFromDarkMode('on')).toBe('dark');
    expect(colorSchemeFromDarkMode('off')).toBe('light');
    expect(colorSchemeFromDarkMode('other')).toBe('auto');
    expect(darkModeFromColorScheme('dark')).toBe('on');
    expect(darkModeFromColorScheme('light')).toBe('off');
    expect(darkModeFromColorScheme('auto')).toBe('other');
  });
});
