import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { AppDatabase } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';

import { openChapterDoc } from './collab/chapter-doc';
import type { ChapterStatusListener } from './collab/collab-connection';
import { CollabDatabase } from './collab/collab-db';
import type { ChapterStatus } from './collab/status';
import {
  createSyncStatus,
  SETTLE_AFTER_ACK_MS,
  summarizeSync,
  SYNC_STATUS_CHANNEL,
  SYNC_STATUS_RESCAN_MS,
  type SyncSnapshot,
  type SyncStatus,
  type SyncStatusDeps,
  type TabChannel,
} from './sync-status';

const USER = 'UserAnaWriter000000001';
const OTHER = 'UserBenReader000000002';
const A = 'ChapterAaaaaaaaaaaaaa1';
const B = 'ChapterBbbbbbbbbbbbbb2';
const MANUSCRIPT = 'ManuscriptM0000000001';
const silentLog = { warn: () => undefined };

let count = 0;
const databases: { delete(): Promise<void> }[] = [];
const statuses: SyncStatus[] = [];

function freshDbs(): { appDb: AppDatabase; collabDb: CollabDatabase } {
  count += 1;
  const appDb = new AppDatabase(`quire-app-sync-status-test-${String(count)}`);
  const collabDb = new CollabDatabase(`quire-collab-sync-status-test-${String(count)}`);
  databases.push(appDb, collabDb);
  return { appDb, collabDb };
}

afterEach(async () => {
  for (const status of statuses.splice(0)) status.stop();
  for (const db of databases.splice(0)) await db.delete();
});

/** A connection whose open chapters and their statuses the test sets. */
function fakeConnection() {
  const open = new Map<string, ChapterStatus>();
  const watchers = new Set<ChapterStatusListener>();
  return {
    openChapters: () => new Map(open),
    onChapterStatus(listener: ChapterStatusListener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },
    /** The chapter's status changes (`null`: it was closed). */
    set(chapterId: string, status: ChapterStatus | null) {
      if (status === null) open.delete(chapterId);
      else open.set(chapterId, status);
      for (const watcher of [...watchers]) watcher(chapterId, status);
    },
  };
}

/** Two ends of one channel between tabs; messages arrive asynchronously, as a BroadcastChannel's. */
function channelPair(): [TabChannel, TabChannel] {
  const make = (): TabChannel & { peer: TabChannel | null; closed: boolean } => ({
    peer: null,
    closed: false,
    onmessage: null,
    postMessage(message) {
      const peer = this.peer;
      if (this.closed || !peer) return;
      setTimeout(() => {
        peer.onmessage?.({ data: structuredClone(message) });
      }, 0);
    },
    close() {
      this.closed = true;
    },
  });
  const one = make();
  const two = make();
  one.peer = two;
  two.peer = one;
  return [one, two];
}

function start(deps: Partial<SyncStatusDeps> & Pick<SyncStatusDeps, 'appDb' | 'collabDb'>) {
  const timers = createManualTimers(1_000_000);
  const status = createSyncStatus({
    userId: USER,
    connection: fakeConnection(),
    isOnline: () => true,
    createChannel: null,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    now: timers.now,
    log: silentLog,
    ...deps,
  });
  statuses.push(status);
  return { status, timers };
}

async function storeUnacked(db: CollabDatabase, chapterId: string, text: string, userId = USER) {
  const chapter = await openChapterDoc(chapterId, userId, { db, log: silentLog });
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  chapter.doc.getXmlFragment('default').push([paragraph]);
  await chapter.close();
}

/** The chapter as its stored rows hold it. */
async function storedDoc(db: CollabDatabase, chapterId: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  const rows = await db.updates.where('doc').equals(chapterId).toArray();
  Y.applyUpdate(doc, Y.mergeUpdates(rows.map((row) => row.update)));
  return doc;
}

