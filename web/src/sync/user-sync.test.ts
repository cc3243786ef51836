import { afterEach, describe, expect, it, vi } from 'vitest';

import { createActionLog, createDatabaseHealth, SharedDatabase } from '@/storage';
import type { Manuscript } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';
import {
  createTestEngine,
  disposeTestEngines,
  TEST_DEVICE,
  TEST_USER,
} from '@/testing/sync-harness';

import type { WebSocketLike } from './live-channel';
import { LIVE_QUEUE_DEBOUNCE_MS, ONLINE_RESYNC_DELAY_MS } from './live-channel';
import { startUserSync } from './user-sync';
import type { UserSync } from './user-sync';

const T0 = 1_800_000_000_000;
const OTHER_DEVICE = 'pwa-cccccccc-dddddddd-2.4.29';

class FakeSocket implements WebSocketLike {
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  frames(): {
    endpoint?: string;
    interaction_data?: { interactionName: string; interactionValues: { type: string; id: string } };
  }[] {
    return this.sent.map((text) => JSON.parse(text) as ReturnType<FakeSocket['frames']>[number]);
  }
}

function manuscript(id: string, overrides: Partial<Manuscript> = {}): Manuscript {
  return {
    id,
    title: id,
    folder_id: null,
    _order: 0,
    created_at: T0,
    updated_at: T0,
    synced_at: T0,
    deleted_at: null,
    ...overrides,
  };
}

const running: UserSync[] = [];
const sharedDbs: SharedDatabase[] = [];
let count = 0;

afterEach(async () => {
  for (const sync of running.splice(0)) sync.stop();
  await disposeTestEngines();
  for (const db of sharedDbs.splice(0)) await db.delete();
});

function setup() {
  const timers = createManualTimers(T0);
  const made = createTestEngine({
    timers,
    clock: { now: timers.now, offset: () => 0, sync: () => Promise.resolve() },
  });
  count += 1;
  const sharedDb = new SharedDatabase(`quire-shared-user-sync-${String(count)}`);
  sharedDbs.push(sharedDb);
  const sockets: FakeSocket[] = [];
  let online: (() => void) | null = null;
  const leader = { isLeader: () => true, onChange: () => () => undefined, close: vi.fn() };
  const health = createDatabaseHealth(() => undefined);
  const deps = {
    engine: made.engine,
    deviceId: TEST_DEVICE,
    url: 'ws://quire.test/api/v4/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    createLeader: () => leader,
    health,
    databases: [made.db],
    actionLog: createActionLog({
      db: sharedDb,
      deviceId: TEST_DEVICE,
      platform: 'web',
      userId: () => TEST_USER,
      now: timers.now,
    }),
    sendActions: vi.fn(() => Promise.resolve()),
    askPersistentStorage: vi.fn(() => Promise.resolve(true)),
    reloadUser: vi.fn(() => Promise.resolve()),
    logout: vi.fn(),
    onSessionEnded: vi.fn(),
    onQuota: vi.fn(),
    log: { info: vi.fn(), warn: vi.fn() },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    subscribeOnline: (listener: () => void) => {
      online = listener;
      return () => {
        online = null;
      };
    },
  };
  const start = () => {
    const sync = startUserSync(deps);
    running.push(sync);
    return sync;
  };
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket');
    return last;
  };
  const relay = (interactionName: string, values: Record<string, unknown>) => {
    socket().onmessage?.({
      data: JSON.stringify({
        action: 'message',
        endpoint: 'user_interaction',
        user_id: TEST_USER,
        interaction_data: { interactionName, interactionValues: values, deviceUID: OTHER_DEVICE },
      }),
    });
  };
  return {
    ...made,
    timers,
    deps,
    leader,
    health,
    start,
    socket,
    relay,
    sockets,
    goOnline: () => online?.(),
  };
}

