import { ActionIcon, Divider, Group, Stack } from '@mantine/core';
import {
  IconFileSettings,
  IconMaximize,
  IconMessagePlus,
  IconMessages,
  IconMinimize,
  IconSearch,
  IconSuperscript,
  type Icon,
} from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  alignCommands,
  blockCommands,
  historyCommands,
  insertCommands,
  markCommands,
} from '@/editor';

import { CommandButton } from './command-button';
import { BlockStylePicker, FontFamilyPicker, FontSizePicker } from './font-pickers';
import { LinkButton } from './link-button';
import { useToolbarState } from './toolbar-state';
import { ToolbarTooltip } from './toolbar-tooltip';

export interface ToolbarActions {
  commentsEnabled: boolean;
  /** Whether a comment can be started on the selection (writers and Commenters). */
  canComment: boolean;
  commentsOpen: boolean;
  onComment: () => void;
  onToggleComments: () => void;
  onFootnote: () => void;
  onFind: () => void;
  onPageSetup: () => void;
  focusMode: boolean;
  onFocusModeChange: (on: boolean) => void;
}

function ActionButton(props: {
  label: string;
  icon: Icon;
  disabled?: boolean;
  onClick: () => void;
}) {
  const ActionIconGlyph = props.icon;
  return (
    <ToolbarTooltip label={props.label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={props.label}
        disabled={props.disabled}
        onMouseDown={(event) => {
          event.preventDefault();
        }}
        onClick={props.onClick}
      >
        <ActionIconGlyph size={18} />
      </ActionIcon>
    </ToolbarTooltip>
  );
}

export function FocusModeButton(props: {
  focusMode: boolean;
  onFocusModeChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionButton
      label={props.focusMode ? t('chapter_editor.focus.exit') : t('chapter_editor.focus.enter')}
      icon={props.focusMode ? IconMinimize : IconMaximize}
      onClick={() => {
        props.onFocusModeChange(!props.focusMode);
      }}
    />
  );
}

/**
 * The fixed toolbar above the page. `end` holds the saving indicator; `writable` is whether
 * the body lets the writer edit.
 */
export function ChapterToolbar(props: {
  editor: Editor;
  writable: boolean;
  actions: ToolbarActions;
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  const { editor, actions } = props;
  const state = useToolbarState(editor, props.writable);
  const writable = state.editable;
  const commands = (list: typeof markCommands) =>
    list.map((command) => (
      <CommandButton key={command.id} editor={editor} command={command} state={state} />
    ));

  return (
    <Group
      role="toolbar"
      aria-label={t('chapter_editor.toolbar_label')}
      gap={4}
      px="sm"
      py={6}
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {commands(historyCommands)}
      <Divider orientation="vertical" />
      <BlockStylePicker editor={editor} state={state} />
      <FontFamilyPicker editor={editor} state={state} />
      <FontSizePicker editor={editor} state={state} />
      <Divider orientation="vertical" />
      {commands(markCommands)}
      <LinkButton editor={editor} link={state.link} disabled={!writable} />
      <Divider orientation="vertical" />
      {commands(blockCommands)}
      {commands(alignCommands)}
      <Divider orientation="vertical" />
      {commands(insertCommands)}
      <ActionButton
        label={t('chapter_editor.footnotes.insert')}
        icon={IconSuperscript}
        disabled={!writable}
        onClick={actions.onFootnote}
      />
      {actions.commentsEnabled && (
        <ActionButton
          label={t('chapter_editor.comments.button')}
          icon={IconMessagePlus}
          disabled={!actions.canComment || !state.hasSelection}
          onClick={actions.onComment}
        />
      )}
      {actions.commentsEnabled && (
        <ActionButton
          label={t('chapter_editor.comments.panel')}
          icon={IconMessages}
          onClick={actions.onToggleComments}
        />
      )}
      <Divider orientation="vertical" />
      <ActionButton
        label={t('chapter_editor.find.open')}
        icon={IconSearch}
        onClick={actions.onFind}
      />
      <ActionButton
        label={t('chapter_editor.page_setup.open')}
        icon={IconFileSettings}
        disabled={!writable}
        onClick={actions.onPageSetup}
      />
      <FocusModeButton
        focusMode={actions.focusMode}
        onFocusModeChange={actions.onFocusModeChange}
      />
      <Group ml="auto" gap="xs">
        {props.end}
      </Group>
    </Group>
  );
}

/** The compact toolbar on the editor's right side (the floating-toolbar setting). */
export function FloatingToolbar(props: { editor: Editor; writable: boolean }) {
  const { t } = useTranslation();
  const state = useToolbarState(props.editor, props.writable);
  const list = [...markCommands, ...blockCommands.slice(0, 2)];
  return (
    <div
      className="chapter-floating-toolbar"
      role="toolbar"
      aria-label={t('chapter_editor.floating_toolbar_label')}
    >
      <Stack gap={4}>
        {list.map((command) => (
          <CommandButton key={command.id} editor={props.editor} command={command} state={state} />
        ))}
      </Stack>
    </div>
  );
}
