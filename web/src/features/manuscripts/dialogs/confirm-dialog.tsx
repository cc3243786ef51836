import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DELETE_MODAL_SIZE, useBusySubmit } from '@/components/ui';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** The delete confirmation (the delete modal's width). Mount it to open it. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const { busy, run } = useBusySubmit();

  function handleConfirm() {
    return run(onConfirm);
  }

  return (
    <Modal opened onClose={onClose} title={title} size={DELETE_MODAL_SIZE} centered>
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void handleConfirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
