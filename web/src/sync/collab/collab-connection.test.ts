import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { openChapterDoc } from './chapter-doc';
import {
  collabUrl,
  createCollabConnection,
  type ChapterHandle,
  type CollabConnection,
  type CollabConnectionOptions,
} from './collab-connection';
import { CollabDatabase } from './collab-db';
import type { ChapterStatus } from './status';
import { FakeHocuspocusServer } from './testing/fake-hocuspocus-server';

const CHAPTER = 'ChapterOne000000000001';
const USER = 'UserAnaWriter000000001';
const silentLog = { warn: () => undefined };
const MESSAGE_SYNC = 0;
const MESSAGE_CLOSE = 7;

let databases = 0;
const opened: CollabDatabase[] = [];
const connections: CollabConnection[] = [];

function freshDb(): CollabDatabase {
  databases += 1;
  const db = new CollabDatabase(`quire-collab-conn-test-${String(databases)}`);
  opened.push(db);
  return db;
}

function connect(
  server: FakeHocuspocusServer,
  db: CollabDatabase,
  extra: Partial<CollabConnectionOptions> = {},
): CollabConnection {
  const connection = createCollabConnection({
    url: 'ws://quire.test/api/v4/collab',
    userId: USER,
    WebSocketImpl: server.WebSocket,
    db,
    log: silentLog,
    reconnect: { delay: 10, initialDelay: 0, minDelay: 10, maxDelay: 20, jitter: false },
    ...extra,
  });
  connections.push(connection);
  return connection;
}

function type(fragment: Y.XmlFragment, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  fragment.push([paragraph]);
}

function record(handle: ChapterHandle): ChapterStatus[] {
  const statuses: ChapterStatus[] = [];
  handle.onStatus((status) => statuses.push(status));
  return statuses;
}

async function waitForStatus(handle: ChapterHandle, status: ChapterStatus): Promise<void> {
  await expect.poll(() => handle.status(), { timeout: 3_000 }).toBe(status);
}

afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close();
  for (const db of opened.splice(0)) await db.delete();
});

describe('collabUrl', () => {
  it('builds /api/v4/collab on the page’s host, wss on https', () => {
    expect(collabUrl({ protocol: 'https:', host: 'quire.app' })).toBe(
      'wss://quire.app/api/v4/collab',
    );
    expect(collabUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/v4/collab',
    );
  });
});

