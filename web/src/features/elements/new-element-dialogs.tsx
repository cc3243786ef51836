/**
 * The board's two creation dialogs: a new element (name, kind or custom type, group; it starts
 * with its kind's sections and its page opens) and a new custom type (name, and an icon from the
 * set or an uploaded picture).
 */
import {
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  showSuccess,
  SMALL_MODAL_SIZE,
  TitleInput,
  useBusySubmit,
  useRequiredTitle,
} from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';
import { ELEMENT_KINDS } from '@/lib/elements';

import { ELEMENT_NAME_MAX, newElementMeta } from './element-edits';
import type { CustomTypeIcon } from './element-kinds';
import {
  CUSTOM_TYPE_ICONS,
  isCustomTypeIcon,
  kindFromValue,
  kindValue,
  newCustomType,
} from './element-kinds';
import { useElementsScreen } from './elements-context';
import type { ElementGroup } from './elements-store';
import { ImageUploadButton } from './image-upload-button';
import { CUSTOM_ICONS } from './kind-icon';

const NO_GROUP = '';

export function NewElementDialog({
  elements,
  groups,
  onClose,
}: {
  elements: readonly ElementRecord[];
  groups: readonly ElementGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const name = useRequiredTitle('', t('elements.name_required'));
  const [kind, setKind] = useState<string>('character');
  const [groupId, setGroupId] = useState<string>(NO_GROUP);
  const { busy, run } = useBusySubmit();
  const kindOptions = [
    ...ELEMENT_KINDS.map((k) => ({ value: k, label: t(`elements.kinds.${k}`) })),
    ...screen.customTypes.map((type) => ({
      value: kindValue({ kind: 'other', customTypeId: type.id }),
      label: type.name,
    })),
  ];

  async function handleSubmit() {
    const trimmed = name.take();
    const choice = kindFromValue(kind);
    if (trimmed === null || choice === null) return;
    await run(async () => {
      const meta = newElementMeta(choice, screen.customTypes, (_kind, key) =>
        t(`elements.section_titles.${key}` as 'elements.section_titles.notes'),
      );
      const id = await screen.store.create(
        { name: trimmed, group_id: groupId === NO_GROUP ? null : groupId, meta },
        elements,
      );
      onClose();
      screen.open(id);
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('elements.new_title')}
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
          <TitleInput
            label={t('elements.name')}
            value={name.value}
            onChange={name.onChange}
            error={name.error}
            maxLength={ELEMENT_NAME_MAX}
            required
            data-autofocus
            autoComplete="off"
          />
          <Select
            label={t('elements.kind')}
            data={kindOptions}
            value={kind}
            allowDeselect={false}
            onChange={(value) => {
              if (value) setKind(value);
            }}
            comboboxProps={{ withinPortal: true }}
          />
          {groups.length > 0 && (
            <Select
              label={t('elements.group')}
              data={[
                { value: NO_GROUP, label: t('elements.no_group') },
                ...groups.map((group) => ({ value: group.id, label: group.name })),
              ]}
              value={groupId}
              allowDeselect={false}
              onChange={(value) => {
                setGroupId(value ?? NO_GROUP);
              }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('elements.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function CustomTypeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const name = useRequiredTitle('', t('elements.custom_types.name_required'));
  const [icon, setIcon] = useState<CustomTypeIcon>('star');
  const [image, setImage] = useState<string | null>(null);
  const { busy, run } = useBusySubmit();

  async function handleSubmit() {
    const trimmed = name.take();
    if (trimmed === null) return;
    await run(async () => {
      const type = newCustomType({ name: trimmed, icon, image }, screen.customTypes, Date.now());
      await screen.saveCustomTypes([...screen.customTypes, type]);
      showSuccess(t('elements.custom_types.created', { name: trimmed }));
      onClose();
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('elements.custom_types.title')}
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
          <TitleInput
            label={t('elements.custom_types.name')}
            value={name.value}
            onChange={name.onChange}
            error={name.error}
            maxLength={ELEMENT_NAME_MAX}
            required
            data-autofocus
            autoComplete="off"
          />
          <Radio.Group
            label={t('elements.custom_types.icon')}
            value={icon}
            onChange={(value) => {
              if (isCustomTypeIcon(value)) setIcon(value);
            }}
          >
            <SimpleGrid cols={4} spacing="xs" mt={6}>
              {CUSTOM_TYPE_ICONS.map((key) => {
                const Glyph = CUSTOM_ICONS[key];
                const label = t(`elements.custom_types.icons.${key}`);
                return (
                  <Tooltip key={key} label={label}>
                    <Radio
                      value={key}
                      aria-label={label}
                      disabled={image !== null}
                      label={<Glyph size={18} aria-hidden />}
                    />
                  </Tooltip>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('elements.custom_types.image')}
            </Text>
            <ImageUploadButton
              manuscriptId={screen.manuscriptId}
              label={image ? t('elements.custom_types.image_chosen') : t('elements.images.add')}
              onUploaded={setImage}
            />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('elements.custom_types.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
