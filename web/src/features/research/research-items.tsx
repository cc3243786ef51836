/**
 * A research's items in their order: notes (rich text), links (the writer's title, opened in a
 * new tab), pictures (shown) and PDF files (opened in a new tab, where the browser shows them);
 * each added, edited, removed (after a confirmation) and moved up or down with buttons.
 */
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconExternalLink,
  IconFileTypePdf,
  IconLink,
  IconNote,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TitleInput } from '@/components/ui';
import { RichTextField } from '@/components/ui/rich-text-field';
import { newId } from '@/storage';

import { LinkDialog } from './link-dialog';
import { useResearchScreen } from './research-context';
import type { NewItem, ResearchItem, ResearchRecord } from './research-rules';
import {
  addItem,
  editItem,
  fileItemName,
  moveItem,
  RESEARCH_NAME_MAX,
  removeItem,
} from './research-rules';
import { UploadButton } from './upload-button';
import { useKeptDraft } from './use-kept-draft';

const ICONS = { note: IconNote, link: IconLink, image: IconPhoto, file: IconFileTypePdf };

export function ResearchItems({ research }: { research: ResearchRecord }) {
  const { t } = useTranslation();
  const screen = useResearchScreen();
  const [addingLink, setAddingLink] = useState(false);
  const { items } = research;
  const change = (edit: (list: ResearchItem[]) => ResearchItem[]) =>
    screen.store.changeItems(research.id, edit);
  const add = (item: NewItem) => change((list) => addItem(list, item, newId()));

  return (
    <Stack gap="xs" component="section" aria-labelledby="research-items-title">
      <Title order={3} size="h5" id="research-items-title">
        {t('research.items.label')}
      </Title>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('research.items.empty')}
        </Text>
      )}
      {items.map((item, index) => (
        <ItemCard
          key={item.id}
          item={item}
          number={index + 1}
          first={index === 0}
          last={index === items.length - 1}
          change={change}
        />
      ))}
      {screen.canWrite && (
        <Group gap="xs" align="flex-start">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              void add({ type: 'note', content: '' });
            }}
          >
            {t('research.items.add_note')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => {
              setAddingLink(true);
            }}
          >
            {t('research.items.add_link')}
          </Button>
          <UploadButton
            manuscriptId={screen.manuscriptId}
            accept="image"
            label={t('research.items.add_image')}
            testId="research-image-input"
            onUploaded={(url, file) => add({ type: 'image', url, name: fileItemName(file.name) })}
          />
          <UploadButton
            manuscriptId={screen.manuscriptId}
            accept="document"
            label={t('research.items.add_file')}
            testId="research-file-input"
            onUploaded={(url, file) => add({ type: 'file', url, name: fileItemName(file.name) })}
          />
        </Group>
      )}
      {addingLink && (
        <LinkDialog
          title={t('research.link.add_title')}
          submitLabel={t('research.link.add')}
          onClose={() => {
            setAddingLink(false);
          }}
          onSubmit={async (link) => {
            await add({ type: 'link', ...link });
            setAddingLink(false);
          }}
        />
      )}
    </Stack>
  );
}

interface ItemCardProps {
  item: ResearchItem;
  number: number;
  first: boolean;
  last: boolean;
  change: (edit: (list: ResearchItem[]) => ResearchItem[]) => Promise<void>;
}

/** The name an item goes by in the controls' labels (screen readers tell the items apart). */
function useItemLabel(item: ResearchItem, number: number): string {
  const { t } = useTranslation();
  const kind = t(`research.items.kind.${item.type}`);
  const name =
    item.type === 'link' ? item.title || item.url : item.type === 'note' ? '' : item.name;
  return name === '' ? `${kind} ${String(number)}` : `${kind} ${String(number)}: ${name}`;
}

