/** Test helpers for the engine: a headless chapter editor over a fresh (or given) Y.Doc. */
import { Editor } from '@tiptap/core';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';

import {
  CHAPTER_CORE_EXTENSIONS,
  createChapterExtensions,
  type ChapterExtensionsOptions,
} from '../extensions';

export function chapterEditor(
  doc: Y.Doc = new Y.Doc(),
  options: Omit<ChapterExtensionsOptions, 'fragment'> = {},
): { editor: Editor; doc: Y.Doc; fragment: Y.XmlFragment } {
  const fragment = doc.getXmlFragment('default');
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: createChapterExtensions({ fragment, ...options }),
    enableCoreExtensions: CHAPTER_CORE_EXTENSIONS,
  });
  return { editor, doc, fragment };
}

/** Sends every update of `a` to `b` and back, like a server between two devices. */
export function connect(a: Y.Doc, b: Y.Doc): void {
  a.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(b, update, 'remote');
  });
  b.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'remote') Y.applyUpdate(a, update, 'remote');
  });
}

/** Types `text` character by character as the browser would (input rules included). */
export function type(editor: Editor, text: string): void {
  const { view } = editor;
  for (const char of text) {
    const { from, to } = view.state.selection;
    const handled = view.someProp('handleTextInput', (handle) =>
      handle(view, from, to, char, () => view.state.tr.insertText(char, from, to)),
    );
    if (!handled) view.dispatch(view.state.tr.insertText(char, from, to));
  }
}

/** Ends the current undo step (Yjs merges edits made within 500 ms into one). */
export function separateUndoSteps(editor: Editor): void {
  const state = yUndoPluginKey.getState(editor.state) as { undoManager: Y.UndoManager } | undefined;
  state?.undoManager.stopCapturing();
}
