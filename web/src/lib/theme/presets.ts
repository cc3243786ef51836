/** Theme presets, the same as the server's `themes` rows (quire-store's seed). Built locally. */
export const THEME_PRESETS = [
  { id: 'default', name: 'Default', primaryColor: '#7879f1', secondaryColor: '#389DFD', order: 0 },
  { id: 'classic', name: 'Classic', primaryColor: '#389DFD', secondaryColor: '#886bdb', order: 1 },
  { id: 'emerald', name: 'Emerald', primaryColor: '#10A05C', secondaryColor: '#E77B55', order: 2 },
  { id: 'lemon', name: 'Lemon', primaryColor: '#EAC346', secondaryColor: '#E77B55', order: 3 },
] as const;

export type ThemePresetId = (typeof THEME_PRESETS)[number]['id'];
export type ThemeId = ThemePresetId | 'custom';

/** Colours a new custom theme starts with. */
export const CUSTOM_THEME_DEFAULTS = {
  primaryColor: '#FF0000',
  secondaryColor: '#000000',
} as const;

export interface ThemeColors {
  primaryColor: string;
  secondaryColor: string;
}

export const DEFAULT_THEME_ID: ThemePresetId = 'default';

export function isThemeId(value: unknown): value is ThemeId {
  return value === 'custom' || THEME_PRESETS.some((preset) => preset.id === value);
}

export function presetColors(id: ThemePresetId): ThemeColors {
  const preset = THEME_PRESETS.find((candidate) => candidate.id === id) ?? THEME_PRESETS[0];
  return { primaryColor: preset.primaryColor, secondaryColor: preset.secondaryColor };
}
