import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';

import {
  chapterCommands,
  currentFontFamily,
  currentFontSize,
  currentLink,
  HEADING_LEVELS,
  type ChapterCommandId,
} from '@/editor';

export type BlockStyle = 'paragraph' | `heading${(typeof HEADING_LEVELS)[number]}`;

export interface ToolbarState {
  active: Partial<Record<ChapterCommandId, boolean>>;
  enabled: Partial<Record<ChapterCommandId, boolean>>;
  blockStyle: BlockStyle;
  fontFamily: string;
  fontSize: number;
  link: string | null;
  hasSelection: boolean;
  editable: boolean;
}

function snapshot(editor: Editor): ToolbarState {
  const active: ToolbarState['active'] = {};
  const enabled: ToolbarState['enabled'] = {};
  for (const command of chapterCommands) {
    active[command.id] = command.isActive(editor);
    enabled[command.id] = command.isEnabled(editor);
  }
  const level = HEADING_LEVELS.find((l) => active[`heading${l}`]);
  return {
    active,
    enabled,
    blockStyle: level === undefined ? 'paragraph' : `heading${level}`,
    fontFamily: currentFontFamily(editor),
    fontSize: currentFontSize(editor),
    link: currentLink(editor),
    hasSelection: !editor.state.selection.empty,
    editable: editor.isEditable,
  };
}

/**
 * What the toolbars show, read from the selection by a `useEditorState` selector: toolbars
 * re-render only when this changes, never the editor itself.
 */
export function useToolbarState(editor: Editor): ToolbarState {
  return useEditorState({ editor, selector: ({ editor: current }) => snapshot(current) });
}
