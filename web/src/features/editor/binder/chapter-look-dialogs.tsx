import {
  Button,
  ColorSwatch,
  Group,
  Modal,
  Radio,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DELETE_MODAL_SIZE, useBusySubmit } from '@/components/ui';
import { cleanHexInput, COLOR_SWATCHES, normalizeHex } from '@/lib/colors';

import type { ChapterStatus } from '../workspace/statuses';
import { NO_STATUS } from './binder-plan';

interface StatusDialogProps {
  name: string;
  statuses: readonly ChapterStatus[];
  current: number;
  onSubmit: (statusId: number) => Promise<void>;
  onClose: () => void;
}

/** Picks a chapter's status (`settings.status_id`; 'No status' is -1). */
export function StatusDialog({ name, statuses, current, onSubmit, onClose }: StatusDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(current));
  const { busy, run } = useBusySubmit();

  function handleSubmit() {
    return run(() => onSubmit(Number(value)), onClose);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('binder.status.title', { name })}
      size={DELETE_MODAL_SIZE}
      centered
    >
      <Stack gap="lg">
        <Radio.Group label={t('binder.status.label')} value={value} onChange={setValue}>
          <Stack gap="xs" mt="xs">
            <Radio value={String(NO_STATUS)} label={t('binder.status.none')} />
            {statuses.map((status) => (
              <Radio
                key={status.id}
                value={String(status.id)}
                color={status.color}
                label={status.labelKey ? t(status.labelKey) : (status.name ?? '')}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void handleSubmit()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface ColorDialogProps {
  name: string;
  /** The stored `meta.color`, if any. */
  current: unknown;
  onSubmit: (color: string | null) => Promise<void>;
  onClose: () => void;
}

/** Picks a row's colour: a swatch, a typed hex (at most 6 characters, '#' stripped) or none. */
export function ColorDialog({ name, current, onSubmit, onClose }: ColorDialogProps) {
  const { t } = useTranslation();
  const [hex, setHex] = useState(typeof current === 'string' ? normalizeHex(current) : '');
  const [error, setError] = useState<string | undefined>(undefined);
  const { busy, run } = useBusySubmit();

  function save(color: string | null) {
    return run(() => onSubmit(color), onClose);
  }

  function handleSubmit() {
    if (hex === '') {
      void save(null);
      return;
    }
    const color = normalizeHex(hex);
    if (!color) {
      setError(t('binder.color.hex_invalid'));
      return;
    }
    void save(color);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('binder.color.title', { name })}
      size={DELETE_MODAL_SIZE}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          handleSubmit();
        }}
      >
        <Stack gap="lg">
          <Group gap="xs">
            {COLOR_SWATCHES.map((swatch) => (
              <UnstyledButton
                key={swatch}
                aria-label={t('binder.color.swatch', { hex: swatch })}
                aria-pressed={normalizeHex(hex) === swatch}
                onClick={() => {
                  setHex(swatch);
                  setError(undefined);
                }}
              >
                <ColorSwatch color={`#${swatch}`} size={28}>
                  {normalizeHex(hex) === swatch && <IconCheck size={16} color="white" />}
                </ColorSwatch>
              </UnstyledButton>
            ))}
          </Group>
          <TextInput
            label={t('binder.color.hex_label')}
            value={hex}
            leftSection="#"
            maxLength={7}
            error={error}
            autoComplete="off"
            onChange={(event) => {
              setHex(cleanHexInput(event.currentTarget.value));
              setError(undefined);
            }}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void save(null)} disabled={busy}>
              {t('binder.color.none')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
