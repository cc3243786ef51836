import { createTheme } from '@mantine/core';
import type { MantineThemeOverride } from '@mantine/core';

import { generateColorTuple } from './color-tuple';
import type { ThemeColors } from './presets';

/**
 * The Mantine theme for a pair of theme colours: `primary` drives every component, `secondary`
 * is available as a colour name (`secondary`) for accents. Filled components show the exact
 * theme colour.
 */
export function createAppTheme(colors: ThemeColors): MantineThemeOverride {
  return createTheme({
    primaryColor: 'primary',
    // Shade 6 in both schemes, where the generated tuples hold the exact theme colours.
    primaryShade: { light: 6, dark: 6 },
    colors: {
      primary: generateColorTuple(colors.primaryColor),
      secondary: generateColorTuple(colors.secondaryColor),
    },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
  });
}
