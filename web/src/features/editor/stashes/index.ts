/** A chapter's stashes: the rules, what the chapter editor is handed, and the panel (lazy). */
export { createChapterStashes, type ChapterStashes } from './chapter-stashes';
export type { StashRow } from './stash-rules';
