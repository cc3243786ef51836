import type { Editor } from '@tiptap/core';

/** The editor's plain text with blocks separated by newlines: what words are counted over. */
export function editorText(editor: Editor): string {
  return editor.getText({ blockSeparator: '\n' });
}