describe('the signed-in user’s live sync', () => {
  it('reloads what other devices announce, through the loader', async () => {
    const t = setup();
    const loader = t.engine.loader;
    const loadManuscript = vi.spyOn(loader, 'loadManuscript').mockResolvedValue();
    const refreshShelf = vi.spyOn(loader, 'refreshShelf').mockResolvedValue();
    const reloadGlobalNotes = vi.spyOn(loader, 'reloadGlobalNotes').mockResolvedValue();
    const reloadGlobalTodos = vi.spyOn(loader, 'reloadGlobalTodos').mockResolvedValue();
    const loadChapterContent = vi.spyOn(loader, 'loadChapterContent').mockResolvedValue();
    const forgetManuscript = vi.spyOn(loader, 'forgetManuscript').mockResolvedValue();
    await t.start().loaded;
    refreshShelf.mockClear();
    t.socket().onopen?.({});

    t.relay('updated_user', { type: 'user', id: TEST_USER, updated_at: T0 + 1 });
    t.relay('new_manuscript', { type: 'manuscript', id: 'BookNew', updated_at: T0 + 2 });
    t.relay('update', { type: 'manuscript', id: 'BookChanged', updated_at: T0 + 3 });
    t.relay('update', { type: 'folder', id: 'FolderSaga', updated_at: T0 + 4 });
    t.relay('update', { type: 'global_note', id: 'NoteIdea', updated_at: T0 + 5 });
    t.relay('update', { type: 'global_to_do', id: 'TodoCall', updated_at: T0 + 5 });
    t.relay('update', {
      type: 'chapter_content',
      id: 'ChapterOne',
      manuscript_id: 'BookChanged',
      updated_at: T0 + 6,
    });
    t.relay('delete', { type: 'manuscript', id: 'BookGone', updated_at: T0 + 7 });
    t.timers.advance(LIVE_QUEUE_DEBOUNCE_MS);

    // A new manuscript may be one shared with the user: the listings say so (and it is joined).
    await vi.waitFor(() => {
      expect(refreshShelf).toHaveBeenCalledTimes(3);
    });
    expect(t.deps.reloadUser).toHaveBeenCalledTimes(1);
    expect(loadManuscript.mock.calls).toEqual([['BookNew'], ['BookChanged']]);
    expect(reloadGlobalNotes).toHaveBeenCalledTimes(1);
    expect(reloadGlobalTodos).toHaveBeenCalledTimes(1);
    expect(loadChapterContent).toHaveBeenCalledWith('ChapterOne', T0 + 6);
    expect(forgetManuscript).toHaveBeenCalledWith('BookGone');
  });

  it('joins the manuscripts shared with the user, and drops one the server says was left', async () => {
    const t = setup();
    t.remote.shared.set('BookSharedByBea000001', {
      ...manuscript('BookSharedByBea000001'),
      user_id: 'UserBea',
    });
    await t.start().loaded;
    t.socket().onopen?.({});
    expect(
      t
        .socket()
        .frames()
        .map((frame) => frame.endpoint),
    ).toEqual(['join_user', 'join_manuscript']);
    expect(await t.db.manuscripts.get('BookSharedByBea000001')).toBeDefined();

    t.socket().onmessage?.({
      data: JSON.stringify({
        action: 'left',
        manuscript_id: 'BookSharedByBea000001',
        reason: 'access_revoked',
      }),
    });
    await vi.waitFor(async () => {
      expect(await t.db.manuscripts.get('BookSharedByBea000001')).toBeUndefined();
    });
  });

  it('hears what another device wrote from the server’s announcement, and loads it', async () => {
    const t = setup();
    const server = t.remote;
    // The other device: its own database, the same server, no live channel of its own.
    const other = createTestEngine({
      timers: t.timers,
      clock: { now: t.timers.now, offset: () => 0, sync: () => Promise.resolve() },
      remote: server,
    });
    // The server announces each manuscript it stores to the user's sockets, naming the device.
    const put = server.put.bind(server);
    server.put = async (kind, row, signal) => {
      const known = server.rows[kind].has(row.id);
      const stored = await put(kind, row, signal);
      if (kind === 'manuscripts') {
        t.socket().onmessage?.({
          data: JSON.stringify({
            action: 'message',
            endpoint: 'user_interaction',
            user_id: TEST_USER,
            interaction_data: {
              interactionName: known ? 'update' : 'new_manuscript',
              interactionValues: {
                type: 'manuscript',
                id: row.id,
                manuscript_id: row.id,
                updated_at: stored.updated_at,
              },
              deviceUID: row.last_synced_device_id,
            },
          }),
        });
      }
      return stored;
    };
    t.deps.deviceId = OTHER_DEVICE;
    await t.start().loaded;
    t.socket().onopen?.({});

    const book = await other.engine.port.saveManuscript({ title: 'Written on the laptop' });
    t.timers.advance(1_000);
    await other.engine.outbox.idle();
    t.timers.advance(LIVE_QUEUE_DEBOUNCE_MS);
    await vi.waitFor(async () => {
      expect(await t.db.manuscripts.get(book.id)).toMatchObject({
        title: 'Written on the laptop',
      });
    });

    await other.engine.port.saveManuscript({ id: book.id, title: 'Renamed on the laptop' });
    t.timers.advance(1_000);
    await other.engine.outbox.idle();
    t.timers.advance(LIVE_QUEUE_DEBOUNCE_MS);
    await vi.waitFor(async () => {
      expect(await t.db.manuscripts.get(book.id)).toMatchObject({
        title: 'Renamed on the laptop',
      });
    });
    // This device only joins: announcing is the server's.
    expect(
      new Set(
        t
          .socket()
          .frames()
          .map((frame) => frame.endpoint),
      ),
    ).toEqual(new Set(['join_user']));
  });

  it('loads a manuscript newly shared with the user as shared, and joins it', async () => {
    const t = setup();
    await t.start().loaded;
    t.socket().onopen?.({});
    t.remote.shared.set('BookSharedByBea000001', {
      ...manuscript('BookSharedByBea000001'),
      user_id: 'UserBea',
    });
    t.remote.seed('manuscripts', {
      ...manuscript('BookSharedByBea000001'),
      user_id: 'UserBea',
    });
    t.relay('new_manuscript', {
      type: 'manuscript',
      id: 'BookSharedByBea000001',
      manuscript_id: 'BookSharedByBea000001',
      updated_at: T0 + 1,
    });
    t.timers.advance(LIVE_QUEUE_DEBOUNCE_MS);
    await vi.waitFor(() => {
      expect(t.socket().frames().at(-1)).toEqual({
        action: 'message',
        endpoint: 'join_manuscript',
        manuscript_id: 'BookSharedByBea000001',
      });
    });
    expect(await t.db.manuscripts.get('BookSharedByBea000001')).toMatchObject({
      shared_with_me: 1,
      owner_id: 'UserBea',
      content_loaded: true,
    });
  });

  it('syncs every manuscript and reloads the server data 1 s after coming back online', async () => {
    const t = setup();
    await t.start().loaded;
    const flush = vi.spyOn(t.engine.outbox, 'flushPending');
    const load = vi.spyOn(t.engine.loader, 'load');
    t.goOnline();
    t.timers.advance(ONLINE_RESYNC_DELAY_MS - 1);
    expect(flush).not.toHaveBeenCalled();
    t.timers.advance(1);
    await vi.waitFor(() => {
      expect(load).toHaveBeenCalledTimes(1);
    });
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('says when the server ended the session, and stop closes the channel and every timer', async () => {
    const t = setup();
    const sync = t.start();
    await sync.loaded;
    t.socket().onopen?.({});
    t.socket().onclose?.({ code: 4001, reason: 'session_ended' });
    expect(t.deps.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(t.deps.logout).not.toHaveBeenCalled();

    const other = setup();
    const running2 = other.start();
    await running2.loaded;
    await other.engine.port.saveFolder({ name: 'Queued' });
    running2.stop();
    expect(other.socket().closedWith).toBe(1000);
    expect(other.leader.close).toHaveBeenCalled();
    expect(other.timers.pending()).toBe(0);
    expect(other.engine.outbox.queued()).toEqual([]);
  });

  it('logs out when the local database fails, tells the user when it is full, and asks for persistent storage once', async () => {
    const t = setup();
    await t.start().loaded;
    expect(t.deps.askPersistentStorage).toHaveBeenCalledTimes(1);
    t.health.inspect(new DOMException('full', 'QuotaExceededError'));
    expect(t.deps.onQuota).toHaveBeenCalledTimes(1);
    expect(t.deps.logout).not.toHaveBeenCalled();
    t.health.inspect(new DOMException('gone', 'InvalidStateError'));
    t.health.inspect(new DOMException('gone', 'UnknownError'));
    expect(t.deps.logout).toHaveBeenCalledTimes(1);
  });
});
