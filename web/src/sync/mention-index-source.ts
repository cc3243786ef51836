/**
 * A manuscript's mention index (`text-editor/mention-index.ts`) over this device: its live
 * chapters from the read port, the documents open on the collaboration connection, and the
 * stored copies of the others. A chapter's version is the later of its row's time and its
 * content row's, which the loader refreshes when another device changes the text.
 */
import type { LiveQuery, LocalRecord, ReadPort } from '@/storage';
import {
  createMentionIndex,
  type IndexedChapter,
  type MentionIndex,
  type MentionIndexDeps,
} from '@/text-editor/mention-index';

import { CHAPTER_FRAGMENT, readChapterCopy, type CollabConnection } from './collab';
import type { CollabDatabase } from './collab/collab-db';

export interface ManuscriptMentionsDeps {
  userId: string;
  manuscriptId: string;
  reads: Pick<ReadPort, 'liveParts'>;
  connection: Pick<CollabConnection, 'openDoc' | 'onChapterStatus'>;
  db?: CollabDatabase;
  timers?: Pick<MentionIndexDeps, 'setTimeout' | 'clearTimeout'>;
}

export function createManuscriptMentions(deps: ManuscriptMentionsDeps): MentionIndex {
  const { connection, userId } = deps;
  return createMentionIndex({
    chapters: liveIndexedChapters(deps.reads, deps.manuscriptId),
    openFragment: (id) => connection.openDoc(id)?.getXmlFragment(CHAPTER_FRAGMENT) ?? null,
    onChapterStatus: (listener) => connection.onChapterStatus(listener),
    readCopy: (id) => readChapterCopy(id, userId, deps.db),
    ...deps.timers,
  });
}

const isLive = (row: LocalRecord) => row.deleted_at === null || row.deleted_at === undefined;
const timeOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The manuscript's chapters outside the trash, each with its text's version, live. */
export function liveIndexedChapters(
  reads: Pick<ReadPort, 'liveParts'>,
  manuscriptId: string,
): LiveQuery<IndexedChapter[]> {
  return {
    subscribe(observer) {
      let chapters: LocalRecord[] | null = null;
      let contents: LocalRecord[] | null = null;
      const answer = () => {
        if (!chapters || !contents) return;
        const contentTimes = new Map<string, number>();
        for (const row of contents) {
          const chapterId = typeof row.chapter_id === 'string' ? row.chapter_id : null;
          if (!chapterId) continue;
          contentTimes.set(
            chapterId,
            Math.max(contentTimes.get(chapterId) ?? 0, timeOf(row.updated_at)),
          );
        }
        observer.next(
          chapters.filter(isLive).map((row) => ({
            id: row.id,
            version: Math.max(timeOf(row.updated_at), contentTimes.get(row.id) ?? 0),
          })),
        );
      };
      const fail = (error: unknown) => observer.error?.(error);
      const first = reads.liveParts('chapters', manuscriptId).subscribe({
        next: (rows) => {
          chapters = rows;
          answer();
        },
        error: fail,
      });
      const second = reads.liveParts('chapter_contents', manuscriptId).subscribe({
        next: (rows) => {
          contents = rows;
          answer();
        },
        error: fail,
      });
      return {
        unsubscribe() {
          first.unsubscribe();
          second.unsubscribe();
        },
      };
    },
  };
}
