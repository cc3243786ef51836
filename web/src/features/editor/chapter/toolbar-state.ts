import type { Editor } from '@tiptap/react';
import { useEffect, useSyncExternalStore } from 'react';

import { afterPaint } from '@/lib/after-paint';
import {
  chapterCommands,
  currentFontFamily,
  currentFontSize,
  currentLink,
  HEADING_LEVELS,
  type ChapterCommandId,
} from '@/text-editor';

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

function sameFlags(
  a: Partial<Record<ChapterCommandId, boolean>>,
  b: Partial<Record<ChapterCommandId, boolean>>,
): boolean {
  return chapterCommands.every((command) => a[command.id] === b[command.id]);
}

function sameState(a: ToolbarState, b: ToolbarState): boolean {
  return (
    a.blockStyle === b.blockStyle &&
    a.fontFamily === b.fontFamily &&
    a.fontSize === b.fontSize &&
    a.link === b.link &&
    a.hasSelection === b.hasSelection &&
    a.editable === b.editable &&
    sameFlags(a.active, b.active) &&
    sameFlags(a.enabled, b.enabled)
  );
}

/**
 * One editor's toolbar state, shared by its toolbars. Every command's `isActive`/`isEnabled`
 * (`editor.can()` chains) costs about a millisecond on a long chapter, so it is not computed
 * inside the keystroke: a transaction only schedules one computation after the next frame (a
 * rAF, then a task), however many transactions come before it. The toolbar lags the text by
 * that frame; listeners hear only of a state that differs from the last.
 */
class ToolbarStore {
  private state: ToolbarState;
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  constructor(private readonly editor: Editor) {
    this.state = snapshot(editor);
  }

  readonly current = (): ToolbarState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    if (this.listeners.size === 0) {
      this.editor.on('transaction', this.schedule);
      this.editor.on('update', this.schedule);
    }
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.editor.off('transaction', this.schedule);
      this.editor.off('update', this.schedule);
    };
  };

  readonly schedule = (): void => {
    if (this.scheduled) return;
    this.scheduled = true;
    afterPaint(this.refresh);
  };

  private readonly refresh = (): void => {
    this.scheduled = false;
    if (this.editor.isDestroyed || this.listeners.size === 0) return;
    const next = snapshot(this.editor);
    if (sameState(next, this.state)) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  };
}

const stores = new WeakMap<Editor, ToolbarStore>();

function storeFor(editor: Editor): ToolbarStore {
  let store = stores.get(editor);
  if (!store) {
    store = new ToolbarStore(editor);
    stores.set(editor, store);
  }
  return store;
}

/**
 * What the toolbars show, read from the selection after the frame that shows a change:
 * toolbars re-render only when it changes, never the editor itself. `writable` is the body's
 * own rule; a change of it re-reads the state (the editor tells no event when it is set).
 */
export function useToolbarState(editor: Editor, writable: boolean): ToolbarState {
  const store = storeFor(editor);
  useEffect(() => {
    store.schedule();
  }, [store, writable]);
  return useSyncExternalStore(store.subscribe, store.current);
}
