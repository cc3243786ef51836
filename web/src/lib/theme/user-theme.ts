import { isHexColor, normaliseHex } from './color-tuple';
import { CUSTOM_THEME_DEFAULTS, THEME_PRESETS } from './presets';
import type { ThemeId } from './presets';
import type { ThemeSelection } from './theme-store';

/**
 * Theme ids as the server stores them in `settings.theme_id`: the reference `themes` rows
 * 1–4 in preset order, and 0 for the user's custom theme (`custom_theme.id` is 0).
 */
const SERVER_THEME_IDS: Record<ThemeId, number> = {
  custom: 0,
  default: 1,
  classic: 2,
  emerald: 3,
  lemon: 4,
};

export function themeIdToServer(id: ThemeId): number {
  return SERVER_THEME_IDS[id];
}

/** The theme of a stored `theme_id` (a number, or a preset's internal name); null if unknown. */
export function themeIdFromServer(value: unknown): ThemeId | null {
  const numeric = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof numeric === 'number') {
    const match = Object.entries(SERVER_THEME_IDS).find(([, id]) => id === numeric);
    return match ? (match[0] as ThemeId) : null;
  }
  if (value === 'custom') return 'custom';
  return THEME_PRESETS.find((preset) => preset.id === value)?.id ?? null;
}

/** The parts of the user settings that choose the theme. */
export interface ThemeSettings {
  theme_id?: number | string | null | undefined;
  custom_theme?: { primary_color: string; secondary_color: string } | null | undefined;
}

function colorOr(value: string | undefined, fallback: string): string {
  return value !== undefined && isHexColor(value) ? normaliseHex(value) : fallback;
}

/**
 * The theme a signed-in user chose (built locally from `theme_id` and `custom_theme`), or null
 * when the settings name no theme we know.
 */
export function themeSelectionFromSettings(settings: ThemeSettings): ThemeSelection | null {
  const themeId = themeIdFromServer(settings.theme_id);
  if (themeId === null) return null;
  return {
    themeId,
    custom: {
      primaryColor: colorOr(
        settings.custom_theme?.primary_color,
        CUSTOM_THEME_DEFAULTS.primaryColor,
      ),
      secondaryColor: colorOr(
        settings.custom_theme?.secondary_color,
        CUSTOM_THEME_DEFAULTS.secondaryColor,
      ),
    },
  };
}
