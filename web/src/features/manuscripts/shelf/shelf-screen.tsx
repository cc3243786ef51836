import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle, useNetwork } from '@mantine/hooks';
import {
  IconBooks,
  IconFolderPlus,
  IconFolderQuestion,
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconSearch,
  IconTrash,
  IconWifiOff,
  IconX,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { NameDialog, showSuccess } from '@/components/ui';
import { paths, TEXT_FOCUS_STATE } from '@/lib/paths';
import type { ManuscriptsPort } from '@/storage';

import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { MoveDialog } from '../dialogs/move-dialog';
import { NewManuscriptDialog } from '../dialogs/new-manuscript-dialog';
import type { NewManuscriptChoice } from '../dialogs/new-manuscript-dialog';
import { TrashView } from '../trash/trash-view';
import type { ShelfAddons } from './addons';
import { commandIdsFor } from './item-commands';
import type { ItemCommand } from './item-commands';
import { useManuscriptsPort } from './port-context';
import { itemHref, ShelfItems } from './shelf-items';
import {
  arrangeShelf,
  DEFAULT_SHELF_SORT,
  folderTrail,
  hasTrash,
  itemsIn,
  SHELF_SORT_KEYS,
} from './shelf-logic';
import type { ShelfItem, SortOrder } from './shelf-logic';
import { SortMenu } from './sort-menu';
import { useReportFailure } from './use-report-failure';
import { useShelfData } from './use-shelf-data';
import type { ShelfData } from './use-shelf-data';
import { useViewMode } from './use-view-mode';

/** Searches in a modal or page are at most 128 characters. */
const SEARCH_MAX = 128;

type Dialog =
  | { type: 'new-folder' }
  | { type: 'new-manuscript' }
  | { type: 'rename' | 'move' | 'duplicate' | 'export' | 'delete'; item: ShelfItem };

/** The manuscripts list at the root (`folderId` null) or inside a folder. */
export function ShelfScreen({
  folderId,
  addons,
}: {
  folderId: string | null;
  /** What other features add (import, export), composed by `app/`. */
  addons?: ShelfAddons | undefined;
}) {
  const { t } = useTranslation();
  const port = useManuscriptsPort();
  const data = useShelfData(port);
  if (!port || !data.loaded) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const shelf = <Shelf port={port} data={data} folderId={folderId} addons={addons} />;
  return addons ? <addons.Frame folderId={folderId}>{shelf}</addons.Frame> : shelf;
}

function Shelf({
  port,
  data,
  folderId,
  addons,
}: {
  port: ManuscriptsPort;
  data: ShelfData;
  folderId: string | null;
  addons: ShelfAddons | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const network = useNetwork();
  const reportFailure = useReportFailure();
  const [mode, setMode] = useViewMode();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SHELF_SORT);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { folders, manuscripts } = data;

  const trashView = params.get('view') === 'trash';
  const trail = useMemo(() => folderTrail(folderId, folders), [folderId, folders]);
  const current = folderId === null ? null : (trail.at(-1) ?? null);
  const folderMissing = folderId !== null && current?.id !== folderId;
  const items = useMemo(
    () => arrangeShelf(itemsIn(folderId, folders, manuscripts), query, order),
    [folderId, folders, manuscripts, query, order],
  );
  const trashExists = hasTrash(folders, manuscripts);
  const online = network.online && !data.offline;

  const heading = trashView
    ? t('manuscripts.trash.title')
    : folderMissing
      ? t('manuscripts.folder.title')
      : (current?.name ?? t('manuscripts.list.title'));
  useDocumentTitle(t('app.document_title', { page: heading }));

  const close = () => {
    setDialog(null);
  };

  /** Runs an action of a dialog: on failure it is reported and the dialog stays open. */
  async function attempt(action: () => Promise<void>, offlineMessage?: string): Promise<void> {
    try {
      await action();
      close();
    } catch (error) {
      reportFailure(error, offlineMessage);
      throw error;
    }
  }

  function commandsFor(item: ShelfItem): ItemCommand[] {
    return commandIdsFor(item, { canExport: addons !== undefined }).map((id) => ({
      id,
      label: t(`manuscripts.item.commands.${id}`),
      danger: id === 'delete',
      run:
        id === 'open'
          ? () => void navigate(itemHref(item))
          : () => {
              setDialog({ type: id, item });
            },
    }));
  }

  /** Makes the manuscript, then opens it with the caret in its first chapter's text. */
  async function createManuscript(choice: NewManuscriptChoice) {
    const openNew = (created: { id: string }) => {
      void navigate(paths.manuscript(created.id), { state: TEXT_FOCUS_STATE });
    };
    if (choice.source === 'blank') {
      await attempt(async () => {
        openNew(await port.saveManuscript({ title: choice.title, folder_id: folderId }));
      });
      return;
    }
    const offline = t('manuscripts.new_manuscript.offline');
    await attempt(async () => {
      openNew(
        await port.createFromTemplate(choice.template.id, {
          title: choice.title,
          folder_id: folderId,
        }),
      );
    }, offline);
  }

  function renderDialog() {
    if (!dialog) return null;
    switch (dialog.type) {
      case 'new-folder':
        return (
          <NameDialog
            title={t('manuscripts.folder_dialog.create_title')}
            label={t('manuscripts.folder_dialog.name_label')}
            submitLabel={t('manuscripts.folder_dialog.create')}
            requiredMessage={t('manuscripts.validation.folder_name_required')}
            onSubmit={(name) =>
              attempt(async () => {
                await port.saveFolder({ name, folder_id: folderId });
              })
            }
            onClose={close}
          />
        );
      case 'new-manuscript':
        return <NewManuscriptDialog online={online} onCreate={createManuscript} onClose={close} />;
      case 'rename': {
        const { item } = dialog;
        const folder = item.kind === 'folder';
        return (
          <NameDialog
            title={t(
              folder ? 'manuscripts.rename.folder_title' : 'manuscripts.rename.manuscript_title',
            )}
            label={t(
              folder ? 'manuscripts.folder_dialog.name_label' : 'manuscripts.rename.title_label',
            )}
            submitLabel={t('manuscripts.rename.submit')}
            requiredMessage={t(
              folder
                ? 'manuscripts.validation.folder_name_required'
                : 'manuscripts.validation.manuscript_title_required',
            )}
            initialValue={item.title}
            onSubmit={(value) =>
              attempt(async () => {
                if (folder) await port.saveFolder({ id: item.id, name: value });
                else await port.saveManuscript({ id: item.id, title: value });
              })
            }
            onClose={close}
          />
        );
      }
      case 'move': {
        const { item } = dialog;
        return (
          <MoveDialog
            item={item}
            folders={folders}
            onMove={(target) =>
              attempt(async () => {
                if (item.kind === 'folder')
                  await port.saveFolder({ id: item.id, folder_id: target });
                else await port.saveManuscript({ id: item.id, folder_id: target });
              })
            }
            onClose={close}
          />
        );
      }
      case 'duplicate': {
        const { item } = dialog;
        return (
          <NameDialog
            title={t('manuscripts.duplicate.title')}
            label={t('manuscripts.duplicate.label')}
            submitLabel={t('manuscripts.duplicate.submit')}
            requiredMessage={t('manuscripts.validation.manuscript_title_required')}
            initialValue={t('manuscripts.duplicate.default_title', { title: item.title })}
            onSubmit={(title) =>
              attempt(async () => {
                await port.duplicateManuscript(item.id, title);
              }, t('manuscripts.duplicate.offline'))
            }
            onClose={close}
          />
        );
      }
      case 'export':
        return addons ? (
          <addons.ExportDialog
            manuscript={{ id: dialog.item.id, title: dialog.item.title }}
            onClose={close}
          />
        ) : null;
      case 'delete': {
        const { item } = dialog;
        const folder = item.kind === 'folder';
        return (
          <ConfirmDialog
            title={t(
              folder ? 'manuscripts.delete.folder_title' : 'manuscripts.delete.manuscript_title',
            )}
            message={t(
              folder ? 'manuscripts.delete.folder_text' : 'manuscripts.delete.manuscript_text',
              {
                title: item.title,
              },
            )}
            confirmLabel={t('manuscripts.delete.submit')}
            onConfirm={() =>
              attempt(async () => {
                if (folder) await port.deleteFolder(item.id);
                else await port.deleteManuscript(item.id);
                showSuccess(
                  t(
                    folder
                      ? 'manuscripts.notices.folder_deleted'
                      : 'manuscripts.notices.manuscript_deleted',
                  ),
                );
              })
            }
            onClose={close}
          />
        );
      }
    }
  }

  const newButtons = (
    <>
      <Button
        variant="default"
        leftSection={<IconFolderPlus size={16} />}
        onClick={() => {
          setDialog({ type: 'new-folder' });
        }}
      >
        {t('manuscripts.toolbar.new_folder')}
      </Button>
      <Button
        leftSection={<IconPlus size={16} />}
        onClick={() => {
          setDialog({ type: 'new-manuscript' });
        }}
      >
        {t('manuscripts.toolbar.new_manuscript')}
      </Button>
    </>
  );

  function renderBody() {
    if (trashView) {
      return (
        <TrashView
          port={port}
          folders={folders}
          manuscripts={manuscripts}
          onBack={() => void navigate(paths.manuscripts)}
        />
      );
    }
    if (folderMissing) {
      return (
        <EmptyState
          icon={<IconFolderQuestion size={28} />}
          withIndicatorBackground
          title={t('manuscripts.folder.not_found_title')}
          description={t('manuscripts.folder.not_found_text')}
          py="xl"
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.manuscripts}>
              {t('manuscripts.folder.back')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    if (items.length === 0 && query.trim() !== '') {
      return (
        <EmptyState
          icon={<IconSearch size={28} />}
          withIndicatorBackground
          title={t('manuscripts.empty.search_title')}
          description={t('manuscripts.empty.search_text', { query: query.trim() })}
          py="xl"
        >
          <EmptyState.Actions>
            <Button
              variant="default"
              onClick={() => {
                setQuery('');
              }}
            >
              {t('manuscripts.toolbar.clear_search')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      );
    }
    if (items.length === 0) {
      const root = folderId === null;
      return (
        <EmptyState
          icon={<IconBooks size={28} />}
          withIndicatorBackground
          title={t(root ? 'manuscripts.empty.root_title' : 'manuscripts.empty.folder_title')}
          description={t(root ? 'manuscripts.empty.root_text' : 'manuscripts.empty.folder_text')}
          py="xl"
        >
          <EmptyState.Actions>{newButtons}</EmptyState.Actions>
        </EmptyState>
      );
    }
    return <ShelfItems items={items} mode={mode} commandsFor={commandsFor} />;
  }

  const crumbs = [
    ...(folderId !== null || trashView
      ? [
          <Anchor component={Link} to={paths.manuscripts} key="root">
            {t('manuscripts.list.title')}
          </Anchor>,
        ]
      : []),
    ...(trashView
      ? []
      : trail.slice(0, -1).map((folder) => (
          <Anchor component={Link} to={paths.folder(folder.id)} key={folder.id}>
            {folder.name}
          </Anchor>
        ))),
  ];

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          {crumbs.length > 0 && (
            <nav aria-label={t('manuscripts.breadcrumb_label')}>
              <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
                {crumbs}
                <Text size="sm" aria-current="page">
                  {heading}
                </Text>
              </Breadcrumbs>
            </nav>
          )}
          <Group justify="space-between" align="center" gap="sm">
            <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {heading}
            </Title>
            {!trashView && trashExists && (
              <Button
                component={Link}
                to={paths.recentlyDeleted}
                variant="subtle"
                color="gray"
                leftSection={<IconTrash size={16} />}
              >
                {t('manuscripts.trash.title')}
              </Button>
            )}
          </Group>
        </Stack>
        {!online && (
          <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />} role="status">
            {t('manuscripts.offline')}
          </Alert>
        )}
        {!trashView && !folderMissing && (
          <Group gap="sm" justify="space-between">
            <TextInput
              type="search"
              aria-label={t('manuscripts.toolbar.search_label')}
              placeholder={t('manuscripts.toolbar.search_placeholder')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                query !== '' ? (
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-xs"
                    px={4}
                    aria-label={t('manuscripts.toolbar.clear_search')}
                    onClick={() => {
                      setQuery('');
                    }}
                  >
                    <IconX size={14} />
                  </Button>
                ) : null
              }
              value={query}
              maxLength={SEARCH_MAX}
              onChange={(event) => {
                setQuery(event.currentTarget.value);
              }}
              style={{ flex: '1 1 14rem', maxWidth: '28rem' }}
            />
            <Group gap="sm">
              <SortMenu keys={SHELF_SORT_KEYS} value={order} onChange={setOrder} />
              <SegmentedControl
                aria-label={t('manuscripts.toolbar.view_label')}
                value={mode}
                onChange={(value) => {
                  setMode(value === 'list' ? 'list' : 'grid');
                }}
                data={[
                  {
                    value: 'grid',
                    label: (
                      <Center>
                        <IconLayoutGrid size={16} aria-hidden="true" />
                        <VisuallyHidden>{t('manuscripts.toolbar.view_grid')}</VisuallyHidden>
                      </Center>
                    ),
                  },
                  {
                    value: 'list',
                    label: (
                      <Center>
                        <IconList size={16} aria-hidden="true" />
                        <VisuallyHidden>{t('manuscripts.toolbar.view_list')}</VisuallyHidden>
                      </Center>
                    ),
                  },
                ]}
              />
              {newButtons}
              {addons && <addons.ToolbarAction />}
            </Group>
          </Group>
        )}
        {renderBody()}
      </Stack>
      {renderDialog()}
    </Container>
  );
}
