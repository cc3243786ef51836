import { useEffect, useState } from 'react';

import { markOnce } from '@/lib/perf-marks';
import type { ChapterHandle, CollabConnection } from '@/sync/collab';

export type ChapterHandleState =
  | { status: 'idle' | 'opening'; handle: null }
  | { status: 'open'; handle: ChapterHandle }
  | { status: 'failed'; handle: null; retry: () => void };

/**
 * Opens `chapterId`'s document (from this device first, then the server) while the editor
 * shows it, and closes it after. A document that cannot be opened is `failed`: the editor then
 * shows an error and writes nothing, so the stored text is never overwritten.
 */
export function useChapterHandle(
  connection: CollabConnection | null,
  chapterId: string | null,
): ChapterHandleState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    key: string;
    handle: ChapterHandle | null;
    failed: boolean;
  } | null>(null);
  const key = `${chapterId ?? ''}#${String(attempt)}`;

  useEffect(() => {
    if (!connection || !chapterId) return;
    let active = true;
    let opened: ChapterHandle | null = null;
    connection.open(chapterId).then(
      (handle) => {
        if (!active) {
          void handle.close();
          return;
        }
        opened = handle;
        markOnce('quire:chapter-loaded');
        setState({ key, handle, failed: false });
      },
      (error: unknown) => {
        console.error(`The chapter ${chapterId} could not be opened.`, error);
        if (active) setState({ key, handle: null, failed: true });
      },
    );
    return () => {
      active = false;
      if (opened) void opened.close();
    };
  }, [connection, chapterId, key]);

  if (!chapterId || !connection) return { status: 'idle', handle: null };
  if (state?.key !== key) return { status: 'opening', handle: null };
  if (state.handle) return { status: 'open', handle: state.handle };
  return {
    status: 'failed',
    handle: null,
    retry: () => {
      setAttempt((current) => current + 1);
    },
  };
}
