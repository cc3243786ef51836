/**
 * `ChapterStashes`: what the chapter editor is handed of its chapter's stashes — the rows live
 * through the read port, and their writes through the local writer (local first; the outbox
 * sends them, other devices see them live).
 */
import { mapLive } from '@/storage';
import type { EntityWriter, LiveQuery, ReadPort } from '@/storage';

import { chapterStashes, deleteStep, newStash } from './stash-rules';
import type { StashRow } from './stash-rules';

export interface ChapterStashes {
  /** The chapter's stashes, newest first, the deleted ones included. */
  live: LiveQuery<StashRow[]>;
  /** Keeps `html` as a new stash of the chapter. */
  add(html: string): Promise<void>;
  /** The first delete marks the stash deleted; a second removes it for good. */
  remove(row: StashRow): Promise<void>;
  /** Takes a deleted stash out of the trash. */
  restore(id: string): Promise<void>;
}

export function createChapterStashes(deps: {
  reads: Pick<ReadPort, 'liveParts'>;
  writer: EntityWriter;
  manuscriptId: string;
  chapterId: string;
}): ChapterStashes {
  const { reads, writer, manuscriptId, chapterId } = deps;
  return {
    live: mapLive(reads.liveParts('stashes', manuscriptId), (rows) =>
      chapterStashes(rows, chapterId),
    ),
    async add(html) {
      await writer.save('stashes', newStash(manuscriptId, chapterId, html));
    },
    remove: (row) =>
      deleteStep(row) === 'mark'
        ? writer.trash('stashes', row.id)
        : writer.hardDelete('stashes', row.id),
    restore: (id) => writer.recover('stashes', id),
  };
}
