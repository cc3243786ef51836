import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconDots, IconGripVertical } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { ChapterStatus } from '../workspace/statuses';
import type { BinderNode } from './binder-tree';

/** Pixels per level: the depth of a row, and the drag distance that changes it. */
export const INDENT = 16;

/** A menu entry as data: `rowCommands` decides them, the row's menu only renders them. */
export interface RowCommand {
  id: string;
  label: string;
  danger?: boolean;
  run: () => void;
}

interface BinderRowProps {
  node: BinderNode;
  /** The depth shown (the projected one while this row is dragged). */
  depth: number;
  /** Shown name ('Untitled' for an empty one). */
  name: string;
  /** undefined for a row without children. */
  expanded: boolean | undefined;
  active: boolean;
  /** The tree's one tab stop. */
  tabStop: boolean;
  canWrite: boolean;
  /** Whether the row may be dragged (not while the binder is filtered). */
  canMove?: boolean;
  posInSet: number;
  setSize: number;
  words: number | undefined;
  status: ChapterStatus | null;
  color: string | null;
  commands: readonly RowCommand[];
  onActivate: () => void;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocusRow: () => void;
  register: (element: HTMLDivElement | null) => void;
}

/** One row of the binder: a `treeitem` with its drag handle, name, status, words and menu. */
export function BinderRow(props: BinderRowProps) {
  const { node, depth, name, expanded, active, tabStop, canWrite, words, status, color } = props;
  const { t, i18n } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: node.key, disabled: !(props.canMove ?? canWrite) });
  const nameId = `binder-name-${node.key.replace(':', '-')}`;
  const inner = tabStop ? 0 : -1;

  return (
    <Box
      ref={(element: HTMLDivElement | null) => {
        setNodeRef(element);
        props.register(element);
      }}
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={expanded}
      aria-selected={active}
      aria-posinset={props.posInSet}
      aria-setsize={props.setSize}
      aria-labelledby={nameId}
      tabIndex={inner}
      onKeyDown={props.onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) props.onFocusRow();
      }}
      data-active={active || undefined}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        paddingLeft: depth * INDENT,
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
        outlineOffset: -2,
      }}
    >
      <Group gap={2} wrap="nowrap" py={2} pr={4}>
        {(props.canMove ?? canWrite) && (
          <ActionIcon
            {...attributes}
            {...listeners}
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            tabIndex={inner}
            aria-label={t('binder.drag.handle', { name })}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        {expanded === undefined ? (
          <Box w={22} />
        ) : (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            tabIndex={-1}
            aria-label={t(expanded ? 'binder.collapse' : 'binder.expand', { name })}
            onClick={props.onToggle}
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        )}
        <Box
          aria-hidden
          w={8}
          h={8}
          style={{
            borderRadius: '50%',
            flex: 'none',
            background: color ?? 'transparent',
            border: color ? undefined : '1px solid var(--mantine-color-dimmed)',
          }}
        />
        <UnstyledButton
          id={nameId}
          tabIndex={inner}
          onClick={props.onActivate}
          fw={node.type === 'chapter' ? undefined : 600}
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
          fz="sm"
          aria-current={active ? 'page' : undefined}
        >
          {name}
        </UnstyledButton>
        {status && (
          <Badge size="xs" variant="light" color={status.color}>
            {status.labelKey ? t(status.labelKey) : status.name}
          </Badge>
        )}
        {words !== undefined && (
          // Dimmed grey does not read on the selected row's tint: it takes the text colour.
          <Text
            size="xs"
            c={active ? undefined : 'dimmed'}
            aria-label={t('binder.words', { count: words })}
          >
            {words.toLocaleString(i18n.language)}
          </Text>
        )}
        {props.commands.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                tabIndex={inner}
                aria-label={t('binder.menu.options', { name })}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {props.commands.map((command) => (
                <Menu.Item
                  key={command.id}
                  color={command.danger ? 'red' : undefined}
                  onClick={command.run}
                >
                  {command.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Box>
  );
}
