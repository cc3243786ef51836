import { useSyncExternalStore } from 'react';
import { z } from 'zod';

import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

import { isHexColor, normaliseHex } from './color-tuple';
import { CUSTOM_THEME_DEFAULTS, DEFAULT_THEME_ID, isThemeId, presetColors } from './presets';
import type { ThemeColors, ThemeId } from './presets';

/** The chosen theme; kept locally until the account work stores it in user settings. */
export interface ThemeSelection {
  themeId: ThemeId;
  custom: ThemeColors;
}

const hex = z.string().refine(isHexColor).transform(normaliseHex);

const storedSelectionSchema = z.object({
  themeId: z.string().refine(isThemeId),
  custom: z.object({ primaryColor: hex, secondaryColor: hex }),
});

const DEFAULT_SELECTION: ThemeSelection = {
  themeId: DEFAULT_THEME_ID,
  custom: { ...CUSTOM_THEME_DEFAULTS },
};

function load(): ThemeSelection {
  const raw = readStorage(storageKeys.themePreset);
  if (raw === null) return DEFAULT_SELECTION;
  try {
    const parsed = storedSelectionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || !isThemeId(parsed.data.themeId)) return DEFAULT_SELECTION;
    return { themeId: parsed.data.themeId, custom: parsed.data.custom };
  } catch {
    return DEFAULT_SELECTION;
  }
}

let selection = load();
const listeners = new Set<() => void>();

export function getThemeSelection(): ThemeSelection {
  return selection;
}

export function setThemeSelection(next: ThemeSelection): void {
  selection = next;
  writeStorage(storageKeys.themePreset, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The colours of a selection: a preset's, or the custom pair. */
export function selectionColors(value: ThemeSelection): ThemeColors {
  return value.themeId === 'custom' ? value.custom : presetColors(value.themeId);
}

export function useThemeSelection(): ThemeSelection {
  return useSyncExternalStore(subscribe, getThemeSelection, getThemeSelection);
}
