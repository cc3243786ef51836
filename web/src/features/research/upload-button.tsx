/**
 * Choosing a file to upload for research: a cover or picture (PNG, JPEG, GIF, WebP) or a
 * document (PDF), up to 10 MiB, sent to the server (`POST uploads/`); anything else is refused
 * here with the reason, and the server's own refusals and a missing connection are said too.
 */
import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { IconFileTypePdf, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  uploadFailureText,
  uploadFile,
  uploadRefusal,
} from '@/lib/uploads';

interface UploadButtonProps {
  manuscriptId: string;
  /** A picture, or a PDF document. */
  accept: 'image' | 'document';
  label: string;
  onUploaded: (url: string, file: File) => void | Promise<void>;
  testId: string;
}

export function UploadButton({
  manuscriptId,
  accept,
  label,
  onUploaded,
  testId,
}: UploadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const types = accept === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES;

  async function choose(file: File | null) {
    if (!file) return;
    const refusal = uploadRefusal(file, types);
    if (refusal) {
      setFailure(
        refusal === 'file_too_large'
          ? t('research.upload.too_large')
          : t(accept === 'image' ? 'research.upload.not_picture' : 'research.upload.not_pdf'),
      );
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onUploaded(await uploadFile(manuscriptId, file), file);
    } catch (error) {
      setFailure(uploadFailureText(t, error, t('research.upload.needs_connection')));
    } finally {
      setBusy(false);
    }
  }

  const Icon = accept === 'image' ? IconPhotoPlus : IconFileTypePdf;
  return (
    <Stack gap={6} align="flex-start">
      <FileButton
        onChange={(file) => {
          void choose(file);
        }}
        accept={types.join(',')}
        disabled={busy}
        inputProps={{ 'data-testid': testId } as object}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<Icon size={16} aria-hidden />}
            loading={busy}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
