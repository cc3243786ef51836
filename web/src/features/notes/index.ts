/**
 * Quick Notes: global notes and a manuscript's notes (attached to a chapter, folder or outline),
 * read and written on this device first. The app composes the entries into its header and the
 * editor's (features never import each other).
 */
export { EditorQuickNotes, QuickNotesButton } from './quick-notes-button';
export type { NotesWorkspace } from './quick-notes-button';
