/**
 * WCAG 2 contrast between colours, and the nearest colour of the same hue that reads on a given
 * background: every text colour the theme hands out passes 4.5:1 (WCAG AA for body text).
 */
import { hexToRgb, mix, normaliseHex, rgbToHex } from './color-tuple';

/** WCAG AA for text under 18pt (14pt bold). */
export const TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** `amount` of the way from `from` to `to` (0 keeps `from`). */
export function mixHex(from: string, to: string, amount: number): string {
  return rgbToHex(mix(hexToRgb(from), hexToRgb(to), amount));
}

/**
 * `color` itself when it reads on `background` at `ratio`, else the least mix of it towards
 * black (on a light background) or white (on a dark one) that does.
 */
export function readableOn(color: string, background: string, ratio = TEXT_CONTRAST): string {
  const base = normaliseHex(color);
  const toward = relativeLuminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 0; step <= 100; step += 1) {
    const candidate = mixHex(base, toward, step / 100);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return toward;
}
