import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { SMALL_MODAL_SIZE, useBusySubmit } from '@/components/ui';
import type { StoredFolder } from '@/storage';

import type { ShelfItem } from '../shelf/shelf-logic';
import { moveTargets } from '../shelf/shelf-logic';

const ROOT = 'root';

interface MoveDialogProps {
  item: ShelfItem;
  folders: readonly StoredFolder[];
  onMove: (folderId: string | null) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Move to a folder': every live folder by its path, the top level first. A folder cannot go
 * into itself or a folder inside it; those places, and the current one, are disabled.
 */
export function MoveDialog({ item, folders, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  const targets = useMemo(() => moveTargets(item, folders), [item, folders]);
  const [choice, setChoice] = useState<string | null>(null);
  const { busy, run } = useBusySubmit();

  const data = targets.map((target) => {
    const name = target.id === null ? t('manuscripts.move.root') : target.path.join(' / ');
    return {
      value: target.id ?? ROOT,
      label: target.current ? t('manuscripts.move.current', { name }) : name,
      disabled: !target.allowed || target.current,
    };
  });

  async function handleSubmit() {
    if (choice === null) return;
    await run(() => onMove(choice === ROOT ? null : choice));
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('manuscripts.move.title', { title: item.title })}
      size={SMALL_MODAL_SIZE}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          {item.kind === 'folder' && (
            <Text size="sm" c="dimmed">
              {t('manuscripts.move.folder_hint')}
            </Text>
          )}
          <Select
            label={t('manuscripts.move.label')}
            placeholder={t('manuscripts.move.placeholder')}
            data={data}
            value={choice}
            onChange={setChoice}
            searchable
            nothingFoundMessage={t('manuscripts.move.nothing_found')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={choice === null}>
              {t('manuscripts.move.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
