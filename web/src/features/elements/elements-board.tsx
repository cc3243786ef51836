/**
 * The elements board: every live element of the manuscript as a card (main picture, name, kind,
 * tags) in its group, filtered by kind and tag and searched across names, nicknames and section
 * text; new elements, element groups and custom types; deleted elements below.
 */
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconCategoryPlus,
  IconDots,
  IconFolderPlus,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { NameDialog, showSuccess } from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';

import type { BoardFilter, BoardGroup } from './board-rules';
import { boardGroups, moveElement, NO_FILTER, tagsInUse } from './board-rules';
import { ElementCard } from './element-card';
import { useElementsScreen } from './elements-context';
import type { ElementGroup } from './elements-store';
import { ElementsTrash } from './elements-trash';
import { CustomTypeDialog, NewElementDialog } from './new-element-dialogs';
import { useKindOptions } from './use-kind-label';

/** Search boxes hold at most 128 characters. */
const SEARCH_MAX = 128;

type Dialog =
  | { kind: 'element' }
  | { kind: 'custom-type' }
  | { kind: 'group' }
  | { kind: 'rename-group'; group: ElementGroup };

export function ElementsBoard({
  elements,
  groups,
}: {
  elements: ElementRecord[];
  groups: ElementGroup[];
}) {
  const { t } = useTranslation();
  const screen = useElementsScreen();
  const [filter, setFilter] = useState<BoardFilter>(NO_FILTER);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const live = elements.filter((element) => element.deleted_at === null);
  const trashed = elements.filter((element) => element.deleted_at !== null);
  const lists = boardGroups(live, groups, filter);
  const shownCount = lists.reduce((n, list) => n + list.elements.length, 0);
  const tags = tagsInUse(live);
  const kindOptions = [{ value: '', label: t('elements.all_kinds') }, ...useKindOptions()];
  const tagOptions = [
    { value: '', label: t('elements.all_tags') },
    ...tags.map((tag) => ({ value: tag, label: tag })),
  ];
  const close = () => {
    setDialog(null);
  };

  function move(element: ElementRecord, by: -1 | 1) {
    for (const change of moveElement(live, element.id, by)) {
      void screen.store.update(change.id, { _order: change._order });
    }
  }

  function confirmDeleteGroup(group: ElementGroup) {
    modals.openConfirmModal({
      title: t('elements.delete_group'),
      centered: true,
      children: <Text size="sm">{t('elements.delete_group_confirm', { name: group.name })}</Text>,
      labels: { confirm: t('elements.delete_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void screen.store.trashGroup(group.id, elements).then(() => {
          showSuccess(t('elements.group_deleted'));
        });
      },
    });
  }

  return (
    <Stack gap="md" data-testid="elements-board">
      {screen.canWrite && (
        <Group gap="xs">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setDialog({ kind: 'element' });
            }}
          >
            {t('elements.new')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFolderPlus size={16} aria-hidden />}
            onClick={() => {
              setDialog({ kind: 'group' });
            }}
          >
            {t('elements.new_group')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCategoryPlus size={16} aria-hidden />}
            onClick={() => {
              setDialog({ kind: 'custom-type' });
            }}
          >
            {t('elements.custom_types.new')}
          </Button>
        </Group>
      )}
      {!screen.canWrite && (
        <Text size="sm" c="dimmed">
          {t('elements.read_only')}
        </Text>
      )}
      <Group gap="xs" align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          label={t('elements.search')}
          placeholder={t('elements.search_placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter.search}
          maxLength={SEARCH_MAX}
          type="search"
          miw={200}
          onChange={(event) => {
            const search = event.currentTarget.value;
            setFilter((f) => ({ ...f, search }));
          }}
        />
        <Select
          label={t('elements.filter_kind')}
          data={kindOptions}
          value={filter.kind ?? ''}
          allowDeselect={false}
          miw={150}
          onChange={(value) => {
            setFilter((f) => ({ ...f, kind: value === null || value === '' ? null : value }));
          }}
          data-testid="elements-kind-filter"
        />
        <Select
          label={t('elements.filter_tag')}
          data={tagOptions}
          value={filter.tag ?? ''}
          allowDeselect={false}
          miw={150}
          onChange={(value) => {
            setFilter((f) => ({ ...f, tag: value === null || value === '' ? null : value }));
          }}
          data-testid="elements-tag-filter"
        />
      </Group>
      {live.length === 0 && groups.length === 0 ? (
        <Text c="dimmed">{t('elements.empty')}</Text>
      ) : (
        shownCount === 0 &&
        live.length > 0 && (
          <Text c="dimmed" role="status">
            {t('elements.no_match')}
          </Text>
        )
      )}
      {lists.map((list) => (
        <BoardList
          key={list.id ?? 'none'}
          list={list}
          showHeading={groups.length > 0}
          onMove={move}
          onRename={(group) => {
            setDialog({ kind: 'rename-group', group });
          }}
          onDelete={confirmDeleteGroup}
        />
      ))}
      <ElementsTrash elements={trashed} />
      {dialog?.kind === 'element' && (
        <NewElementDialog elements={elements} groups={groups} onClose={close} />
      )}
      {dialog?.kind === 'custom-type' && <CustomTypeDialog onClose={close} />}
      {dialog?.kind === 'group' && (
        <NameDialog
          title={t('elements.new_group')}
          label={t('elements.group_name')}
          submitLabel={t('elements.create')}
          requiredMessage={t('elements.group_name_required')}
          onClose={close}
          onSubmit={async (name) => {
            await screen.store.createGroup(name, groups);
            close();
          }}
        />
      )}
      {dialog?.kind === 'rename-group' && (
        <NameDialog
          title={t('elements.rename_group')}
          label={t('elements.group_name')}
          submitLabel={t('elements.rename')}
          requiredMessage={t('elements.group_name_required')}
          initialValue={dialog.group.name}
          onClose={close}
          onSubmit={async (name) => {
            await screen.store.renameGroup(dialog.group.id, name);
            close();
          }}
        />
      )}
    </Stack>
  );
}

interface BoardListProps {
  list: BoardGroup;
  showHeading: boolean;
  onMove: (element: ElementRecord, by: -1 | 1) => void;
  onRename: (group: ElementGroup) => void;
  onDelete: (group: ElementGroup) => void;
}

function BoardList({ list, showHeading, onMove, onRename, onDelete }: BoardListProps) {
  const { t } = useTranslation();
  const { canWrite } = useElementsScreen();
  if (list.id === null && list.elements.length === 0) return null;
  const group: ElementGroup | null =
    list.id === null ? null : { id: list.id, name: list.name, _order: 0 };
  const heading = group ? group.name : t('elements.no_group');
  return (
    <Stack gap="xs" component="section" aria-label={heading}>
      {showHeading && (
        <Group gap="xs" justify="space-between">
          <Title order={3} size="h5">
            {heading}
          </Title>
          {group && canWrite && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('elements.group_actions', { name: group.name })}
                >
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => {
                    onRename(group);
                  }}
                >
                  {t('elements.rename_group')}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => {
                    onDelete(group);
                  }}
                >
                  {t('elements.delete_group')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      )}
      {list.elements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('elements.group_empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm">
          {list.elements.map((element, index) => (
            <ElementCard
              key={element.id}
              element={element}
              position={index}
              first={index === 0}
              last={index === list.elements.length - 1}
              onMove={(by) => {
                onMove(element, by);
              }}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
