import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';

import { generateColorTuple } from './color-tuple';
import { mixHex, readableOn } from './contrast';
import type { ThemeColors } from './presets';

/**
 * The Mantine theme for a pair of theme colours: `primary` drives every component, `secondary`
 * is available as a colour name (`secondary`) for accents. The primary colour is the theme
 * colour darkened just enough that white text on it, and it as text on the page, read at 4.5:1
 * (a colour that already does is shown exactly).
 */
export function createAppTheme(colors: ThemeColors): MantineThemeOverride {
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: {
      primary: generateColorTuple(readableOn(colors.primaryColor, '#ffffff')),
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

/**
 * Text colours that read at 4.5:1 on the surfaces they sit on, in both schemes: each colour as
 * text (`c="teal"`), on its light variant (`variant="light"` badges and alerts), dimmed text,
 * links and errors. Mantine's defaults (grey-6 dimmed text, shade-6 coloured text) read at
 * 2–3.5:1 on white. The lightest grey panel and the dark scheme's raised surface are the
 * backgrounds measured against, so text passes on the page and on panels alike.
 */
export const readableCssVariables: CSSVariablesResolver = (theme) => {
  const lightSurface = theme.colors.gray[1];
  const darkSurface = theme.colors.dark[6];
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    light[`--mantine-color-${name}-text`] = readableOn(shades[6], lightSurface);
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades[9],
      mixHex(lightSurface, shades[6], 0.12),
    );
    dark[`--mantine-color-${name}-text`] = readableOn(shades[4], darkSurface);
    dark[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0],
      mixHex(darkSurface, shades[6], 0.15),
    );
  }
  const primary = theme.colors[theme.primaryColor] ?? theme.colors.blue;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readableOn(theme.colors.gray[6], lightSurface),
      '--mantine-color-anchor': readableOn(primary[6], lightSurface),
      '--mantine-color-error': readableOn(theme.colors.red[6], lightSurface),
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': readableOn(theme.colors.dark[2], darkSurface),
      '--mantine-color-anchor': readableOn(primary[4], darkSurface),
      '--mantine-color-error': readableOn(theme.colors.red[6], darkSurface),
    },
  };
};
