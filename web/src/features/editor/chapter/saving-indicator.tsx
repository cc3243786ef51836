import { Text } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { afterPaint } from '@/lib/after-paint';
import type { ChapterHandle, ChapterStatus } from '@/sync/collab';

/**
 * The chapter's status as the handle reports it, re-rendered after the frame in which it
 * changed: it turns to `saving` inside every keystroke, and rendering the indicator there would
 * be React work in the keystroke's frame, delaying the key on screen. Any render reads the
 * current status.
 */
export function useStatusAfterPaint(handle: ChapterHandle): ChapterStatus {
  const subscribe = useCallback(
    (notify: () => void) => {
      let cancel: (() => void) | null = null;
      const stop = handle.onStatus(() => {
        cancel ??= afterPaint(() => {
          cancel = null;
          notify();
        });
      });
      return () => {
        stop();
        cancel?.();
      };
    },
    [handle],
  );
  return useSyncExternalStore(subscribe, () => handle.status());
}

const COLORS: Record<ChapterStatus, string> = {
  saving: 'dimmed',
  'saved-locally': 'dimmed',
  synced: 'teal',
  'read-only': 'orange',
  denied: 'red',
};

/**
 * Whether the chapter refuses edits (`read-only` or `denied`). It changes rarely, unlike the
 * status, which moves saving → synced on every keystroke: the editor body subscribes to this
 * so that only the indicator re-renders as the status moves, not the editor with every key.
 */
export function useChapterBlocked(handle: ChapterHandle): boolean {
  return useSyncExternalStore(
    (notify) => handle.onStatus(notify),
    () => {
      const status = handle.status();
      return status === 'read-only' || status === 'denied';
    },
  );
}

export function SavingIndicator(props: { status: ChapterStatus }) {
  const { t } = useTranslation();
  return (
    <Text
      size="xs"
      c={COLORS[props.status]}
      role="status"
      aria-live="polite"
      data-status={props.status}
    >
      {t(`chapter_editor.status.${props.status}`)}
    </Text>
  );
}
