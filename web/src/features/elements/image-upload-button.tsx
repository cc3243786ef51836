/**
 * Choosing a picture to upload: a PNG, JPEG, GIF or WebP file up to 10 MiB is sent to the server
 * (`POST uploads/`), anything else is refused here with the reason; the server's own refusals and
 * a missing connection are said too.
 */
import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { IMAGE_TYPES, imageRefusal, uploadFailureText, uploadFile } from '@/lib/uploads';

interface ImageUploadButtonProps {
  manuscriptId: string;
  label: string;
  onUploaded: (url: string) => void | Promise<void>;
  disabled?: boolean;
}

export function ImageUploadButton({
  manuscriptId,
  label,
  onUploaded,
  disabled = false,
}: ImageUploadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(file: File | null) {
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      setFailure(
        refusal === 'file_too_large'
          ? t('elements.images.too_large')
          : t('elements.images.unsupported'),
      );
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onUploaded(await uploadFile(manuscriptId, file));
    } catch (error) {
      setFailure(uploadFailureText(t, error, t('elements.images.needs_connection')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6} align="flex-start">
      <FileButton
        onChange={(file) => {
          void choose(file);
        }}
        accept={IMAGE_TYPES.join(',')}
        disabled={busy || disabled}
        inputProps={{ 'data-testid': 'element-image-input' } as object}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPhotoPlus size={16} aria-hidden />}
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
