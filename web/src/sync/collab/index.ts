export {
  COLLAB_WRITE_INTERVAL_MS,
  openChapterDoc,
  PERSISTENCE_ORIGIN,
  type ChapterDoc,
  type ChapterDocDeps,
  type CollabLog,
} from './chapter-doc';
export { CollabDatabase, collabDatabase, COLLAB_DB_NAME } from './collab-db';
export { readChapterCopy, type ChapterCopy } from './chapter-copy';
export {
  CHAPTER_FRAGMENT,
  COLLAB_PATH,
  collabUrl,
  createCollabConnection,
  type ChapterHandle,
  type CollabConnection,
  type ChapterStatusListener,
  type CollabConnectionOptions,
  type CollabReconnectOptions,
} from './collab-connection';
export { ackedContains, ackedSnapshotOf, chapterStatus, type ChapterStatus } from './status';
export {
  createChapterBacklog,
  type BacklogPass,
  type ChapterBacklog,
  type ChapterBacklogDeps,
} from './backlog';
export { holdsUnackedEdits, unsyncedChapterIds } from './unsynced';
