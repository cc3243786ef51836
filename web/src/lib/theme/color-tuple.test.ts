import { describe, expect, it } from 'vitest';

import { BASE_SHADE, generateColorTuple, hexToRgb, lightness, normaliseHex } from './color-tuple';
import { CUSTOM_THEME_DEFAULTS, THEME_PRESETS } from './presets';

const SPEC_COLORS = [
  ...THEME_PRESETS.flatMap((preset) => [preset.primaryColor, preset.secondaryColor]),
  CUSTOM_THEME_DEFAULTS.primaryColor,
  CUSTOM_THEME_DEFAULTS.secondaryColor,
  '#FFFFFF',
];

describe('hex parsing', () => {
  it('normalises short, long and hash-less forms', () => {
    expect(normaliseHex('#7879F1')).toBe('#7879f1');
    expect(normaliseHex('abc')).toBe('#aabbcc');
    expect(hexToRgb('#389DFD')).toEqual({ r: 0x38, g: 0x9d, b: 0xfd });
  });

  it('rejects what is not a hex colour', () => {
    expect(() => normaliseHex('#12345')).toThrow();
    expect(() => normaliseHex('red')).toThrow();
  });
});

describe('generateColorTuple', () => {
  it.each(SPEC_COLORS)(
    'makes ten hex shades around %s, keeping the colour itself at shade 6',
    (hex) => {
      const tuple = generateColorTuple(hex);
      expect(tuple).toHaveLength(10);
      for (const shade of tuple) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
      expect(BASE_SHADE).toBe(6);
      expect(tuple[BASE_SHADE]).toBe(normaliseHex(hex));
    },
  );

  it.each(SPEC_COLORS)('orders the shades of %s from light to dark', (hex) => {
    const values = generateColorTuple(hex).map(lightness);
    for (let index = 1; index < values.length; index += 1) {
      expect(values[index]).toBeLessThanOrEqual(values[index - 1] ?? 1);
    }
  });

  it('starts near white and ends well below the colour', () => {
    const tuple = generateColorTuple('#10A05C');
    expect(lightness(tuple[0])).toBeGreaterThan(0.9);
    expect(lightness(tuple[9])).toBeLessThan(lightness('#10A05C') * 0.5);
  });
});

describe('presets', () => {
  it('are exactly the four of the spec', () => {
    expect(
      THEME_PRESETS.map(({ name, primaryColor, secondaryColor }) => [
        name,
        primaryColor,
        secondaryColor,
      ]),
    ).toEqual([
      ['Default', '#7879f1', '#389DFD'],
      ['Classic', '#389DFD', '#886bdb'],
      ['Emerald', '#10A05C', '#E77B55'],
      ['Lemon', '#EAC346', '#E77B55'],
    ]);
    expect(CUSTOM_THEME_DEFAULTS).toEqual({ primaryColor: '#FF0000', secondaryColor: '#000000' });
  });
});
