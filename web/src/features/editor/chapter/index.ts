export { ChapterEditor, type ChapterEditorProps } from './chapter-editor';
export { ChapterLoadError } from './chapter-load-error';
export type { EditorApi } from './use-chapter-editor';
export { useMentionDirectory } from './mention-elements';