function known(status: SyncStatus): Promise<void> {
  return expect.poll(() => status.getSnapshot().known, { timeout: 4_000 }).toBe(true);
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('summarizeSync', () => {
  const base: SyncSnapshot = { known: true, online: true, chapters: [], refused: [], rows: [] };
  const row = { table: 'contents', kind: 'chapters', id: 'r', manuscriptId: null, name: null };

  it('says synced only when the store was read and neither chapters nor rows wait', () => {
    expect(summarizeSync(base)).toEqual({ state: 'synced' });
    expect(summarizeSync({ ...base, online: false })).toEqual({ state: 'synced' });
    expect(summarizeSync({ ...base, known: false })).toEqual({ state: 'checking' });
    expect(summarizeSync({ ...base, chapters: [A] })).toEqual({
      state: 'waiting',
      chapters: 1,
      rows: 0,
    });
    expect(summarizeSync({ ...base, rows: [row] as SyncSnapshot['rows'] })).toEqual({
      state: 'waiting',
      chapters: 0,
      rows: 1,
    });
    expect(
      summarizeSync({ ...base, chapters: [A, B], rows: [row] as SyncSnapshot['rows'] }),
    ).toEqual({ state: 'waiting', chapters: 2, rows: 1 });
  });
});

describe('createSyncStatus', () => {
  it('is known only after both the first scan of the chapters and the first read of the outbox', async () => {
    const scan = deferred<string[]>();
    const outbox = deferred<never[]>();
    // Stand-ins that answer only when the test says so.
    const collabDb = {
      updates: { orderBy: () => ({ uniqueKeys: () => scan.promise }) },
    } as unknown as CollabDatabase;
    const appDb = { transaction: () => outbox.promise } as unknown as AppDatabase;
    const { status } = start({ appDb, collabDb });
    expect(status.getSnapshot().known).toBe(false);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'checking' });

    scan.resolve([]);
    await status.rescan();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(status.getSnapshot().known).toBe(false); // the outbox has not answered yet

    outbox.resolve([]);
    await known(status);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'synced' });
  });

  it('is not known while the outbox was read but the chapters were not scanned', async () => {
    const scan = deferred<string[]>();
    const { appDb } = freshDbs();
    const collabDb = {
      updates: { orderBy: () => ({ uniqueKeys: () => scan.promise }) },
    } as unknown as CollabDatabase;
    const { status } = start({ appDb, collabDb });
    let told = 0;
    status.subscribe(() => (told += 1));
    // Give the outbox's live query time to answer.
    await appDb.contents.count();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(status.getSnapshot().known).toBe(false);

    scan.resolve([]);
    await known(status);
    expect(told).toBeGreaterThan(0);
  });

  it('lists a pending outbox row of this user, and drops it once the server took it', async () => {
    const { appDb, collabDb } = freshDbs();
    const { status } = start({ appDb, collabDb });
    await known(status);
    expect(status.getSnapshot().rows).toEqual([]);

    await appDb.contents.put({
      id: 'ChapterRow00000000001',
      kind: 'chapters',
      user_id: USER,
      manuscript_id: MANUSCRIPT,
      name: 'The Storm',
      updated_at: 1,
      pending: 1,
      pending_ops: [],
    });
    await appDb.notes.put({
      id: 'NoteOfBen000000000001',
      kind: 'notes',
      user_id: OTHER,
      manuscript_id: MANUSCRIPT,
      updated_at: 1,
      pending: 1,
      pending_ops: [],
    });
    await expect
      .poll(() => status.getSnapshot().rows)
      .toEqual([
        {
          table: 'contents',
          kind: 'chapters',
          id: 'ChapterRow00000000001',
          manuscriptId: MANUSCRIPT,
          name: 'The Storm',
        },
      ]);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'waiting', chapters: 0, rows: 1 });

    await appDb.contents.update('ChapterRow00000000001', { pending: 0 });
    await expect.poll(() => status.getSnapshot().rows, { timeout: 4_000 }).toEqual([]);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'synced' });
  });

  it('lists a stored chapter holding edits the server has not acknowledged', async () => {
    const { appDb, collabDb } = freshDbs();
    await storeUnacked(collabDb, A, 'Typed offline');
    await storeUnacked(collabDb, B, 'Another writer’s', OTHER);
    const { status } = start({ appDb, collabDb });
    await known(status);
    expect(status.getSnapshot().chapters).toEqual([A]);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'waiting', chapters: 1, rows: 0 });
  });

  it('counts an open chapter as waiting while its live status or the store says so', async () => {
    const { appDb, collabDb } = freshDbs();
    await storeUnacked(collabDb, A, 'Typed offline in another tab');
    const connection = fakeConnection();
    const { status, timers } = start({ appDb, collabDb, connection });
    await known(status);
    expect(status.getSnapshot().chapters).toEqual([A]);

    // Open here and acknowledged: this tab's copy may lack what the other tab stored, so the
    // store still counts until it is read again (after the acknowledgement's write).
    connection.set(A, 'synced');
    expect(status.getSnapshot().chapters).toEqual([A]);
    timers.advance(SETTLE_AFTER_ACK_MS);
    await expect
      .poll(() => status.getSnapshot().chapters, { timeout: SETTLE_AFTER_ACK_MS + 4_000 })
      .toEqual([A]);

    connection.set(B, 'saving');
    expect(status.getSnapshot().chapters).toEqual([A, B]);
    connection.set(B, 'saved-locally');
    expect(status.getSnapshot().chapters).toEqual([A, B]);
    connection.set(B, 'denied');
    expect(status.getSnapshot().chapters).toEqual([A]);

    // Once the store holds the acknowledgement, the chapter no longer waits.
    await collabDb.docs.put({
      doc: A,
      user_id: USER,
      compacted_at: null,
      acked_snapshot: Y.encodeSnapshot(Y.snapshot(await storedDoc(collabDb, A))),
    });
    connection.set(A, 'saved-locally');
    connection.set(A, 'synced');
    timers.advance(SETTLE_AFTER_ACK_MS);
    await expect
      .poll(() => status.getSnapshot().chapters, { timeout: SETTLE_AFTER_ACK_MS + 4_000 })
      .toEqual([]);
  });

  it('adds a chapter another tab says is waiting, and tells other tabs of its own', async () => {
    const { appDb, collabDb } = freshDbs();
    const [mine, theirs] = channelPair();
    let openedName = '';
    const connection = fakeConnection();
    const { status } = start({
      appDb,
      collabDb,
      connection,
      createChannel: (name) => {
        openedName = name;
        return mine;
      },
    });
    expect(openedName).toBe(SYNC_STATUS_CHANNEL);
    await known(status);
    const heard: unknown[] = [];
    theirs.onmessage = (event) => heard.push(event.data);

    theirs.postMessage({ userId: OTHER, chapterId: A, status: 'saving' });
    theirs.postMessage({ userId: USER, chapterId: B, status: 'saved-locally' });
    await expect.poll(() => status.getSnapshot().chapters, { timeout: 4_000 }).toEqual([B]);
    expect(summarizeSync(status.getSnapshot())).toEqual({ state: 'waiting', chapters: 1, rows: 0 });

    // That tab's chapter was acknowledged: the store (which holds nothing of B) says so.
    theirs.postMessage({ userId: USER, chapterId: B, status: 'synced' });
    await expect.poll(() => status.getSnapshot().chapters, { timeout: 4_000 }).toEqual([]);

    connection.set(A, 'saving');
    await expect
      .poll(() => heard, { timeout: 4_000 })
      .toEqual([{ userId: USER, chapterId: A, status: 'saving' }]);
  });

  it('while something waits online, looks again every 10 s and has the backlog send', async () => {
    const { appDb, collabDb } = freshDbs();
    await storeUnacked(collabDb, A, 'Typed offline');
    let sends = 0;
    const backlog = {
      refused: () => new Set([A]),
      send: () => {
        sends += 1;
        return Promise.resolve();
      },
    };
    const { status, timers } = start({ appDb, collabDb, backlog });
    await known(status);
    expect(status.getSnapshot().refused).toEqual([A]);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    timers.advance(SYNC_STATUS_RESCAN_MS - 1);
    expect(sends).toBe(0);
    timers.advance(1);
    await expect.poll(() => sends, { timeout: 4_000 }).toBe(1);
  });
});
