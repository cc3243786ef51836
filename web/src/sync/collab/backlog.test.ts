import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { createManualTimers } from '@/testing/manual-timers';

import { BACKLOG_RETRY_FIRST_MS, createChapterBacklog, type ChapterBacklogDeps } from './backlog';
import {
  createCollabConnection,
  type ChapterHandle,
  type CollabConnection,
} from './collab-connection';
import { CollabDatabase } from './collab-db';
import { FakeHocuspocusServer } from './testing/fake-hocuspocus-server';
import { unsyncedChapterIds } from './unsynced';

const USER = 'UserAnaWriter000000001';
const A = 'ChapterAaaaaaaaaaaaaa1';
const B = 'ChapterBbbbbbbbbbbbbb2';
const silentLog = { warn: () => undefined };

let count = 0;
const opened: CollabDatabase[] = [];
const connections: CollabConnection[] = [];

function freshDb(): CollabDatabase {
  count += 1;
  const db = new CollabDatabase(`quire-collab-backlog-test-${String(count)}`);
  opened.push(db);
  return db;
}

function connect(server: FakeHocuspocusServer, db: CollabDatabase): CollabConnection {
  const connection = createCollabConnection({
    url: 'ws://quire.test/api/v4/collab',
    userId: USER,
    WebSocketImpl: server.WebSocket,
    db,
    log: silentLog,
    reconnect: { delay: 10, initialDelay: 0, minDelay: 10, maxDelay: 20, jitter: false },
  });
  connections.push(connection);
  return connection;
}

function type(fragment: Y.XmlFragment, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  fragment.push([paragraph]);
}

/** Types into each chapter on a device whose server is unreachable, then closes the tab. */
async function typeOffline(
  server: FakeHocuspocusServer,
  db: CollabDatabase,
  words: Record<string, string[]>,
): Promise<void> {
  const wasAccepting = server.accepting;
  server.accepting = false;
  const offline = connect(server, db);
  for (const [chapterId, list] of Object.entries(words)) {
    const handle = await offline.open(chapterId);
    for (const word of list) type(handle.fragment, word);
    await expect.poll(() => handle.status(), { timeout: 4_000 }).toBe('saved-locally');
    await handle.close();
  }
  await offline.close();
  server.accepting = wasAccepting;
}

function backlogFor(
  connection: CollabConnection,
  db: CollabDatabase,
  extra: Partial<ChapterBacklogDeps> = {},
) {
  return createChapterBacklog({
    connection,
    unsynced: () => unsyncedChapterIds(db, USER),
    log: silentLog,
    chapterWaitMs: 3_000,
    ...extra,
  });
}

afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
  for (const db of opened.splice(0)) await db.delete();
});

