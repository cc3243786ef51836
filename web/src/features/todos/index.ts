/**
 * To-dos: the editor's to-do panel (chapter, chapters, manuscript and global tabs; list and
 * board; filters) and the Global To-Do List, composed into the editor's header by `app/`.
 */
export { EditorTodos } from './editor-todos';
export type { TodoWorkspace } from './editor-todos';
