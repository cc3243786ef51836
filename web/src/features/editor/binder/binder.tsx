import { DndContext, MeasuringStrategy } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { JSX, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { cssColor } from '@/lib/colors';
import type { LiveQuery } from '@/storage';
import type { MentionIndexState } from '@/text-editor';

import { chapterStatuses } from '../workspace/statuses';
import type { ChapterStatus } from '../workspace/statuses';
import type { Workspace } from '../workspace/types';
import { rowCommands } from './binder-commands';
import type { BinderDialog } from './binder-commands';
import { BinderDialogHost } from './binder-dialog-host';
import { countKept, filterTree } from './binder-filter';
import { MentionFilterControls, useMentionFilter } from './binder-mention-filter';
import { BinderRow } from './binder-row';
import { buildTree, childrenOf, nodeKey, ROOT } from './binder-tree';
import type { BinderNode, FlatNode, NodeLabel, NodeType } from './binder-tree';
import { useBinderActions } from './use-binder-actions';
import { useBinderDnd } from './use-binder-dnd';

export interface BinderProps {
  workspace: Workspace;
  activeChapterId: string | null;
  onOpenChapter: (chapterId: string) => void;
  /** Words per chapter id, when known (shown small beside the name). */
  words?: ReadonlyMap<string, number>;
  /** Copies a chapter's text into a new chapter (the page does it through the Yjs documents). */
  copyChapterText: (fromChapterId: string, toChapterId: string) => Promise<void>;
  /** Where the chapters mention each story element: the binder's filter by element. */
  mentions?: LiveQuery<MentionIndexState> | null;
}

const ignore = () => undefined;

/** The chapter to open when the open one went to the trash: the one above it, else below. */
function nearestChapter(
  rows: readonly FlatNode[],
  activeKey: string | null,
  gone: readonly string[],
): string | null {
  const at = rows.findIndex((r) => r.key === activeKey);
  const left = (r: FlatNode | undefined) =>
    r?.node.type === 'chapter' && !gone.includes(r.node.id) ? r.node.id : null;
  for (let i = at - 1; i >= 0; i -= 1) {
    const id = left(rows[i]);
    if (id) return id;
  }
  for (let i = at + 1; i < rows.length; i += 1) {
    const id = left(rows[i]);
    if (id) return id;
  }
  return null;
}

/**
 * The editor's left sidebar: the manuscript's sections, outlines, chapters and subchapters as
 * an ARIA tree (arrow keys move, Enter opens), with drag and drop (pointer or keyboard), the
 * row menus and the add buttons. Read-only workspaces navigate only. Memoised: the editor
 * screen re-renders often (word counts), the binder only when what it is handed changes.
 */
export const Binder = memo(function Binder({
  workspace,
  activeChapterId,
  onOpenChapter,
  words,
  copyChapterText,
  mentions = null,
}: BinderProps): JSX.Element {
  const { t } = useTranslation();
  const tree = useMemo(() => buildTree(workspace), [workspace]);
  const canWrite = workspace.canWrite;
  const asScenes = workspace.userSettings.subchaptersAsScenes;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [dialog, setDialog] = useState<BinderDialog | null>(null);
  const elements = useRef(new Map<string, HTMLDivElement>());
  const actions = useBinderActions(workspace, tree, copyChapterText);
  const filter = useMentionFilter(workspace, mentions);
  // Filtered, the binder shows the chapters mentioning the element in their places; rows are
  // not dragged then (a place among the rows shown is not a place in the manuscript).
  const shown = useMemo(
    () => (filter.keep ? filterTree(tree, filter.keep) : tree),
    [tree, filter.keep],
  );
  const canMove = canWrite && filter.keep === null;
  const manuscript = workspace.manuscript;
  const statuses = useMemo(() => chapterStatuses(manuscript), [manuscript]);
  const statusOf = (node: BinderNode): ChapterStatus | null => {
    const id = node.type === 'chapter' ? node.row.settings?.status_id : undefined;
    return statuses.find((s) => s.id === id) ?? null;
  };

  const handleDrop = useCallback(
    (key: string, drop: { parentKey: string; index: number }) => {
      actions.move(key, drop.parentKey, drop.index).catch(ignore);
    },
    [actions],
  );
  const dnd = useBinderDnd(shown, collapsed, handleDrop);
  const rows = dnd.rows;

  const activeKey = activeChapterId ? nodeKey('chapter', activeChapterId) : null;
  const visible = (key: string | null) => key !== null && rows.some((r) => r.key === key);
  const tabStopKey = visible(focusedKey)
    ? focusedKey
    : visible(activeKey)
      ? activeKey
      : (rows[0]?.key ?? null);

  const setOpen = (key: string, open: boolean) => {
    setCollapsed((current) => {
      if (current.has(key) !== open) return current;
      const next = new Set(current);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });
  };
  const focusRow = (key: string | undefined) => {
    if (!key) return;
    setFocusedKey(key);
    elements.current.get(key)?.focus();
  };
  const activate = (node: BinderNode) => {
    setFocusedKey(node.key);
    if (node.type === 'chapter') onOpenChapter(node.id);
    else setOpen(node.key, collapsed.has(node.key));
  };

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    const row = rows[index];
    if (!row) return;
    const hasChildren = row.node.children.length > 0;
    const open = hasChildren && !collapsed.has(row.key);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(rows[index + 1]?.key),
      ArrowUp: () => focusRow(rows[index - 1]?.key),
      Home: () => focusRow(rows[0]?.key),
      End: () => focusRow(rows.at(-1)?.key),
      ArrowRight: () => {
        if (hasChildren && !open) setOpen(row.key, true);
        else if (open) focusRow(rows[index + 1]?.key);
      },
      ArrowLeft: () => {
        if (open) setOpen(row.key, false);
        else if (row.parentKey !== ROOT) focusRow(row.parentKey);
      },
      Enter: () => activate(row.node),
      F2: () => {
        if (canWrite) setDialog({ type: 'rename', key: row.key });
      },
      Delete: () => {
        if (canWrite) setDialog({ type: 'delete', key: row.key });
      },
    };
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  }

  const commandContext = {
    tree,
    canWrite,
    asScenes,
    t,
    open: setDialog,
    promote: (key: string) => void actions.promote(key).catch(ignore),
    demote: (key: string) => void actions.demote(key).catch(ignore),
    duplicate: (key: string) => void actions.duplicate(key).catch(ignore),
  };
  const openAdd = (nodeType: NodeType, label: NodeLabel) => {
    setDialog({ type: 'add', nodeType, parentKey: ROOT, label });
  };

  return (
    <Stack gap="xs" p="xs" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id="binder-title">
          {t('binder.title')}
        </Title>
      </Group>
      {canWrite && (
        <Group gap={4}>
          {(['chapter', 'section', 'outline'] as const).map((type) => (
            <Button
              key={type}
              size="compact-xs"
              variant="light"
              leftSection={<IconPlus size={12} />}
              onClick={() => {
                openAdd(type, type);
              }}
            >
              {t(`binder.add.${type}`)}
            </Button>
          ))}
        </Group>
      )}
      {mentions && (
        <MentionFilterControls filter={filter} count={countKept(shown, filter.keep ?? new Set())} />
      )}
      {rows.length === 0 && filter.keep === null && (
        <Text size="sm" c="dimmed">
          {t('binder.empty')}
        </Text>
      )}
      <DndContext
        sensors={dnd.sensors}
        collisionDetection={dnd.collisionDetection}
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{
          announcements: dnd.announcements,
          screenReaderInstructions: { draggable: t('binder.drag.instructions') },
        }}
        onDragStart={dnd.onDragStart}
        onDragMove={dnd.onDragMove}
        onDragOver={dnd.onDragOver}
        onDragEnd={dnd.onDragEnd}
        onDragCancel={dnd.onDragCancel}
      >
        <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
          <Box role="tree" aria-label={t('binder.tree_label')} style={{ overflowY: 'auto' }}>
            {rows.map((row, index) => {
              const node = row.node;
              const siblings = childrenOf(shown, node.parentKey);
              // The row as the manuscript holds it (filtered, some children are not shown).
              const whole = tree.nodes.get(node.key) ?? node;
              const dragged = dnd.activeKey === row.key;
              return (
                <BinderRow
                  key={row.key}
                  node={node}
                  depth={dragged && dnd.drop ? dnd.drop.depth : row.depth}
                  name={node.name || t('binder.unnamed')}
                  expanded={node.children.length > 0 ? !collapsed.has(row.key) : undefined}
                  active={row.key === activeKey}
                  tabStop={row.key === tabStopKey}
                  canWrite={canWrite}
                  canMove={canMove}
                  posInSet={siblings.indexOf(node) + 1}
                  setSize={siblings.length}
                  words={node.type === 'chapter' ? words?.get(node.id) : undefined}
                  status={statusOf(node)}
                  color={cssColor(node.row.meta?.color)}
                  commands={rowCommands(whole, commandContext)}
                  onActivate={() => {
                    activate(node);
                  }}
                  onToggle={() => {
                    setOpen(row.key, collapsed.has(row.key));
                  }}
                  onKeyDown={(event) => {
                    handleKeyDown(event, index);
                  }}
                  onFocusRow={() => {
                    setFocusedKey(row.key);
                  }}
                  register={(element) => {
                    if (element) elements.current.set(row.key, element);
                    else elements.current.delete(row.key);
                  }}
                />
              );
            })}
          </Box>
        </SortableContext>
      </DndContext>
      <VisuallyHidden aria-live="polite">{dnd.placeText}</VisuallyHidden>
      {dialog && (
        <BinderDialogHost
          dialog={dialog}
          tree={tree}
          workspace={workspace}
          actions={actions}
          onClose={() => {
            setDialog(null);
          }}
          onRemoved={({ trashedChapterIds, addedChapterId }) => {
            if (!activeChapterId || !trashedChapterIds.includes(activeChapterId)) return;
            const next = addedChapterId ?? nearestChapter(rows, activeKey, trashedChapterIds);
            if (next) onOpenChapter(next);
          }}
          onAdded={(id, added) => {
            if (added.parentKey !== ROOT) setOpen(added.parentKey, true);
            if (added.nodeType === 'chapter') onOpenChapter(id);
          }}
        />
      )}
    </Stack>
  );
});