describe('createCollabConnection', () => {
  it('shows synced only once the server acknowledged the edit', async () => {
    const server = new FakeHocuspocusServer();
    server.holdAcks = true;
    const handle = await connect(server, freshDb()).open(CHAPTER);
    const statuses = record(handle);
    expect(handle.writable()).toBe(true);

    type(handle.fragment, 'Call me Ishmael.');
    expect(handle.status()).toBe('saving');
    await waitForStatus(handle, 'saved-locally');
    await expect.poll(() => server.text(CHAPTER)).toContain('Call me Ishmael.');
    expect(handle.status()).toBe('saved-locally'); // applied by the server, not acknowledged

    server.releaseAcks();
    await waitForStatus(handle, 'synced');
    expect(statuses).toEqual(['saving', 'saved-locally', 'synced']);
  });

  it('shares one document between two opens of a chapter and detaches after the last close', async () => {
    const server = new FakeHocuspocusServer();
    const connection = connect(server, freshDb());
    const [first, second] = await Promise.all([connection.open(CHAPTER), connection.open(CHAPTER)]);
    expect(first.doc).toBe(second.doc);
    // Readers see the open document without holding it open.
    expect(connection.openDoc(CHAPTER)).toBe(first.doc);

    type(first.fragment, 'Shared');
    expect(second.fragment.toJSON()).toBe('<paragraph>Shared</paragraph>');
    await first.close();
    type(second.fragment, 'Still attached');
    await expect.poll(() => server.text(CHAPTER)).toContain('Still attached');
    await waitForStatus(second, 'synced');
    expect(server.received.some(([, kind]) => kind === MESSAGE_CLOSE)).toBe(false);

    await second.close();
    expect(connection.openDoc(CHAPTER)).toBeNull();
    expect(server.received.filter(([, kind]) => kind === MESSAGE_CLOSE)).toHaveLength(1);
    await expect.poll(() => server.openSockets()).toBe(0);
  });

  it('brings other devices’ edits in through the server and keeps them on this device', async () => {
    const server = new FakeHocuspocusServer();
    const laptop = await connect(server, freshDb()).open(CHAPTER);
    const phoneDb = freshDb();
    const phone = await connect(server, phoneDb).open(CHAPTER);

    type(laptop.fragment, 'Typed on the laptop');
    await expect.poll(() => phone.fragment.toJSON()).toContain('Typed on the laptop');
    await waitForStatus(phone, 'synced');
    await phone.close();

    const stored = await openChapterDoc(CHAPTER, USER, { db: phoneDb, log: silentLog });
    expect(stored.doc.getXmlFragment('default').toJSON()).toContain('Typed on the laptop');
    await stored.close();
  });

  it('tells when a chapter holds the server’s text: at once offline or refused, and never before it arrived', async () => {
    const server = new FakeHocuspocusServer();
    type(server.doc(CHAPTER).getXmlFragment('default'), 'Written on another device');
    const handle = await connect(server, freshDb()).open(CHAPTER);
    expect(await handle.serverSynced(3_000)).toBe(true);
    expect(handle.fragment.toJSON()).toContain('Written on another device');

    const refusing = new FakeHocuspocusServer();
    refusing.deny(CHAPTER);
    const refused = await connect(refusing, freshDb()).open(CHAPTER);
    const started = Date.now();
    expect(await refused.serverSynced(3_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);

    const unreachable = new FakeHocuspocusServer();
    unreachable.accepting = false;
    const offline = await connect(unreachable, freshDb()).open(CHAPTER);
    const since = Date.now();
    expect(await offline.serverSynced(3_000)).toBe(false);
    expect(Date.now() - since).toBeLessThan(2_000);
  });

  it('on a read-only share, shows read-only and neither stores nor sends local edits', async () => {
    const server = new FakeHocuspocusServer();
    type(server.doc(CHAPTER).getXmlFragment('default'), 'The owner’s words');
    server.setReadOnly(CHAPTER);
    const db = freshDb();
    const handle = await connect(server, db).open(CHAPTER);

    await waitForStatus(handle, 'read-only');
    expect(handle.writable()).toBe(false);
    await expect.poll(() => handle.fragment.toJSON()).toContain('The owner’s words');
    const framesBefore = server.received.length;
    type(handle.fragment, 'A reader’s scribble');
    await handle.close();

    const sentAfter = server.received.slice(framesBefore).map(([, kind]) => kind);
    expect(sentAfter).not.toContain(MESSAGE_SYNC);
    expect(server.text(CHAPTER)).not.toContain('scribble');
    const stored = await openChapterDoc(CHAPTER, USER, { db, log: silentLog });
    expect(stored.doc.getXmlFragment('default').toJSON()).toBe(
      '<paragraph>The owner’s words</paragraph>',
    );
    await stored.close();
  });

  it('shows denied when the server refuses the chapter', async () => {
    const server = new FakeHocuspocusServer();
    server.deny(CHAPTER);
    const handle = await connect(server, freshDb()).open(CHAPTER);

    await waitForStatus(handle, 'denied');
    expect(handle.writable()).toBe(false);
  });

  it('keeps storing a new chapter the server does not know yet, and sends it once the server has its row', async () => {
    const server = new FakeHocuspocusServer();
    server.deny(CHAPTER);
    let pending = true;
    const db = freshDb();
    const handle = await connect(server, db, {
      isPendingOnServer: (id) => Promise.resolve(id === CHAPTER && pending),
      pendingRetry: { initialMs: 20, maxMs: 40 },
    }).open(CHAPTER);

    type(handle.fragment, 'Typed before the chapter reached the server');
    await waitForStatus(handle, 'saved-locally');
    expect(handle.writable()).toBe(true);
    expect(server.text(CHAPTER)).toBe('');

    // The outbox delivers the chapter's row: the next try is let in and the text goes up.
    pending = false;
    server.allow(CHAPTER);
    await waitForStatus(handle, 'synced');
    expect(server.text(CHAPTER)).toBe(
      '<paragraph>Typed before the chapter reached the server</paragraph>',
    );
  });

  it('denies a chapter the server refuses once its row is no longer pending here', async () => {
    const server = new FakeHocuspocusServer();
    server.deny(CHAPTER);
    const handle = await connect(server, freshDb(), {
      isPendingOnServer: () => Promise.resolve(false),
    }).open(CHAPTER);

    await waitForStatus(handle, 'denied');
    expect(handle.writable()).toBe(false);
  });

  it('resyncs after a dropped connection and sends the edits the server never acknowledged', async () => {
    const server = new FakeHocuspocusServer();
    const handle = await connect(server, freshDb()).open(CHAPTER);
    type(handle.fragment, 'Online');
    await waitForStatus(handle, 'synced');

    server.accepting = false;
    server.dropConnections();
    type(handle.fragment, 'Written in the tunnel');
    await waitForStatus(handle, 'saved-locally');
    expect(server.text(CHAPTER)).not.toContain('tunnel');

    server.accepting = true;
    await expect.poll(() => server.text(CHAPTER), { timeout: 3_000 }).toContain('tunnel');
    await waitForStatus(handle, 'synced');
  });

  it('re-sends an edit lost on the way when the connection comes back', async () => {
    const server = new FakeHocuspocusServer();
    const handle = await connect(server, freshDb()).open(CHAPTER);
    await waitForStatus(handle, 'synced');

    server.losing = true;
    type(handle.fragment, 'Lost in transit');
    await waitForStatus(handle, 'saved-locally');
    expect(server.text(CHAPTER)).not.toContain('Lost in transit');

    server.losing = false;
    server.dropConnections();
    await expect.poll(() => server.text(CHAPTER), { timeout: 3_000 }).toContain('Lost in transit');
    await waitForStatus(handle, 'synced');
  });

  it('after a reload offline, shows synced or saved-locally from what the server last acknowledged', async () => {
    const server = new FakeHocuspocusServer();
    const db = freshDb();
    const before = connect(server, db);
    const first = await before.open(CHAPTER);
    type(first.fragment, 'Acknowledged');
    await waitForStatus(first, 'synced');
    await before.close();

    server.accepting = false;
    const offline = await connect(server, db).open(CHAPTER);
    expect(offline.fragment.toJSON()).toContain('Acknowledged');
    expect(offline.status()).toBe('synced');
    type(offline.fragment, 'Not yet on the server');
    await waitForStatus(offline, 'saved-locally');
    await offline.close();

    const reloaded = connect(server, db);
    const again = await reloaded.open(CHAPTER);
    expect(again.status()).toBe('saved-locally');

    server.accepting = true;
    await expect
      .poll(() => server.text(CHAPTER), { timeout: 3_000 })
      .toContain('Not yet on the server');
    await waitForStatus(again, 'synced');
  });
});
