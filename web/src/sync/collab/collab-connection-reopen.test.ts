/**
 * Reopening a chapter on the same connection after the socket went away: what the old provider
 * left queued must not reach the new socket (a stale Close would shut the document the new
 * provider just opened), and a socket still closing must connect again.
 */
import { afterEach, expect, it } from 'vitest';
import * as Y from 'yjs';

import { createCollabConnection } from './collab-connection';
import type { CollabConnection, CollabConnectionOptions } from './collab-connection';
import { CollabDatabase } from './collab-db';
import { FakeHocuspocusServer } from './testing/fake-hocuspocus-server';

const USER = 'UserAnaWriter000000001';
const MESSAGE_CLOSE = 7;
const made: { connection: CollabConnection; db: CollabDatabase }[] = [];

function connect(
  name: string,
  WebSocketImpl: CollabConnectionOptions['WebSocketImpl'],
): CollabConnection {
  const db = new CollabDatabase(name);
  const connection = createCollabConnection({
    url: 'ws://quire.test/api/v4/collab',
    userId: USER,
    WebSocketImpl,
    db,
    log: { warn: () => undefined },
    reconnect: { delay: 10, initialDelay: 0, minDelay: 10, maxDelay: 20, jitter: false },
  });
  made.push({ connection, db });
  return connection;
}

function type(fragment: Y.XmlFragment, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  fragment.push([paragraph]);
}

afterEach(async () => {
  for (const { connection, db } of made.splice(0)) {
    await connection.close();
    await db.delete();
  }
});

it('a chapter closed before the socket ever connected syncs when opened again once online', async () => {
  const server = new FakeHocuspocusServer();
  server.accepting = false;
  const connection = connect('reopen-after-offline-close', server.WebSocket);
  const first = await connection.open('A');
  type(first.fragment, 'typed offline');
  await expect.poll(() => first.status()).toBe('saved-locally');
  await first.close();

  server.accepting = true;
  const second = await connection.open('A');
  await expect.poll(() => second.status(), { timeout: 3_000 }).toBe('synced');
  expect(server.text('A')).toContain('typed offline');
  // Nothing of the closed provider was sent: no Close reached the server for A.
  expect(server.received.filter(([, type]) => type === MESSAGE_CLOSE)).toEqual([]);
});

it('a chapter opened while the last one’s socket is still closing connects again', async () => {
  const server = new FakeHocuspocusServer();
  // As a browser's: after close() the socket is CLOSING, and `close` fires once the handshake ends.
  class SlowClosingSocket extends server.WebSocket {
    override close(): void {
      this.readyState = 2;
      setTimeout(() => {
        super.close();
      }, 30);
    }
  }
  const connection = connect('reopen-while-socket-closing', SlowClosingSocket);
  const first = await connection.open('C');
  type(first.fragment, 'one');
  await expect.poll(() => first.status()).toBe('synced');
  await first.close();

  const second = await connection.open('A');
  type(second.fragment, 'two');
  await expect.poll(() => second.status(), { timeout: 3_000 }).toBe('synced');
  expect(server.text('A')).toContain('two');
});
