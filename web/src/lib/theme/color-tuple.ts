import { colorsTuple } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Shade at which the given colour sits. Mantine fills components with shade 6 by default, so
 * anchoring the colour there shows the preset colour exactly on buttons, links and badges.
 */
export const BASE_SHADE = 6;
/** How far the lightest shade is mixed towards white, and the darkest towards black. */
const MAX_TINT = 0.92;
const MAX_SHADE = 0.6;

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_PATTERN.test(value.trim());
}

/** `#abc`, `abc`, `#AABBCC` → `#aabbcc`; throws on anything else. */
export function normaliseHex(value: string): string {
  const match = HEX_PATTERN.exec(value.trim());
  const digits = match?.[1];
  if (!digits) throw new Error(`Not a hex colour: ${value}`);
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return `#${full.toLowerCase()}`;
}

export function hexToRgb(value: string): Rgb {
  const hex = normaliseHex(value);
  return {
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
  };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const channel = (value: number) =>
    Math.round(Math.min(255, Math.max(0, value)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** HSL lightness of a colour, 0 (black) to 1 (white). */
export function lightness(value: string): number {
  const { r, g, b } = hexToRgb(value);
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
}

/** `amount` of the way from `from` to `to` (0 keeps `from`). */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * Builds a Mantine 10-shade tuple (lightest first) around a hex colour: the colour itself at
 * `BASE_SHADE`, tints mixed with white before it, shades mixed with black after it.
 */
export function generateColorTuple(value: string): MantineColorsTuple {
  const base = normaliseHex(value);
  const baseRgb = hexToRgb(base);
  const shades = Array.from({ length: 10 }, (_, index) => {
    if (index === BASE_SHADE) return base;
    if (index < BASE_SHADE) {
      return rgbToHex(mix(baseRgb, WHITE, ((BASE_SHADE - index) / BASE_SHADE) * MAX_TINT));
    }
    return rgbToHex(mix(baseRgb, BLACK, ((index - BASE_SHADE) / (9 - BASE_SHADE)) * MAX_SHADE));
  });
  return colorsTuple(shades);
}
