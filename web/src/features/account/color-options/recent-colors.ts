import { isHexColor, normaliseHex } from '@/lib/theme';

/** Recent colours kept: newest first, no duplicates. */
export const RECENT_COLORS_MAX = 6;

/** The recent colours with `color` put first, without duplicates (case folded), at most six. */
export function pushRecentColor(recent: readonly string[], color: string): string[] {
  const colors = [color, ...recent].filter(isHexColor).map(normaliseHex);
  return [...new Set(colors)].slice(0, RECENT_COLORS_MAX);
}
