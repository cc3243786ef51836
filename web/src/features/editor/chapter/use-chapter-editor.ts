import type { AnyExtension } from '@tiptap/core';
import { useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { afterPaint } from '@/lib/after-paint';
import { markOnce } from '@/lib/perf-marks';
import {
  CHAPTER_CORE_EXTENSIONS,
  countWords,
  editorText,
  footnoteOrder,
  MENTION,
} from '@/text-editor';

/** Word counts and the footnote order follow the text this long after the last change. */
export const SETTLE_MS = 500;
/** The caret is reported at most once a second. */
export const CURSOR_THROTTLE_MS = 1000;

export interface EditorApi {
  getHTML(): string;
  getText(): string;
  /** The footnotes' ids in the order of their references in the text. */
  getFootnoteIds(): string[];
  focus(): void;
  /** Puts the caret at the first mention of the element, in view; false if there is none. */
  revealMention(elementId: string): boolean;
}

/** Where the first mention of `elementId` is in the editor's document, or null. */
function firstMention(editor: Editor, elementId: string): number | null {
  let found: number | null = null;
  editor.state.doc.descendants((node, position) => {
    if (found !== null) return false;
    if (node.type.name === MENTION && node.attrs.id === elementId) found = position;
    return found === null;
  });
  return found;
}

export interface UseChapterEditorOptions {
  extensions: AnyExtension[];
  editable: boolean;
  initialCursor?: number | null;
  onCursorChange?: (position: number) => void;
  onWordsChange?: (words: number) => void;
  onEditorReady?: (api: EditorApi | null) => void;
}

function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The TipTap editor of one chapter. It never re-renders React per keystroke
 * (`shouldRerenderOnTransaction: false`); what follows the text (words, footnote order) is
 * computed once the writer pauses, and the caret is reported throttled.
 */
export function useChapterEditor(options: UseChapterEditorOptions): {
  editor: Editor;
  footnotes: string[];
  contentError: boolean;
} {
  const { t } = useTranslation();
  const [contentError, setContentError] = useState(false);
  const [footnotes, setFootnotes] = useState<string[]>([]);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const editor = useEditor(
    {
      extensions: options.extensions,
      enableCoreExtensions: CHAPTER_CORE_EXTENSIONS,
      editable: options.editable,
      shouldRerenderOnTransaction: false,
      immediatelyRender: true,
      enableContentCheck: true,
      onContentError: ({ editor: broken }) => {
        broken.setEditable(false, false);
        setContentError(true);
      },
      editorProps: {
        attributes: {
          'aria-label': t('chapter_editor.editor_label'),
          'aria-multiline': 'true',
          role: 'textbox',
          spellcheck: 'true',
        },
      },
    },
    [options.extensions],
  );

  useEffect(() => {
    if (editor.isEditable !== options.editable && !contentError)
      editor.setEditable(options.editable, false);
  }, [editor, options.editable, contentError]);

  // Ready: restore the caret, hand out the API.
  useEffect(() => {
    markOnce('quire:editor-bound');
    const cancelShown = afterPaint(() => {
      markOnce('quire:editor-shown');
    });
    const { initialCursor } = latest.current;
    if (typeof initialCursor === 'number' && initialCursor > 0) {
      const position = Math.min(initialCursor, editor.state.doc.content.size);
      editor.commands.setTextSelection(position);
    }
    latest.current.onEditorReady?.({
      getHTML: () => editor.getHTML(),
      getText: () => editorText(editor),
      getFootnoteIds: () => footnoteOrder(editor.state.doc),
      focus: () => {
        editor.commands.focus();
      },
      revealMention: (elementId) => {
        const position = firstMention(editor, elementId);
        if (position === null) return false;
        editor.commands.focus(position, { scrollIntoView: true });
        return true;
      },
    });
    return () => {
      cancelShown();
      latest.current.onEditorReady?.(null);
    };
  }, [editor]);

  // After the writer pauses: words and the footnotes' order (one walk each). The first count
  // waits for the frame after the one that first shows the chapter: on a long chapter it is a
  // frame's worth of work, and the task right after that first frame is the writer's.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      timer = undefined;
      if (editor.isDestroyed) return;
      latest.current.onWordsChange?.(countWords(editorText(editor)));
      const order = footnoteOrder(editor.state.doc);
      setFootnotes((previous) => (sameIds(previous, order) ? previous : order));
    };
    const onUpdate = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_MS);
    };
    // An edit before it schedules its own settle, which counts instead.
    const cancelFirst = afterPaint(() => {
      if (timer === undefined) settle();
    }, 2);
    editor.on('update', onUpdate);
    return () => {
      cancelFirst();
      editor.off('update', onUpdate);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [editor]);

  // The caret, at most once a second (and the last one when the chapter closes).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: number | null = null;
    const flush = () => {
      timer = undefined;
      if (pending === null) return;
      latest.current.onCursorChange?.(pending);
      pending = null;
    };
    const onSelection = () => {
      pending = editor.state.selection.head;
      timer ??= setTimeout(flush, CURSOR_THROTTLE_MS);
    };
    editor.on('selectionUpdate', onSelection);
    return () => {
      editor.off('selectionUpdate', onSelection);
      if (timer !== undefined) clearTimeout(timer);
      flush();
    };
  }, [editor]);

  return { editor, footnotes, contentError };
}
