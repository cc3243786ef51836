import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_MODAL_SIZE } from './dialog-sizes';
import { TitleInput } from './title-input';

interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  /** Shown when the trimmed value is empty. */
  requiredMessage: string;
  initialValue?: string;
  /** Resolves once done; the dialog stays open (and enabled) when it rejects. */
  onSubmit: (value: string) => Promise<void>;
  onClose: () => void;
}

/** A dialog with one title field: new folder, rename, duplicate. Mount it to open it. */
export function NameDialog({
  title,
  label,
  submitLabel,
  requiredMessage,
  initialValue = '',
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function handleSubmit() {
    const trimmed = value.trim();
    if (trimmed === '') {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } catch {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} size={SMALL_MODAL_SIZE} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          <TitleInput
            label={label}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
            error={error}
            required
            data-autofocus
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
