/**
 * Turning a story element's names into mentions across the manuscript, as the writer sees it:
 * a progress dialog once the work takes longer than half a second, and on failure the spec's
 * error (the caller then removes a new element, as nothing this run made is left in the text).
 */
import { Modal, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { measureSince } from '@/lib/perf-marks';
import {
  convertNamesInManuscript,
  type ConvertManuscriptDeps,
  type ConvertManuscriptResult,
} from '@/text-editor';

import { showError } from './error-dialog';
import { SMALL_MODAL_SIZE } from './modal-sizes';

type Progressing = { done: number; total: number } | null;

export interface MentionConversion {
  /** Converts; resolves with the outcome once the dialog (if shown) is gone. Never rejects. */
  run: (deps: Omit<ConvertManuscriptDeps, 'onProgress'>) => Promise<ConvertManuscriptResult>;
  /** The progress dialog: render it where the hook is used. */
  dialog: ReactNode;
}

export function useMentionConversion(): MentionConversion {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progressing>(null);

  const run = useCallback(
    async (deps: Omit<ConvertManuscriptDeps, 'onProgress'>) => {
      let result: ConvertManuscriptResult;
      const started = performance.now();
      try {
        result = await convertNamesInManuscript({ ...deps, onProgress: setProgress });
      } catch (error) {
        result = { outcome: 'convert_failed', chapterId: '', error };
      }
      measureSince('quire:mention-convert', started, {
        outcome: result.outcome,
        mentions: result.outcome === 'converted' ? result.mentions : 0,
        chapters: deps.chapterIds.length,
      });
      setProgress(null);
      if (result.outcome !== 'converted') {
        console.error(`Mentions not made in chapter ${result.chapterId}`, result.error);
        showError({
          message: t(
            result.outcome === 'convert_failed'
              ? 'mentions.convert_failed'
              : 'mentions.apply_failed',
          ),
        });
      }
      return result;
    },
    [t],
  );

  const label = progress
    ? t('mentions.converting_count', { done: progress.done, total: progress.total })
    : '';
  const dialog = (
    <Modal
      opened={progress !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('mentions.converting')}
      size={SMALL_MODAL_SIZE}
      centered
    >
      <Stack gap="sm" role="status">
        <Text size="sm">{label}</Text>
        <Progress
          value={progress ? Math.round((progress.done / Math.max(progress.total, 1)) * 100) : 0}
          aria-label={label}
        />
      </Stack>
    </Modal>
  );
  return { run, dialog };
}
