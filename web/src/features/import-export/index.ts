/**
 * Import of .docx files and export to Word, PDF, EPUB, Markdown and plain text. The app
 * composes these into the manuscripts list and the editor (features never import each other).
 */
export { EditorImportExport } from './editor-actions';
export { ShelfExportDialog } from './manuscript-export';
export { ImportDocxButton, ShelfImportFrame } from './shelf-import';
