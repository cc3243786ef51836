/**
 * Story elements: the elements board and each element's page (kinds and custom types, groups,
 * nicknames, tags, pictures, sections), read and written on this device first. The app composes
 * the entry into the editor's header (features never import each other).
 */
export { EditorElements } from './editor-elements';
export type { ElementsWorkspace } from './elements-store';
export type { AppearsInSource, ListedChapter } from './appears-in';
