/**
 * To-dos: the editor's to-do panel (chapter, chapters, manuscript and global tabs; list and
 * board; filters), composed into the editor's header, and the Global To-Do List, composed into
 * the app header, both by `app/`.
 */
export { EditorTodos } from './editor-todos';
export type { TodoWorkspace } from './editor-todos';
export { GlobalTodoButton } from './global-todo-button';