describe('createChapterBacklog', () => {
  it('sends chapters typed offline once the server accepts again, every word of them', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    await typeOffline(server, db, { [A]: ['Alpha one', 'Alpha two'], [B]: ['Beta one'] });
    expect(await unsyncedChapterIds(db, USER)).toEqual([A, B]);
    expect(server.received).toEqual([]);

    const connection = connect(server, db);
    const backlog = backlogFor(connection, db);
    const pass = await backlog.send();

    expect([...pass.synced].sort()).toEqual([A, B]);
    expect(pass.waiting).toEqual([]);
    expect(pass.refused).toEqual([]);
    expect(server.text(A)).toContain('Alpha one');
    expect(server.text(A)).toContain('Alpha two');
    expect(server.text(B)).toContain('Beta one');
    // Closed again, with the acknowledgement stored.
    expect(connection.openChapters().size).toBe(0);
    expect(await unsyncedChapterIds(db, USER)).toEqual([]);
    backlog.stop();
  });

  it('sends a deletion made offline', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    const first = connect(server, db);
    const handle = await first.open(A);
    type(handle.fragment, 'Keep this. Cut this.');
    await expect.poll(() => handle.status(), { timeout: 4_000 }).toBe('synced');
    await handle.close();
    await first.close();

    server.accepting = false;
    const offline = connect(server, db);
    const again = await offline.open(A);
    const text = (again.fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    text.delete(10, 10);
    await expect.poll(() => again.status(), { timeout: 4_000 }).toBe('saved-locally');
    await again.close();
    await offline.close();
    expect(await unsyncedChapterIds(db, USER)).toEqual([A]);
    server.accepting = true;

    const backlog = backlogFor(connect(server, db), db);
    expect((await backlog.send()).synced).toEqual([A]);
    expect(server.text(A)).toBe('<paragraph>Keep this.</paragraph>');
    expect(await unsyncedChapterIds(db, USER)).toEqual([]);
    backlog.stop();
  });

  it('ends a denied chapter in refused()', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    await typeOffline(server, db, { [A]: ['Not yours any more'], [B]: ['Still yours'] });
    server.deny(A);

    const backlog = backlogFor(connect(server, db), db);
    const pass = await backlog.send();
    expect(pass.refused).toEqual([A]);
    expect(pass.synced).toEqual([B]);
    expect([...backlog.refused()]).toEqual([A]);
    expect(server.text(A)).toBe('');
    // Its edits are still on this device, unacknowledged.
    expect(await unsyncedChapterIds(db, USER)).toEqual([A]);
    backlog.stop();
  });

  it('leaves chapters waiting while the server is unreachable, and tries again in 5 s', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    await typeOffline(server, db, { [A]: ['Waiting A'], [B]: ['Waiting B'] });
    server.accepting = false;
    const timers = createManualTimers(0);
    let scans = 0;
    const backlog = backlogFor(connect(server, db), db, {
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      chapterWaitMs: 1_000,
      unsynced: () => {
        scans += 1;
        return unsyncedChapterIds(db, USER);
      },
    });

    const sent = backlog.send();
    // Both chapters are opened side by side (BACKLOG_PARALLEL), each with its wait.
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(2);
    timers.advance(1_000);
    const pass = await sent;
    expect(pass.synced).toEqual([]);
    expect([...pass.waiting].sort()).toEqual([A, B]);
    expect(scans).toBe(1);
    expect(timers.pending()).toBe(1); // the retry

    timers.advance(BACKLOG_RETRY_FIRST_MS - 1);
    expect(scans).toBe(1);
    timers.advance(1);
    await expect.poll(() => scans, { timeout: 4_000 }).toBe(2);
    // Still unreachable: the retry pass waits again, and the next retry comes after 10 s.
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(2);
    timers.advance(1_000);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    timers.advance(2 * BACKLOG_RETRY_FIRST_MS - 1);
    expect(scans).toBe(2);
    timers.advance(1);
    await expect.poll(() => scans, { timeout: 4_000 }).toBe(3);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(2);
    timers.advance(1_000);
    await expect.poll(() => timers.pending(), { timeout: 4_000 }).toBe(1);
    expect(await unsyncedChapterIds(db, USER)).toEqual([A, B]);
    expect(server.received).toEqual([]);
    backlog.stop();
  });

  it('sends nothing while mayRun is false', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    await typeOffline(server, db, { [A]: ['Held back'] });
    let leads = false;
    let scans = 0;
    const connection = connect(server, db);
    const backlog = backlogFor(connection, db, {
      mayRun: () => leads,
      unsynced: () => {
        scans += 1;
        return unsyncedChapterIds(db, USER);
      },
    });

    expect(await backlog.send()).toEqual({ synced: [], refused: [], waiting: [] });
    expect(scans).toBe(0);
    expect(server.received).toEqual([]);
    expect(server.text(A)).toBe('');

    leads = true;
    expect((await backlog.send()).synced).toEqual([A]);
    expect(server.text(A)).toContain('Held back');
    backlog.stop();
  });

  it('never opens a chapter twice at once when send() is called while a pass runs', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    await typeOffline(server, db, { [A]: ['First A'], [B]: ['First B'] });
    const connection = connect(server, db);
    const openNow = new Map<string, number>();
    const most = new Map<string, number>();
    const opens = new Map<string, number>();
    const counting: Pick<CollabConnection, 'open'> = {
      async open(chapterId) {
        const handle = await connection.open(chapterId);
        const now = (openNow.get(chapterId) ?? 0) + 1;
        openNow.set(chapterId, now);
        most.set(chapterId, Math.max(most.get(chapterId) ?? 0, now));
        opens.set(chapterId, (opens.get(chapterId) ?? 0) + 1);
        const wrapped: ChapterHandle = {
          ...handle,
          status: () => handle.status(),
          onStatus: (listener) => handle.onStatus(listener),
          close: () => {
            openNow.set(chapterId, (openNow.get(chapterId) ?? 1) - 1);
            return handle.close();
          },
        };
        return wrapped;
      },
    };
    // Every pass finds both chapters (as a store written to by another tab meanwhile might).
    const backlog = createChapterBacklog({
      connection: counting,
      unsynced: () => Promise.resolve([A, B]),
      log: silentLog,
      chapterWaitMs: 3_000,
    });

    const first = backlog.send();
    const second = backlog.send();
    const third = backlog.send();
    expect(third).toBe(second); // calls during a pass share the pass after it
    const [one, two] = await Promise.all([first, second]);
    expect([...one.synced].sort()).toEqual([A, B]);
    expect([...two.synced].sort()).toEqual([A, B]);
    expect(opens.get(A)).toBe(2);
    expect(opens.get(B)).toBe(2);
    expect(most.get(A)).toBe(1);
    expect(most.get(B)).toBe(1);
    expect(server.text(A)).toContain('First A');
    expect(server.text(B)).toContain('First B');
    backlog.stop();
  });
});
