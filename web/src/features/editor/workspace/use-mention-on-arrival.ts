/**
 * The caret goes to the first mention of an element when the chapter was opened asking for it
 * (an element's "Appears in"): once per arrival, in the chapter asked for, whether its editor is
 * ready already (the chapter was open under the elements view) or becomes ready later.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { mentionToReveal } from '@/lib/paths';

interface RevealsMentions {
  revealMention(elementId: string): boolean;
}

/** Wraps an `onEditorReady`; `chapterId` is the chapter shown now. */
export function useMentionOnArrival<T extends RevealsMentions>(
  chapterId: string | null,
  onEditorReady: (api: T | null) => void,
): (api: T | null) => void {
  const location = useLocation();
  const wanted = mentionToReveal(location.state);
  const pending = useRef<{ arrival: string; elementId: string } | null>(null);
  const done = useRef<string | null>(null);
  const ready = useRef<{ api: T; chapterId: string | null } | null>(null);
  const shown = useRef(chapterId);
  useEffect(() => {
    shown.current = chapterId;
  }, [chapterId]);

  const reveal = useCallback(() => {
    const asked = pending.current;
    const editor = ready.current;
    // Ready for the chapter shown (an editor is never ready for no chapter).
    if (!asked || editor?.chapterId !== shown.current) return;
    pending.current = null;
    done.current = asked.arrival;
    editor.api.revealMention(asked.elementId);
  }, []);

  useEffect(() => {
    if (!wanted || done.current === location.key) return;
    pending.current = { arrival: location.key, elementId: wanted };
    reveal();
  }, [wanted, location.key, chapterId, reveal]);

  return useCallback(
    (api: T | null) => {
      ready.current = api ? { api, chapterId: shown.current } : null;
      onEditorReady(api);
      reveal();
    },
    [onEditorReady, reveal],
  );
}
