/**
 * A button choosing a file to upload (`POST uploads/`, up to 10 MiB): a file not of `types`, or
 * too large, is refused here with the caller's text; the server's own refusals and a missing
 * connection are said too. The screens wrap it with their texts and the types they take.
 */
import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { uploadFailureText, uploadFile, uploadRefusal } from '@/lib/uploads';

export interface UploadButtonTexts {
  tooLarge: string;
  unsupported: string;
  needsConnection: string;
}

export interface UploadButtonProps {
  manuscriptId: string;
  /** The content types taken (`IMAGE_TYPES`, `DOCUMENT_TYPES` of `lib/uploads`). */
  types: readonly string[];
  label: string;
  icon: ReactNode;
  texts: UploadButtonTexts;
  onUploaded: (url: string, file: File) => void | Promise<void>;
  testId: string;
  disabled?: boolean;
}

export function UploadButton(props: UploadButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { texts } = props;

  async function choose(file: File | null) {
    if (!file) return;
    const refusal = uploadRefusal(file, props.types);
    if (refusal) {
      setFailure(refusal === 'file_too_large' ? texts.tooLarge : texts.unsupported);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await props.onUploaded(await uploadFile(props.manuscriptId, file), file);
    } catch (error) {
      setFailure(uploadFailureText(t, error, texts.needsConnection));
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
        accept={props.types.join(',')}
        disabled={busy || props.disabled === true}
        inputProps={{ 'data-testid': props.testId } as object}
      >
        {(buttonProps) => (
          <Button
            {...buttonProps}
            variant="default"
            size="xs"
            leftSection={props.icon}
            loading={busy}
          >
            {props.label}
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
