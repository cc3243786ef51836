/**
 * The caret goes into the chapter's text when the editor was opened asking for it (a manuscript
 * just made): once, when the first chapter's editor is ready, however long that takes.
 */
import { useCallback, useRef } from 'react';
import { useLocation } from 'react-router';

import { wantsTextFocus } from '@/lib/paths';

interface Focusable {
  focus(): void;
}

/** Wraps an `onEditorReady` so the first ready editor takes the focus when asked on arrival. */
export function useTextFocusOnArrival<T extends Focusable>(
  onEditorReady: (api: T | null) => void,
): (api: T | null) => void {
  const state: unknown = useLocation().state;
  const pending = useRef<boolean | null>(null);
  pending.current ??= wantsTextFocus(state);
  return useCallback(
    (api: T | null) => {
      onEditorReady(api);
      if (api && pending.current) {
        pending.current = false;
        api.focus();
      }
    },
    [onEditorReady],
  );
}
