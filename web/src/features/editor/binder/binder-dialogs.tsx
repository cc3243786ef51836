import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DELETE_MODAL_SIZE, useBusySubmit } from '@/components/ui';

import type { ChildrenChoice } from './binder-plan';

interface DeleteDialogProps {
  name: string;
  /** The parent's name children would move up to, or null when there are no children. */
  moveUpTo: string | null;
  onConfirm: (children: ChildrenChoice) => Promise<void>;
  onClose: () => void;
}

/** The delete confirmation (the delete modal's width); asks about the children of a container. */
export function DeleteDialog({ name, moveUpTo, onConfirm, onClose }: DeleteDialogProps) {
  const { t } = useTranslation();
  const [children, setChildren] = useState<ChildrenChoice>('move_up');
  const { busy, run } = useBusySubmit();

  function handleConfirm() {
    return run(() => onConfirm(children), onClose);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('binder.delete.title', { name })}
      size={DELETE_MODAL_SIZE}
      centered
    >
      <Stack gap="lg">
        <Text>{t('binder.delete.message')}</Text>
        {moveUpTo !== null && (
          <Radio.Group
            label={t('binder.delete.children_question')}
            value={children}
            onChange={(value) => {
              setChildren(value === 'delete' ? 'delete' : 'move_up');
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="move_up" label={t('binder.delete.move_up', { parent: moveUpTo })} />
              <Radio value="delete" label={t('binder.delete.delete_children')} />
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void handleConfirm()}>
            {t('binder.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
