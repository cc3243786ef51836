/**
 * One element's page: its name (required, at most 255 characters), kind, group and colour, its
 * nicknames and tags, pictures and sections; deleting moves it to the trash (its mentions become
 * text), a nickname added becomes mentions. Every change is kept on this device first and
 * reaches the others through the outbox.
 */
import { Button, Grid, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ColorChoice,
  MetaSectionsEditor,
  SECTION_SAVE_DELAY_MS,
  showSuccess,
  TitleInput,
} from '@/components/ui';
import type { ElementMeta, ElementRecord } from '@/lib/elements';
import { newId } from '@/storage';

import { AppearsIn } from './appears-in';
import {
  addNickname,
  addTag,
  ELEMENT_NAME_MAX,
  removeNickname,
  removeTag,
  withKnownTags,
} from './element-edits';
import { ElementImages } from './element-images';
import { kindFields, kindFromValue, kindOf, kindValue } from './element-kinds';
import { useElementsScreen } from './elements-context';
import type { ElementGroup } from './elements-store';
import { GroupSelect } from './group-select';
import { LabelList } from './label-list';
import { useKindOptions } from './use-kind-label';

export function ElementPage({
  element,
  groups,
}: {
  element: ElementRecord;
  groups: ElementGroup[];
}) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const { store, canWrite } = screen;
  const shownName = element.name.trim() === '' ? t('elements.untitled') : element.name;

  // A list change applies to the list as stored when its turn comes, not to a rendered copy.
  function writeMeta<K extends keyof ElementMeta>(
    key: K,
    change: (value: ElementMeta[K]) => ElementMeta[K],
  ) {
    return store.changeMeta(element.id, key, change);
  }

  function confirmDelete() {
    modals.openConfirmModal({
      title: t('elements.delete_title'),
      centered: true,
      children: <Text size="sm">{t('elements.delete_confirm', { name: shownName })}</Text>,
      labels: { confirm: t('elements.delete_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void store.trash(element.id).then(() => {
          showSuccess(t('elements.deleted'));
          screen.open(null);
          void screen.mentions.trashed(element);
        });
      },
    });
  }

  const kindOptions = useKindOptions();

  return (
    <Stack gap="md" data-testid="element-page">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => {
            screen.open(null);
          }}
        >
          {t('elements.back')}
        </Button>
        {canWrite && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={confirmDelete}
          >
            {t('elements.delete')}
          </Button>
        )}
      </Group>
      <NameField element={element} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Select
              label={t('elements.kind')}
              data={kindOptions}
              value={kindValue(kindOf(element.meta))}
              allowDeselect={false}
              readOnly={!canWrite}
              onChange={(value) => {
                const choice = value ? kindFromValue(value) : null;
                if (choice)
                  void store.update(element.id, { meta: kindFields(choice, screen.customTypes) });
              }}
            />
            <GroupSelect
              groups={groups}
              value={element.group_id}
              readOnly={!canWrite}
              onChange={(groupId) => {
                void store.update(element.id, { group_id: groupId });
              }}
            />
            <ColorChoice
              value={element.meta.color}
              readOnly={!canWrite}
              onChange={(color) => {
                void store.update(element.id, { meta: { color } });
              }}
            />
            <LabelList
              testId="element-nicknames"
              items={element.meta.nicknames}
              canWrite={canWrite}
              texts={{
                heading: t('elements.nicknames.label'),
                add: t('elements.nicknames.add'),
                addButton: t('elements.nicknames.add_button'),
                empty: t('elements.nicknames.empty'),
                remove: (label) => t('elements.nicknames.remove', { label }),
              }}
              onAdd={(label) => {
                let nicknames = element.meta.nicknames;
                let added = false;
                void writeMeta('nicknames', (list) => {
                  nicknames = addNickname(list, label, newId());
                  added = nicknames.length > list.length;
                  return nicknames;
                }).then(() => {
                  if (!added) return;
                  const meta = { ...element.meta, nicknames };
                  return screen.mentions.nicknameAdded({ ...element, meta });
                });
              }}
              onRemove={(id) => {
                void writeMeta('nicknames', (list) => removeNickname(list, id));
              }}
            />
            <LabelList
              testId="element-tags"
              items={element.meta.tags.map((tag) => ({ id: tag, label: tag }))}
              canWrite={canWrite}
              suggestions={screen.knownTags}
              texts={{
                heading: t('elements.tags.label'),
                add: t('elements.tags.add'),
                addButton: t('elements.tags.add_button'),
                empty: t('elements.tags.empty'),
                remove: (tag) => t('elements.tags.remove', { tag }),
              }}
              onAdd={(tag) => {
                void writeMeta('tags', (list) => addTag(list, tag));
                const known = withKnownTags(screen.knownTags, [tag]);
                if (known.length !== screen.knownTags.length) void screen.saveTags(known);
              }}
              onRemove={(tag) => {
                void writeMeta('tags', (list) => removeTag(list, tag));
              }}
            />
            <ElementImages
              name={shownName}
              images={element.meta.images}
              write={(change) => writeMeta('images', change)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <MetaSectionsEditor
            sections={element.meta.sections}
            canWrite={canWrite}
            texts="elements.sections"
            rich
            write={(change) => {
              void writeMeta('sections', change);
            }}
          />
        </Grid.Col>
      </Grid>
      {screen.appearsIn && (
        <AppearsIn
          elementId={element.id}
          source={screen.appearsIn}
          openChapter={screen.openChapter}
          showInBinder={screen.showInBinder}
        />
      )}
    </Stack>
  );
}

/** The name: kept after a pause in typing; a blank name is refused and not kept. */
function NameField({ element }: { element: ElementRecord }) {
  const { t } = useTranslation();
  const { store, canWrite } = useElementsScreen();
  const [name, setName] = useState(element.name);
  const [seen, setSeen] = useState(element.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useDebouncedCallback(
    (next: string) => {
      const trimmed = next.trim();
      if (trimmed === '') {
        setError(t('elements.name_required'));
        return;
      }
      if (trimmed !== element.name) void store.update(element.id, { name: trimmed });
    },
    { delay: SECTION_SAVE_DELAY_MS, flushOnUnmount: true },
  );
  if (seen !== element.name) {
    setSeen(element.name);
    if (!save.isPending()) setName(element.name);
  }
  return (
    <TitleInput
      label={t('elements.name')}
      value={name}
      maxLength={ELEMENT_NAME_MAX}
      readOnly={!canWrite}
      required
      size="lg"
      error={error}
      onChange={(next) => {
        setName(next);
        setError(undefined);
        save(next);
      }}
      onBlur={() => {
        save.flush();
      }}
      data-testid="element-name"
    />
  );
}
