/**
 * The active chapter as the sidebar shows it: the stored row plus the changes this sidebar has
 * just written (shown at once, before the row comes back from the database), and the one way
 * the sidebar writes the chapter — `workspace.writer.save('chapters', …)` with whole fields
 * (`settings`, `meta`, `goals`: the server replaces documents per field).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import { errorContentFrom, showError } from '@/components/ui';

import type { ChapterRow, Workspace } from '../workspace/types';

export type ChapterChanges = Pick<Partial<ChapterRow>, 'settings' | 'meta' | 'goals'>;

/** Computes the fields to write from the chapter as it is now (with earlier unsaved changes). */
export type SaveChapter = (change: (chapter: ChapterRow) => ChapterChanges) => void;

/** Edits are written this long after the last keystroke (and on blur). */
export const EDIT_SAVE_DELAY_MS = 600;

export function reportSaveFailure(error: unknown): void {
  showError(errorContentFrom(error));
}

export function useChapterDraft(
  workspace: Workspace,
  chapter: ChapterRow | null,
): [ChapterRow | null, SaveChapter] {
  const [state, setState] = useState<{ source: ChapterRow | null; changes: ChapterChanges }>({
    source: chapter,
    changes: {},
  });
  let current = state;
  if (state.source !== chapter) {
    // The stored row changed (our write came back, or someone else's): it is the truth again.
    current = { source: chapter, changes: {} };
    setState(current);
  }
  const draft = chapter ? { ...chapter, ...current.changes } : null;

  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });

  const save = useCallback<SaveChapter>(
    (change) => {
      const base = latest.current;
      if (!base) return;
      const changes = change(base);
      latest.current = { ...base, ...changes };
      setState((s) =>
        s.source?.id === base.id ? { ...s, changes: { ...s.changes, ...changes } } : s,
      );
      workspace.writer
        .save('chapters', {
          id: base.id,
          manuscript_id: base.manuscript_id ?? workspace.manuscript.id,
          ...changes,
        })
        .catch(reportSaveFailure);
    },
    [workspace],
  );

  return [draft, save];
}
