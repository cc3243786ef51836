import { ActionIcon } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignJustified,
  IconAlignLeft,
  IconAlignRight,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH1,
  IconH2,
  IconH3,
  IconH4,
  IconH5,
  IconItalic,
  IconLetterCase,
  IconLetterCaseUpper,
  IconList,
  IconListNumbers,
  IconPageBreak,
  IconSeparatorHorizontal,
  IconStrikethrough,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

import type { ChapterCommand, ChapterCommandId } from '@/text-editor';

import type { ToolbarState } from './toolbar-state';
import { ToolbarTooltip } from './toolbar-tooltip';

const ICONS: Record<ChapterCommandId, Icon> = {
  undo: IconArrowBackUp,
  redo: IconArrowForwardUp,
  bold: IconBold,
  italic: IconItalic,
  underline: IconUnderline,
  strike: IconStrikethrough,
  smallCaps: IconLetterCaseUpper,
  paragraph: IconLetterCase,
  heading1: IconH1,
  heading2: IconH2,
  heading3: IconH3,
  heading4: IconH4,
  heading5: IconH5,
  bulletList: IconList,
  orderedList: IconListNumbers,
  blockquote: IconBlockquote,
  alignLeft: IconAlignLeft,
  alignCenter: IconAlignCenter,
  alignRight: IconAlignRight,
  alignJustify: IconAlignJustified,
  horizontalRule: IconSeparatorHorizontal,
  pageBreak: IconPageBreak,
};

/** "Mod-Shift-z" → "Ctrl+Shift+Z" (⌘ on Apple devices). */
export function shortcutLabel(shortcut: string): string {
  const apple = /Mac|iPhone|iPad/.test(navigator.userAgent);
  return shortcut
    .split('-')
    .map((part) =>
      part === 'Mod' ? (apple ? '⌘' : 'Ctrl') : part.length === 1 ? part.toUpperCase() : part,
    )
    .join('+');
}

/** One command as a toolbar button: its icon, its label and shortcut as tooltip. */
export function CommandButton(props: {
  editor: Editor;
  command: ChapterCommand;
  state: ToolbarState;
}) {
  const { t } = useTranslation();
  const { command, state } = props;
  const CommandIcon = ICONS[command.id];
  const label = t(command.labelKey);
  const active = state.active[command.id] ?? false;
  return (
    <ToolbarTooltip
      label={command.shortcut ? `${label} (${shortcutLabel(command.shortcut)})` : label}
    >
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        aria-label={label}
        aria-pressed={active}
        disabled={!(state.enabled[command.id] ?? false)}
        onMouseDown={(event) => {
          event.preventDefault();
        }}
        onClick={() => command.run(props.editor)}
      >
        <CommandIcon size={18} />
      </ActionIcon>
    </ToolbarTooltip>
  );
}
