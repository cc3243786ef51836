/**
 * A chapter's text as stored on this device, read once for a reader that does not edit it (the
 * mention index): a fresh document from the stored update log, attached to nothing, recording
 * nothing. The chapter's own `openChapterDoc` stays the only writer of the log.
 */
import * as Y from 'yjs';

import { CHAPTER_FRAGMENT } from './collab-connection';
import { collabDatabase, type CollabDatabase } from './collab-db';
import { readChapterRows } from './read-ahead';

export interface ChapterCopy {
  fragment: Y.XmlFragment;
  /** Frees the document. */
  release(): void;
}

/** The user's stored copy of the chapter, or null when this device holds none of its text. */
export async function readChapterCopy(
  chapterId: string,
  userId: string,
  db: CollabDatabase = collabDatabase(),
): Promise<ChapterCopy | null> {
  const { rows } = await readChapterRows(db, chapterId);
  const own = rows.filter((row) => row.user_id === userId);
  if (own.length === 0) return null;
  const doc = new Y.Doc({ gc: true });
  Y.applyUpdate(doc, Y.mergeUpdates(own.map((row) => row.update)));
  return {
    fragment: doc.getXmlFragment(CHAPTER_FRAGMENT),
    release: () => {
      doc.destroy();
    },
  };
}
