/**
 * Research: the research board and each research's page (name, cover, description, and its
 * notes, links, pictures and files), read and written on this device first. The app composes
 * the entry into the editor's header (features never import each other).
 */
export { EditorResearch } from './editor-research';
export type { ResearchWorkspace } from './research-store';
