/**
 * The toolbar's actions beyond formatting (footnote, comments, stashes, find, page setup, focus
 * mode):
 * one list, drawn as buttons in the full toolbar and as items of the phone toolbar's menu.
 */
import {
  IconArchive,
  IconFileSettings,
  IconMaximize,
  IconMessagePlus,
  IconMessages,
  IconMinimize,
  IconPackageExport,
  IconSearch,
  IconSuperscript,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';

export interface ToolbarActions {
  commentsEnabled: boolean;
  /** Whether a comment can be started on the selection (writers and Commenters). */
  canComment: boolean;
  commentsOpen: boolean;
  onComment: () => void;
  onToggleComments: () => void;
  onFootnote: () => void;
  /** The chapter has stashes (the editor was handed them). */
  stashesAvailable: boolean;
  onMoveToStash: () => void;
  onToggleStashes: () => void;
  onFind: () => void;
  onPageSetup: () => void;
  focusMode: boolean;
  onFocusModeChange: (on: boolean) => void;
}

export interface ToolbarAction {
  id: 'footnote' | 'comment' | 'comments' | 'stash' | 'stashes' | 'find' | 'pageSetup' | 'focus';
  label: string;
  icon: Icon;
  disabled: boolean;
  onClick: () => void;
}

/** The actions in toolbar order; `writable` and `hasSelection` from the toolbar's state. */
export function toolbarActions(
  actions: ToolbarActions,
  editing: { writable: boolean; hasSelection: boolean },
  t: TFunction,
): ToolbarAction[] {
  const list: ToolbarAction[] = [
    {
      id: 'footnote',
      label: t('chapter_editor.footnotes.insert'),
      icon: IconSuperscript,
      disabled: !editing.writable,
      onClick: actions.onFootnote,
    },
  ];
  if (actions.commentsEnabled) {
    list.push(
      {
        id: 'comment',
        label: t('chapter_editor.comments.button'),
        icon: IconMessagePlus,
        disabled: !actions.canComment || !editing.hasSelection,
        onClick: actions.onComment,
      },
      {
        id: 'comments',
        label: t('chapter_editor.comments.panel'),
        icon: IconMessages,
        disabled: false,
        onClick: actions.onToggleComments,
      },
    );
  }
  if (actions.stashesAvailable) {
    list.push(
      {
        id: 'stash',
        label: t('stashes.move'),
        icon: IconPackageExport,
        disabled: !editing.writable || !editing.hasSelection,
        onClick: actions.onMoveToStash,
      },
      {
        id: 'stashes',
        label: t('stashes.open'),
        icon: IconArchive,
        disabled: false,
        onClick: actions.onToggleStashes,
      },
    );
  }
  list.push(
    {
      id: 'find',
      label: t('chapter_editor.find.open'),
      icon: IconSearch,
      disabled: false,
      onClick: actions.onFind,
    },
    {
      id: 'pageSetup',
      label: t('chapter_editor.page_setup.open'),
      icon: IconFileSettings,
      disabled: !editing.writable,
      onClick: actions.onPageSetup,
    },
    focusAction(actions.focusMode, actions.onFocusModeChange, t),
  );
  return list;
}

/** Focus mode's action: enter it, or leave it. */
export function focusAction(
  focusMode: boolean,
  onFocusModeChange: (on: boolean) => void,
  t: TFunction,
): ToolbarAction {
  return {
    id: 'focus',
    label: focusMode ? t('chapter_editor.focus.exit') : t('chapter_editor.focus.enter'),
    icon: focusMode ? IconMinimize : IconMaximize,
    disabled: false,
    onClick: () => {
      onFocusModeChange(!focusMode);
    },
  };
}
