import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_MODAL_SIZE } from './modal-sizes';
import { TitleInput } from './title-input';
import { useBusySubmit } from './use-busy-submit';
import { useRequiredTitle } from './use-required-title';

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
  /** Fields shown below the title field (a kind, a group …). */
  children?: ReactNode;
}

/**
 * A dialog with one title field (new folder, rename, duplicate; the binder's add and rename),
 * and any other fields below it (a new story element's kind and group).
 * Mount it to open it; the caller unmounts it once `onSubmit` resolves.
 */
export function NameDialog({
  title,
  label,
  submitLabel,
  requiredMessage,
  initialValue = '',
  onSubmit,
  onClose,
  children,
}: NameDialogProps) {
  const { t } = useTranslation();
  const field = useRequiredTitle(initialValue, requiredMessage);
  const { busy, run } = useBusySubmit();

  async function handleSubmit() {
    const trimmed = field.take();
    if (trimmed === null) return;
    await run(() => onSubmit(trimmed));
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
            value={field.value}
            onChange={field.onChange}
            error={field.error}
            required
            data-autofocus
            autoComplete="off"
          />
          {children}
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
