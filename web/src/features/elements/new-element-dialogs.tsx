/**
 * The board's two creation dialogs: a new element (name, kind or custom type, group; it starts
 * with its kind's sections, its name becomes mentions in the text, and its page opens) and a new
 * custom type (name, and an icon from the set or an uploaded picture).
 */
import { Radio, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { NameDialog, showSuccess } from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';

import { newElementMeta } from './element-edits';
import type { CustomTypeIcon } from './element-kinds';
import { CUSTOM_TYPE_ICONS, isCustomTypeIcon, kindFromValue, newCustomType } from './element-kinds';
import { useElementsScreen } from './elements-context';
import type { ElementGroup } from './elements-store';
import { GroupSelect } from './group-select';
import { ImageUploadButton } from './image-upload-button';
import { CUSTOM_ICONS } from './kind-icon';
import { useKindOptions } from './use-kind-label';

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
  const [kind, setKind] = useState<string>('character');
  const [groupId, setGroupId] = useState<string | null>(null);
  const kindOptions = useKindOptions();

  async function create(name: string) {
    const choice = kindFromValue(kind);
    if (choice === null) return;
    const meta = newElementMeta(choice, screen.customTypes, (_kind, key) =>
      t(`elements.section_titles.${key}` as 'elements.section_titles.notes'),
    );
    const fields = { name, group_id: groupId, meta };
    const id = await screen.store.create(fields, elements);
    onClose();
    const made = await screen.mentions.created({ id, ...fields, _order: 0, deleted_at: null });
    // A new element whose names could not become mentions is removed: the writer was told,
    // and for them it never existed.
    if (!made) {
      await screen.store.discard(id);
      return;
    }
    screen.open(id);
  }

  return (
    <NameDialog
      title={t('elements.new_title')}
      label={t('elements.name')}
      submitLabel={t('elements.create')}
      requiredMessage={t('elements.name_required')}
      onSubmit={create}
      onClose={onClose}
    >
      <Select
        label={t('elements.kind')}
        data={kindOptions}
        value={kind}
        allowDeselect={false}
        onChange={(value) => {
          if (value) setKind(value);
        }}
      />
      <GroupSelect groups={groups} value={groupId} onChange={setGroupId} />
    </NameDialog>
  );
}

export function CustomTypeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const [icon, setIcon] = useState<CustomTypeIcon>('star');
  const [image, setImage] = useState<string | null>(null);

  async function create(name: string) {
    const type = newCustomType({ name, icon, image }, screen.customTypes, Date.now());
    await screen.saveCustomTypes([...screen.customTypes, type]);
    showSuccess(t('elements.custom_types.created', { name }));
    onClose();
  }

  return (
    <NameDialog
      title={t('elements.custom_types.title')}
      label={t('elements.custom_types.name')}
      submitLabel={t('elements.custom_types.create')}
      requiredMessage={t('elements.custom_types.name_required')}
      onSubmit={create}
      onClose={onClose}
    >
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
    </NameDialog>
  );
}
