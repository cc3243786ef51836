export * from './defaults';
export * from './commands';
export {
  CHAPTER_CORE_EXTENSIONS,
  createChapterExtensions,
  HEADING_LEVELS,
  type ChapterExtensionsOptions,
  type HeadingLevel,
} from './extensions';
export { checkChapterContent, type LoadCheck } from './load-check';
export {
  commentsStore,
  randomId,
  COMMENTS_MAP,
  type CommentAuthor,
  type CommentReply,
  type CommentThread,
  type CommentsStore,
} from './comments-store';
export {
  footnotesHtml,
  footnotesStore,
  FOOTNOTES_MAP,
  type FootnotesStore,
} from './footnotes-store';
export { findInFootnotes, replaceInFootnotes, type FootnoteMatch } from './footnote-find';
export { COMMENT_ID } from './extensions/comment-mark';
export { FOOTNOTE_ID, footnoteOrder } from './extensions/footnote-node';
export {
  findMatches,
  findState,
  findReplaceKey,
  type FindMatch,
  type FindState,
} from './extensions/find-replace';
export { countWords } from './word-count';
export { editorText } from './text';
export {
  canMoveToStash,
  insertStashAtCursor,
  MOVE_TO_STASH_SHORTCUT,
  moveSelectionToStash,
  stashCutOf,
  type StashCut,
} from './stash';
export { FOOTNOTE_BODY_ATTRIBUTE, type StashChapter } from './stash-notes';
export {
  caseVariants,
  findNames,
  namePatterns,
  type MentionTarget,
  type NameMatch,
} from './mention-names';
export { convertNames, mentionsToText, MENTION, MENTION_ORIGIN } from './mention-convert';
export {
  createMentionDirectory,
  mentionText,
  NO_MENTIONS,
  type MentionDirectory,
  type WritableMentionDirectory,
} from './mention-directory';
export { type MentionFocus } from './extensions/mention-node';
export { type MentionSuggestView } from './extensions/mention-suggest';
export { type Suggestion } from './mention-suggest-rules';
export {
  autoSuggestMentions,
  convertNamesInManuscript,
  MENTION_PROGRESS_DELAY_MS,
  mentionsToTextInManuscript,
  type ConvertManuscriptDeps,
  type ConvertManuscriptResult,
  type OpenedChapter,
} from './mention-manuscript';
export {
  FIRST_LINES,
  LINE_CHARS,
  type ElementMentions,
  type MentionLine,
  type MentionSummary,
} from './mention-summary';
export { type IndexedChapter, type MentionIndex, type MentionIndexState } from './mention-index';
