/**
 * The phone toolbar's "More" menu: every command the one-row toolbar leaves out, as a WAI-ARIA
 * menu button (Mantine `Menu`: arrow keys move, ArrowRight opens a submenu, Escape closes and
 * gives focus back). Toggles are checkbox items, exclusive choices radio items.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  alignCommands,
  blockCommands,
  chapterCommands,
  insertCommands,
  setFontFamily,
  setFontSize,
  type ChapterCommand,
} from '@/text-editor';

import { BLOCK_STYLES, familyChoices, familyLabel, sizeChoices } from './font-pickers';
import type { ToolbarAction } from './toolbar-actions';
import type { ToolbarState } from './toolbar-state';

/** A submenu of exclusive choices: the current one checked. */
function ChoiceSubmenu(props: {
  label: string;
  value: string;
  disabled: boolean;
  choices: { value: string; label: string; style?: CSSProperties }[];
  onChoose: (value: string) => void;
}) {
  return (
    <Menu.Sub>
      <Menu.Sub.Target>
        <Menu.Sub.Item disabled={props.disabled}>{props.label}</Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown aria-label={props.label}>
        <Menu.RadioGroup value={props.value} onChange={props.onChoose}>
          {props.choices.map((choice) => (
            <Menu.RadioItem
              key={choice.value}
              value={choice.value}
              closeMenuOnClick
              style={choice.style}
            >
              {choice.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

export function ToolbarMoreMenu(props: {
  editor: Editor;
  state: ToolbarState;
  /** The marks left out of the row (underline, strikethrough). */
  marks: readonly ChapterCommand[];
  /** Footnote, comments, find, page setup, focus mode. */
  actions: readonly ToolbarAction[];
}) {
  const { t } = useTranslation();
  const { editor, state } = props;
  const writable = state.editable;
  const run = (id: string) => {
    chapterCommands.find((command) => command.id === id)?.run(editor);
  };
  const toggle = (command: ChapterCommand): ReactNode => (
    <Menu.CheckboxItem
      key={command.id}
      checked={state.active[command.id] ?? false}
      disabled={!(state.enabled[command.id] ?? false)}
      closeMenuOnClick
      onChange={() => command.run(editor)}
    >
      {t(command.labelKey)}
    </Menu.CheckboxItem>
  );
  const align = alignCommands.find((command) => state.active[command.id])?.id ?? 'alignLeft';

  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={240}
      loop
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/* Opened by touch or mouse, it gives focus back to the text (the keyboard stays up);
            opened from the keyboard, Escape gives it back to this button. */}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('chapter_editor.more')}
          onMouseDown={(event) => {
            event.preventDefault();
          }}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('chapter_editor.more')}>
        <ChoiceSubmenu
          label={t('chapter_editor.text_style')}
          value={state.blockStyle}
          disabled={!writable}
          choices={BLOCK_STYLES.map((style) => ({
            value: style,
            label: t(`chapter_editor.commands.${style}`),
          }))}
          onChoose={run}
        />
        <ChoiceSubmenu
          label={t('chapter_editor.font_family')}
          value={state.fontFamily}
          disabled={!writable}
          choices={familyChoices(state.fontFamily).map((family) => ({
            value: family,
            label: familyLabel(family),
            style: { fontFamily: family },
          }))}
          onChoose={(family) => {
            setFontFamily(editor, family);
          }}
        />
        <ChoiceSubmenu
          label={t('chapter_editor.font_size')}
          value={String(state.fontSize)}
          disabled={!writable}
          choices={sizeChoices(state.fontSize).map((size) => ({
            value: String(size),
            label: String(size),
          }))}
          onChoose={(size) => {
            setFontSize(editor, Number(size));
          }}
        />
        <ChoiceSubmenu
          label={t('chapter_editor.alignment')}
          value={align}
          disabled={!writable}
          choices={alignCommands.map((command) => ({
            value: command.id,
            label: t(command.labelKey),
          }))}
          onChoose={run}
        />
        <Menu.Divider />
        {props.marks.map(toggle)}
        {blockCommands.map(toggle)}
        <Menu.Divider />
        {insertCommands.map((command) => (
          <Menu.Item
            key={command.id}
            disabled={!(state.enabled[command.id] ?? false)}
            onClick={() => command.run(editor)}
          >
            {t(command.labelKey)}
          </Menu.Item>
        ))}
        {props.actions.map((action) => (
          <Menu.Item key={action.id} disabled={action.disabled} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
