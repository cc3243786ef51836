/**
 * Story elements: the elements board and each element's page (kinds and custom types, groups,
 * nicknames, tags, pictures, sections), read and written on this device first; their names become
 * mentions in the chapters' texts. The app composes the entry into the editor's header, with the
 * way to open the chapters' texts (features never import each other).
 */
export { EditorElements } from './editor-elements';
export type { ChapterTexts } from './element-mentions';
export type { ElementsWorkspace } from './elements-store';
export type { AppearsInSource, ListedChapter } from './appears-in';
