/**
 * The chapter's toolbars: the fixed one above the page (all of it on wide screens; on a phone
 * one row with a "More" menu for the rest) and the floating one beside it.
 */
import { ActionIcon, Divider, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Editor } from '@tiptap/react';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  alignCommands,
  blockCommands,
  historyCommands,
  insertCommands,
  markCommands,
} from '@/text-editor';

import { CommandButton } from './command-button';
import { BlockStylePicker, FontFamilyPicker, FontSizePicker } from './font-pickers';
import { LinkButton } from './link-button';
import { focusAction, toolbarActions } from './toolbar-actions';
import type { ToolbarAction, ToolbarActions } from './toolbar-actions';
import { ToolbarMoreMenu } from './toolbar-more-menu';
import { useToolbarState } from './toolbar-state';
import { ToolbarTooltip } from './toolbar-tooltip';

export type { ToolbarActions } from './toolbar-actions';

/** Screens this narrow (phones) get the one-row toolbar. */
const PHONE = '(max-width: 47.99em)';

/** The marks the phone's row keeps; the others are in its menu. */
const ROW_MARKS = new Set(['bold', 'italic']);

function ActionButton({ action }: { action: ToolbarAction }) {
  const ActionIconGlyph = action.icon;
  return (
    <ToolbarTooltip label={action.label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={action.label}
        disabled={action.disabled}
        onMouseDown={(event) => {
          event.preventDefault();
        }}
        onClick={action.onClick}
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
  return <ActionButton action={focusAction(props.focusMode, props.onFocusModeChange, t)} />;
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
  const { editor } = props;
  const phone = useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
  const state = useToolbarState(editor, props.writable);
  const writable = state.editable;
  const actions = toolbarActions(props.actions, { writable, hasSelection: state.hasSelection }, t);
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
      wrap={phone ? 'nowrap' : 'wrap'}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {phone ? (
        <>
          {commands(historyCommands)}
          {commands(markCommands.filter((command) => ROW_MARKS.has(command.id)))}
          <LinkButton editor={editor} link={state.link} disabled={!writable} />
          <ToolbarMoreMenu
            editor={editor}
            state={state}
            marks={markCommands.filter((command) => !ROW_MARKS.has(command.id))}
            actions={actions}
          />
        </>
      ) : (
        <>
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
          {actions.map((action) => (
            <Fragment key={action.id}>
              {action.id === 'find' && <Divider orientation="vertical" />}
              <ActionButton action={action} />
            </Fragment>
          ))}
        </>
      )}
      <Group ml="auto" gap="xs" wrap="nowrap">
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
