/** The Delete Task modal: the second step of a delete; submit puts the task in the trash. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DELETE_MODAL_SIZE } from '@/components/ui';

export function DeleteTaskModal({
  onClose,
  onConfirm,
}: {
  onClose: () => void;
  /** Resolves to whether it was deleted (the modal closes then). */
  onConfirm: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('todos.delete.title')}
      size={DELETE_MODAL_SIZE}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void onConfirm().then((deleted) => {
            setBusy(false);
            if (deleted) onClose();
          });
        }}
      >
        <Text>{t('todos.delete.confirm')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} data-autofocus>
            {t('todos.delete.submit')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
