/**
 * One import from the file to the written manuscript: the file's format checked, the preview
 * uploaded with its progress, the preview dialog, the import itself, then the new rows loaded
 * onto this device at once (the server also announces them to the other devices).
 */
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { showSuccess, SMALL_MODAL_SIZE } from '@/components/ui';
import { isApiError } from '@/lib/api';
import { apiResponseText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { syncEngineFor } from '@/sync';

import { importDocx, previewDocx } from './import-api';
import type { ImportPreview, ImportResult, UploadProgress } from './import-api';
import type { PlanTarget } from './import-plan';
import { ImportPreviewDialog } from './import-preview-dialog';
import { refusalOfError, refusalOfFile } from './import-refusal';

type Step =
  | { step: 'idle' }
  | { step: 'reading'; file: File; progress: UploadProgress | null }
  | { step: 'refused'; message: string }
  | { step: 'preview'; file: File; preview: ImportPreview };

export interface Importer {
  /** Starts an import of `file` (from the picker or a drop). */
  start: (file: File) => void;
  /** The import's dialogs, to render where the caller renders. */
  element: ReactNode;
  /** Whether an import is under way (the caller's button shows it busy). */
  busy: boolean;
  /** Says that importing needs a connection (a click on the button offline). */
  explainOffline: () => void;
}

export function useImporter({
  target,
  subchaptersAsScenes,
  onImported,
}: {
  target: PlanTarget;
  subchaptersAsScenes: boolean;
  /** After the rows are on this device: open the manuscript, or nothing (it is open). */
  onImported: (result: ImportResult) => void;
}): Importer {
  const { t } = useTranslation();
  const { user } = useSession();
  const network = useNetwork();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [confirmProgress, setConfirmProgress] = useState<UploadProgress | null>(null);

  function messageOf(error: unknown): string {
    const reason = refusalOfError(error);
    if (reason) return t(`import_export.refusal.${reason}`);
    if (isApiError(error) && error.kind === 'network') return t('import_export.needs_connection');
    if (!isApiError(error)) console.error(error);
    return apiResponseText(t, isApiError(error) ? error.code : 'failed');
  }

  function progressText(file: File, progress: UploadProgress | null): string {
    if (progress?.phase === 'uploading' && progress.sent < progress.total) {
      const percent = Math.round((progress.sent / Math.max(progress.total, 1)) * 100);
      return t('import_export.uploading', { name: file.name, percent });
    }
    return t('import_export.reading');
  }

  function start(file: File) {
    const reason = refusalOfFile(file);
    if (reason) {
      setState({ step: 'refused', message: t(`import_export.refusal.${reason}`) });
      return;
    }
    if (!network.online) {
      setState({ step: 'refused', message: t('import_export.needs_connection') });
      return;
    }
    setState({ step: 'reading', file, progress: null });
    previewDocx(file, false, {
      onProgress: (progress) => {
        setState((current) =>
          current.step === 'reading' && current.file === file ? { ...current, progress } : current,
        );
      },
    }).then(
      (preview) => {
        setState({ step: 'preview', file, preview });
      },
      (error: unknown) => {
        setState({ step: 'refused', message: messageOf(error) });
      },
    );
  }

  const close = () => {
    setState({ step: 'idle' });
  };

  let element: ReactNode = null;
  if (state.step === 'reading') {
    const progress = state.progress;
    const percent =
      progress?.phase === 'uploading'
        ? Math.round((progress.sent / Math.max(progress.total, 1)) * 100)
        : 100;
    element = (
      <Modal
        opened
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('import_export.import_button')}
        size={SMALL_MODAL_SIZE}
        centered
      >
        <Stack gap="sm" role="status" data-testid="import-progress">
          <Text size="sm">{progressText(state.file, progress)}</Text>
          <Progress
            value={percent}
            animated={progress?.phase !== 'uploading'}
            aria-label={progressText(state.file, progress)}
          />
        </Stack>
      </Modal>
    );
  } else if (state.step === 'refused') {
    element = (
      <Modal
        opened
        onClose={close}
        title={t('import_export.refused_title')}
        size={SMALL_MODAL_SIZE}
        centered
      >
        <Stack gap="md">
          <Text data-testid="import-refusal">{state.message}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );
  } else if (state.step === 'preview') {
    const { file } = state;
    element = (
      <ImportPreviewDialog
        preview={state.preview}
        target={target}
        subchaptersAsScenes={subchaptersAsScenes}
        progress={
          confirmProgress ? progressText(file, confirmProgress) : t('import_export.importing')
        }
        onRepreview={(h2) => previewDocx(file, h2)}
        onConfirm={async (plan) => {
          try {
            const result = await importDocx(file, plan, { onProgress: setConfirmProgress });
            if (user) {
              // The new rows are read at once: this device does not wait for the announcement.
              await syncEngineFor(user.id)
                .loader.loadManuscript(result.manuscript_id)
                .catch((error: unknown) => {
                  console.warn('Could not load the imported manuscript yet.', error);
                });
            }
            setState({ step: 'idle' });
            showSuccess(t('import_export.imported', { count: result.chapter_ids.length }));
            onImported(result);
            return null;
          } catch (error) {
            // The preview stays, with the writer's edits, and says why.
            return messageOf(error);
          } finally {
            setConfirmProgress(null);
          }
        }}
        onClose={close}
      />
    );
  }

  return {
    start,
    element,
    busy: state.step === 'reading',
    explainOffline: () => {
      setState({ step: 'refused', message: t('import_export.needs_connection') });
    },
  };
}
