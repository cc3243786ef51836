export {
  BASE_SHADE,
  generateColorTuple,
  hexToRgb,
  isHexColor,
  lightness,
  normaliseHex,
} from './color-tuple';
export { createAppTheme, readableCssVariables } from './create-app-theme';
export { contrastRatio, readableOn } from './contrast';
export {
  CUSTOM_THEME_DEFAULTS,
  DEFAULT_THEME_ID,
  isThemeId,
  presetColors,
  THEME_PRESETS,
} from './presets';
export type { ThemeColors, ThemeId, ThemePresetId } from './presets';
export {
  getThemeSelection,
  selectionColors,
  setThemeSelection,
  useThemeSelection,
} from './theme-store';
export type { ThemeSelection } from './theme-store';
export { colorSchemeFromDarkMode, darkModeFromColorScheme } from './color-scheme';
export { useEffectiveThemeSelection } from './use-effective-theme';
export { themeIdFromServer, themeIdToServer, themeSelectionFromSettings } from './user-theme';
export type { ThemeSettings } from './user-theme';
export { localAppearanceSettings } from './local-appearance';
