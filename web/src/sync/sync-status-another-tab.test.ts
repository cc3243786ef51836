/**
 * A chapter open and acknowledged in this tab while another tab stored edits of it offline:
 * this tab's copy lacks them, so the device is not synced until they are sent.
 */
import { expect, it } from 'vitest';
import * as Y from 'yjs';

import { AppDatabase } from '@/storage';

import { openChapterDoc } from './collab/chapter-doc';
import type { ChapterStatusListener } from './collab/collab-connection';
import { CollabDatabase } from './collab/collab-db';
import { unsyncedChapterIds } from './collab/unsynced';
import { createSyncStatus, summarizeSync } from './sync-status';

const USER = 'UserAnaWriter000000001';
const C = 'ChapterCcccccccccccccc3';

it('a chapter open (and synced) in this tab, with edits another tab stored offline, is not synced', async () => {
  const appDb = new AppDatabase('sync-status-another-tab-app');
  const collabDb = new CollabDatabase('sync-status-another-tab-collab');
  // This tab has C open; its doc is acknowledged (it was opened online, then the device went offline).
  const watchers = new Set<ChapterStatusListener>();
  const connection = {
    openChapters: () => new Map([[C, 'synced' as const]]),
    onChapterStatus: (listener: ChapterStatusListener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
  };
  const status = createSyncStatus({
    appDb,
    collabDb,
    userId: USER,
    connection,
    isOnline: () => false,
    createChannel: null,
    log: { warn: () => undefined },
  });
  await expect.poll(() => status.getSnapshot().known).toBe(true);

  // Another tab of the device, offline, types into C and closes it: stored, never acknowledged.
  const other = await openChapterDoc(C, USER, { db: collabDb });
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('typed in the other tab')]);
  other.doc.getXmlFragment('default').push([paragraph]);
  await other.close();
  expect(await unsyncedChapterIds(collabDb, USER)).toEqual([C]);

  await status.rescan(); // as after that tab's {C, null} news, or any later look
  try {
    expect(status.getSnapshot().chapters).toEqual([C]);
    expect(summarizeSync(status.getSnapshot()).state).not.toBe('synced');
  } finally {
    status.stop();
    await appDb.delete();
    await collabDb.delete();
  }
});
