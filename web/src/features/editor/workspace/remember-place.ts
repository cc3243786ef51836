/**
 * Where the writer was: the last chapter opened and the caret in it (the manuscript settings
 * `last_active_chapter` and `last_active_chapter_position`, sent with the cursor and
 * last-opened calls). Kept on this device at once — without making the manuscript newer or
 * pending, since a place is not an edit — and told to the server once the chapter and the
 * manuscript are there, and again while the server does not answer (the server's calls do not
 * make the manuscript newer either). A refusal is quiet: a place is a nicety.
 */
import { z } from 'zod';

import { api } from '@/lib/api';
import { sendAfterRows } from '@/sync';
import type { RowRef } from '@/sync';

import type { Workspace } from './types';

/** The rows a place names: sent only once both are on the server. */
function placeRows(manuscriptId: string, chapterId: string): RowRef[] {
  return [
    { table: 'manuscripts', id: manuscriptId },
    { table: 'contents', id: chapterId },
  ];
}

/** `keepOnDevice`: the workspace's, which keeps the place in the manuscript's row. */
export async function rememberChapter(
  keepOnDevice: Workspace['keepOnDevice'],
  manuscriptId: string,
  chapterId: string,
): Promise<void> {
  try {
    await keepOnDevice({ 'settings.last_active_chapter': chapterId });
    await sendAfterRows(`last-opened:${manuscriptId}`, placeRows(manuscriptId, chapterId), () =>
      api.put(
        `/manuscripts/last_opened_chapter_updated/${encodeURIComponent(manuscriptId)}`,
        { chapter_id: chapterId },
        z.unknown(),
      ),
    );
  } catch (error) {
    console.warn('The last opened chapter was not remembered.', error);
  }
}

const caretKey = (manuscriptId: string) => `quire.caret.${manuscriptId}`;

/**
 * The caret is kept in this tab's local storage, not in the manuscript's row: the screen
 * watches that row, and a write of it once a second while typing would re-render the whole
 * screen and slow typing down. The server still hears of it.
 */
export async function rememberCursor(
  manuscriptId: string,
  chapterId: string,
  position: number,
): Promise<void> {
  const caret = { from: position, to: position };
  try {
    localStorage.setItem(caretKey(manuscriptId), JSON.stringify({ chapterId, ...caret }));
    await sendAfterRows(`caret:${manuscriptId}`, placeRows(manuscriptId, chapterId), () =>
      api.put(
        `/manuscripts/cursor_position_updated/${encodeURIComponent(manuscriptId)}`,
        { chapter_id: chapterId, position: caret },
        z.unknown(),
      ),
    );
  } catch (error) {
    console.warn('The cursor position was not remembered.', error);
  }
}

const keptCaret = z.object({ chapterId: z.string(), from: z.number() });

/** The caret this device kept for `chapterId` of the manuscript, if any. */
export function keptCaretFor(manuscriptId: string, chapterId: string): number | null {
  try {
    const kept = keptCaret.safeParse(
      JSON.parse(localStorage.getItem(caretKey(manuscriptId)) ?? 'null'),
    );
    return kept.success && kept.data.chapterId === chapterId ? kept.data.from : null;
  } catch {
    return null;
  }
}

/** The caret to restore from the manuscript's settings, if any. */
export function rememberedCaret(
  position: number | { from?: number; to?: number } | null | undefined,
): number | null {
  if (typeof position === 'number') return position;
  return typeof position?.from === 'number' ? position.from : null;
}
