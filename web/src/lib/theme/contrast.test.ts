import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';

import { normaliseHex } from './color-tuple';
import { contrastRatio, readableOn, TEXT_CONTRAST } from './contrast';
import { createAppTheme, readableCssVariables } from './create-app-theme';
import { CUSTOM_THEME_DEFAULTS, THEME_PRESETS } from './presets';

const THEMES = [
  ...THEME_PRESETS.map(({ name, primaryColor, secondaryColor }) => ({
    name,
    primaryColor,
    secondaryColor,
  })),
  { name: 'Custom', ...CUSTOM_THEME_DEFAULTS },
];

describe('contrastRatio', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's grey-6 "dimmed" text on white, as axe reports it.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab');
  });

  it('darkens on light backgrounds and lightens on dark ones, just enough', () => {
    const onWhite = readableOn('#7879f1', '#ffffff');
    expect(contrastRatio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(onWhite, '#ffffff')).toBeLessThan(TEXT_CONTRAST + 0.3);
    const onDark = readableOn('#828282', '#2e2e2e');
    expect(contrastRatio(onDark, '#2e2e2e')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(onDark, '#2e2e2e')).toBeLessThan(TEXT_CONTRAST + 0.3);
  });
});

describe.each(THEMES)('the $name theme', (colors) => {
  const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(colors));
  const variables = readableCssVariables(theme);
  const primary = theme.colors.primary ?? [];
  const lightSurface = theme.colors.gray[1];
  const darkSurface = theme.colors.dark[6];

  it('fills buttons with a colour white text reads on', () => {
    const filled = primary[6] ?? '';
    expect(contrastRatio(filled, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('shows the theme colour itself when it already reads', () => {
    const exact = normaliseHex(colors.primaryColor);
    if (contrastRatio(exact, '#ffffff') >= TEXT_CONTRAST) {
      expect(primary[6]).toBe(exact);
    }
  });

  it('gives every text colour 4.5:1 on the surfaces of both schemes', () => {
    const light = Object.entries(variables.light).filter(([key]) => key.endsWith('-text'));
    const dark = Object.entries(variables.dark).filter(([key]) => key.endsWith('-text'));
    expect(light.length).toBeGreaterThan(10);
    for (const [key, value] of light) {
      expect([key, contrastRatio(value, lightSurface) >= TEXT_CONTRAST]).toEqual([key, true]);
    }
    for (const [key, value] of dark) {
      expect([key, contrastRatio(value, darkSurface) >= TEXT_CONTRAST]).toEqual([key, true]);
    }
    for (const scheme of ['light', 'dark'] as const) {
      const surface = scheme === 'light' ? lightSurface : darkSurface;
      for (const key of [
        '--mantine-color-dimmed',
        '--mantine-color-anchor',
        '--mantine-color-error',
      ]) {
        const value = (variables[scheme] as Record<string, string>)[key] ?? '';
        expect([scheme, key, contrastRatio(value, surface) >= TEXT_CONTRAST]).toEqual([
          scheme,
          key,
          true,
        ]);
      }
    }
  });
});