function ItemCard({ item, number, first, last, change }: ItemCardProps) {
  const { t } = useTranslation();
  const { canWrite } = useResearchScreen();
  const [editingLink, setEditingLink] = useState(false);
  const label = useItemLabel(item, number);
  const Icon = ICONS[item.type];
  const paper = useRef<HTMLDivElement>(null);
  // A move re-renders the list in its new order, which may take the focus off the button: it
  // goes back to it (or to the other move button, at either end) once the item has moved.
  const refocus = useRef<{ key: 'move_up' | 'move_down'; from: number } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (pending === null || pending.from === number) return;
    refocus.current = null;
    const button = (key: string) =>
      paper.current?.querySelector<HTMLButtonElement>(`[data-tool="${key}"]:not(:disabled)`);
    (button(pending.key) ?? button(pending.key === 'move_up' ? 'move_down' : 'move_up'))?.focus();
  }, [number]);

  function move(key: 'move_up' | 'move_down') {
    refocus.current = { key, from: number };
    void change((list) => moveItem(list, item.id, key === 'move_up' ? -1 : 1));
  }

  function confirmRemove() {
    modals.openConfirmModal({
      title: t('research.items.remove_title'),
      centered: true,
      children: <Text size="sm">{t('research.items.remove_confirm', { name: label })}</Text>,
      labels: { confirm: t('research.items.remove_submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        void change((list) => removeItem(list, item.id));
      },
    });
  }

  const tool = (key: 'move_up' | 'move_down' | 'remove' | 'edit', disabled = false) => (
    <Tooltip label={t(`research.items.${key}`)}>
      <ActionIcon
        variant="subtle"
        color={key === 'remove' ? 'red' : undefined}
        aria-label={`${t(`research.items.${key}`)}: ${label}`}
        data-tool={key}
        disabled={disabled}
        onClick={() => {
          if (key === 'edit') setEditingLink(true);
          else if (key === 'remove') confirmRemove();
          else move(key);
        }}
      >
        {key === 'move_up' && <IconArrowUp size={16} aria-hidden />}
        {key === 'move_down' && <IconArrowDown size={16} aria-hidden />}
        {key === 'remove' && <IconTrash size={16} aria-hidden />}
        {key === 'edit' && <IconPencil size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper
      ref={paper}
      withBorder
      p="xs"
      radius="sm"
      data-testid="research-item"
      data-type={item.type}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <Icon size={16} aria-hidden />
          <Text size="sm" fw={500}>
            {t(`research.items.kind.${item.type}`)}
          </Text>
        </Group>
        {item.type === 'note' && <NoteBody item={item} label={label} change={change} />}
        {item.type === 'link' && (
          <Stack gap={2}>
            <Anchor href={item.url} target="_blank" rel="noopener noreferrer" fw={500}>
              {item.title || item.url}
              <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4 }} />
            </Anchor>
            {item.title !== '' && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.url}
              </Text>
            )}
          </Stack>
        )}
        {item.type === 'image' && (
          <Image
            src={item.url}
            alt={item.name || label}
            mah={320}
            w="auto"
            fit="contain"
            radius="sm"
          />
        )}
        {item.type === 'file' && (
          <Anchor href={item.url} target="_blank" rel="noopener noreferrer" fw={500}>
            {t('research.items.open_file', { name: item.name || label })}
            <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4 }} />
          </Anchor>
        )}
        {(item.type === 'image' || item.type === 'file') && canWrite && (
          <ItemName item={item} label={label} change={change} />
        )}
        {canWrite && (
          <Group gap={4} justify="flex-end">
            {item.type === 'link' && tool('edit')}
            {tool('move_up', first)}
            {tool('move_down', last)}
            {tool('remove')}
          </Group>
        )}
      </Stack>
      {editingLink && item.type === 'link' && (
        <LinkDialog
          title={t('research.link.edit_title')}
          submitLabel={t('research.link.save')}
          initial={{ url: item.url, title: item.title }}
          onClose={() => {
            setEditingLink(false);
          }}
          onSubmit={async (link) => {
            await change((list) => editItem(list, item.id, link));
            setEditingLink(false);
          }}
        />
      )}
    </Paper>
  );
}

interface BodyProps<T extends ResearchItem['type']> {
  item: Extract<ResearchItem, { type: T }>;
  label: string;
  change: ItemCardProps['change'];
}

function NoteBody({ item, label, change }: BodyProps<'note'>) {
  const { canWrite } = useResearchScreen();
  const draft = useKeptDraft(item.content, (content) => {
    void change((list) => editItem(list, item.id, { content }));
  });
  return (
    <RichTextField
      label={label}
      value={draft.value}
      readOnly={!canWrite}
      onChange={draft.change}
      onBlur={draft.flush}
    />
  );
}

/** A picture's or file's name (its alt text, its link's words), kept after a pause in typing. */
function ItemName({ item, label, change }: BodyProps<'image' | 'file'>) {
  const { t } = useTranslation();
  const draft = useKeptDraft(item.name, (name) => {
    void change((list) => editItem(list, item.id, { name: name.trim() }));
  });
  return (
    <TitleInput
      label={t('research.items.name')}
      aria-label={`${t('research.items.name')}: ${label}`}
      value={draft.value}
      maxLength={RESEARCH_NAME_MAX}
      onChange={draft.change}
      onBlur={draft.flush}
    />
  );
}
