/**
 * `useWritingRecorder`: the editor's live word counts recorded as writing (hourly word counts and
 * sessions) — a thin hook over `createWritingRecorder`. Bursts are written at most every 5 s, and
 * on `flush()`, on unmount and on `pagehide` (the tab going away).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

import type { Workspace } from '../workspace/types';
import type { LiveTodayWords } from './today-words';
import { createWritingRecorder } from './writing-recorder';
import type { WritingRecorder } from './writing-recorder';

export interface WritingRecorderOptions {
  /** The clock (default: `Date.now`). */
  now?: () => number;
  /** Minutes west of UTC, as `Date.prototype.getTimezoneOffset()` (default: the browser's). */
  timezoneOffset?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  newId?: () => string;
  onError?: (error: unknown) => void;
}

export function useWritingRecorder(
  workspace: Workspace,
  options: WritingRecorderOptions = {},
): WritingRecorder {
  const [recorder] = useState(() =>
    createWritingRecorder({
      workspace,
      now: options.now ?? Date.now,
      timezoneOffset: options.timezoneOffset ?? (() => new Date().getTimezoneOffset()),
      setTimeout: options.setTimeout ?? ((callback, ms) => window.setTimeout(callback, ms)),
      clearTimeout:
        options.clearTimeout ??
        ((handle) => {
          window.clearTimeout(handle as number);
        }),
      newId: options.newId,
      onError: options.onError,
    }),
  );

  useEffect(() => {
    recorder.setWorkspace(workspace);
  }, [recorder, workspace]);

  useEffect(() => {
    const handlePageHide = () => void recorder.flush();
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      void recorder.flush();
    };
  }, [recorder]);

  return recorder;
}

/** The recorder's today's goals not stored yet (`manuscriptTodayWords`'s `live`). */
export function useLiveToday(recorder: WritingRecorder): LiveTodayWords {
  return useSyncExternalStore(recorder.subscribe, recorder.liveToday, recorder.liveToday);
}
