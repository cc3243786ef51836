import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createLiveChannel,
  LIVE_QUEUE_DEBOUNCE_MS,
  liveChannelUrl,
  RECONNECT_MAX_TRIES,
  type LiveChannelDeps,
  type LiveHandlers,
  type WebSocketLike,
} from './live-channel';

class FakeSocket implements WebSocketLike {
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  /** The server's side. */
  serverOpens() {
    this.onopen?.({});
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  serverCloses(code: number, reason = '') {
    this.onclose?.({ code, reason });
  }
  frames(): unknown[] {
    return this.sent.map((text) => JSON.parse(text) as unknown);
  }
}

const OUR_DEVICE = 'pwa-aaaaaaaa-bbbbbbbb-2.4.29';
const OTHER_DEVICE = 'pwa-cccccccc-dddddddd-2.4.29';

function relayed(
  interactionName: string,
  values: { type: string; id: string; manuscript_id?: string; updated_at?: number },
  deviceUID = OTHER_DEVICE,
) {
  return {
    action: 'message',
    endpoint: 'user_interaction',
    user_id: 'u1',
    interaction_data: { interactionName, interactionValues: values, deviceUID },
  };
}

function setup(overrides: Partial<LiveChannelDeps> = {}) {
  const sockets: FakeSocket[] = [];
  let onlineListener: (() => void) | null = null;
  let leader = true;
  const calls: string[] = [];
  const handlers: LiveHandlers = {
    updatedUser: () => calls.push('updatedUser'),
    newManuscript: (id) => calls.push(`newManuscript ${id}`),
    manuscript: (id, at) => calls.push(`manuscript ${id} ${String(at)}`),
    folder: () => calls.push('folder'),
    globalNote: () => calls.push('globalNote'),
    globalTodo: () => calls.push('globalTodo'),
    chapterContent: (id, m, at) => calls.push(`chapterContent ${id} ${String(m)} ${String(at)}`),
    deleteManuscript: (id) => calls.push(`deleteManuscript ${id}`),
  };
  const deps: LiveChannelDeps = {
    url: 'wss://quire.test/api/v4/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    userId: 'u1',
    deviceUid: OUR_DEVICE,
    isLeader: () => leader,
    sharedManuscriptIds: () => ['m-shared-1', 'm-shared-2'],
    handlers,
    log: { info: vi.fn(), warn: vi.fn() },
    onError: vi.fn(),
    onLeft: vi.fn(),
    onSessionEnded: vi.fn(),
    onGaveUp: vi.fn(),
    onBackOnline: vi.fn(),
    subscribeOnline: (listener) => {
      onlineListener = listener;
      return () => {
        onlineListener = null;
      };
    },
    ...overrides,
  };
  const channel = createLiveChannel(deps);
  return {
    channel,
    deps,
    sockets,
    calls,
    last: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket');
      return socket;
    },
    goOnline: () => onlineListener?.(),
    hasOnlineListener: () => onlineListener !== null,
    setLeader: (value: boolean) => {
      leader = value;
    },
  };
}

const joinFrames = [
  { action: 'message', endpoint: 'join_user', user_id: 'u1' },
  { action: 'message', endpoint: 'join_manuscript', manuscript_id: 'm-shared-1' },
  { action: 'message', endpoint: 'join_manuscript', manuscript_id: 'm-shared-2' },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('liveChannelUrl', () => {
  it('uses wss on https and ws on http', () => {
    expect(liveChannelUrl({ protocol: 'https:', host: 'quire.test' })).toBe(
      'wss://quire.test/api/v4/ws',
    );
    expect(liveChannelUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/v4/ws',
    );
  });
});

describe('joining', () => {
  it('joins the user, then each shared manuscript, once the socket opens', () => {
    const t = setup();
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('wss://quire.test/api/v4/ws');
    expect(t.last().sent).toEqual([]);
    t.last().serverOpens();
    expect(t.last().frames()).toEqual(joinFrames);
    expect(t.channel.isConnected()).toBe(true);
  });

  it('joins a later manuscript now and again after a reconnect', () => {
    const t = setup();
    t.last().serverOpens();
    t.channel.join('m-later');
    expect(t.last().frames().at(-1)).toEqual({
      action: 'message',
      endpoint: 'join_manuscript',
      manuscript_id: 'm-later',
    });
    t.last().serverCloses(1001, 'going away');
    expect(t.channel.isConnected()).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(t.sockets).toHaveLength(2);
    t.last().serverOpens();
    expect(t.last().frames()).toEqual([
      ...joinFrames,
      { action: 'message', endpoint: 'join_manuscript', manuscript_id: 'm-later' },
    ]);
  });

  it('records joined acks, and forgets a join the server drops with left', () => {
    const t = setup();
    t.last().serverOpens();
    t.channel.join('m-later');
    t.last().serverSends({ action: 'joined', endpoint: 'join_user', user_id: 'u1' });
    t.last().serverSends({
      action: 'joined',
      endpoint: 'join_manuscript',
      manuscript_id: 'm-later',
    });
    expect([...t.channel.joinedManuscriptIds()]).toEqual(['m-later']);

    t.last().serverSends({ action: 'left', manuscript_id: 'm-later', reason: 'access_revoked' });
    expect(t.deps.onLeft).toHaveBeenCalledWith('m-later', 'access_revoked');
    expect(t.channel.joinedManuscriptIds().size).toBe(0);

    t.last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    t.last().serverOpens();
    expect(t.last().frames()).toEqual(joinFrames);
  });

  it('logs error frames and surfaces their code', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends({ action: 'error', code: 'not_authorized' });
    expect(t.deps.onError).toHaveBeenCalledWith('not_authorized');
    expect(t.deps.log.warn).toHaveBeenCalledTimes(1);
    expect(t.channel.isConnected()).toBe(true);
  });
});

describe('what it sends', () => {
  it('sends joins only: the server announces every change this device makes', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1', updated_at: 1 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    t.channel.join('m-later');
    expect(t.calls).toEqual(['folder']);
    expect(t.last().frames()).toEqual([
      ...joinFrames,
      { action: 'message', endpoint: 'join_manuscript', manuscript_id: 'm-later' },
    ]);
  });
});

describe('incoming messages', () => {
  it('ignores messages from this device', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1' }, OUR_DEVICE));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS * 2);
    expect(t.calls).toEqual([]);
  });

  it('delivers once, sorted by updated_at, 400 ms after the last message', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends(
      relayed('update', { type: 'chapter_content', id: 'c1', manuscript_id: 'm1', updated_at: 30 }),
    );
    vi.advanceTimersByTime(300);
    t.last().serverSends(relayed('update', { type: 'manuscript', id: 'm1', updated_at: 10 }));
    vi.advanceTimersByTime(300);
    t.last().serverSends(
      relayed('new_manuscript', { type: 'manuscript', id: 'm2', updated_at: 20 }),
    );
    // 600 ms after the first message, but only 0 ms after the last: the timer restarted.
    vi.advanceTimersByTime(399);
    expect(t.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.calls).toEqual(['manuscript m1 10', 'newManuscript m2', 'chapterContent c1 m1 30']);
    vi.advanceTimersByTime(5_000);
    expect(t.calls).toHaveLength(3);
  });

  it('coalesces the same (type, id) in one batch to the newest', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'manuscript', id: 'm1', updated_at: 50 }));
    t.last().serverSends(relayed('update', { type: 'manuscript', id: 'm1', updated_at: 70 }));
    t.last().serverSends(relayed('update', { type: 'manuscript', id: 'm1', updated_at: 60 }));
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1', updated_at: 65 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual(['folder', 'manuscript m1 70']);
  });

  it('dispatches every handled interaction of spec §4', () => {
    const t = setup();
    t.last().serverOpens();
    const socket = t.last();
    socket.serverSends(relayed('updated_user', { type: 'user', id: 'u1', updated_at: 1 }));
    socket.serverSends(relayed('update', { type: 'global_note', id: 'n1', updated_at: 2 }));
    socket.serverSends(relayed('update', { type: 'global_to_do', id: 't1', updated_at: 2 }));
    socket.serverSends(relayed('delete', { type: 'manuscript', id: 'm9', updated_at: 3 }));
    socket.serverSends(relayed('update', { type: 'stash', id: 's1', updated_at: 4 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual(['updatedUser', 'globalNote', 'globalTodo', 'deleteManuscript m9']);
    expect(t.deps.log.info).toHaveBeenCalledWith(expect.stringContaining('update of type stash'));
  });

  it('logs a failing handler and goes on with the batch', () => {
    const t = setup();
    t.deps.handlers.folder = () => {
      throw new Error('boom');
    };
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1', updated_at: 1 }));
    t.last().serverSends(relayed('update', { type: 'global_note', id: 'n1', updated_at: 2 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual(['globalNote']);
    expect(t.deps.log.warn).toHaveBeenCalledWith(
      'Live channel: a handler failed.',
      expect.any(Error),
    );
  });

  it('drops the batch in a tab that is not the leader', () => {
    const t = setup();
    t.setLeader(false);
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1', updated_at: 1 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual([]);
    // Not kept for later either.
    t.setLeader(true);
    t.last().serverSends(relayed('update', { type: 'global_note', id: 'n1', updated_at: 2 }));
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual(['globalNote']);
  });

  it('logs and ignores unparseable messages, once each', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends('{not json');
    t.last().serverSends({ action: 'message', endpoint: 'user_interaction' });
    expect(t.deps.log.warn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(LIVE_QUEUE_DEBOUNCE_MS);
    expect(t.calls).toEqual([]);
    expect(t.channel.isConnected()).toBe(true);
  });
});

describe('reconnecting', () => {
  it('stops without reconnecting when the session ends (4001)', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverCloses(4001, 'session_ended');
    expect(t.deps.onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    t.goOnline();
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([1001, 1003, 1008, 1009])('reconnects after close code %i', (code) => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverCloses(code);
    expect(t.deps.log.warn).toHaveBeenCalledWith(expect.stringContaining(String(code)));
    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
  });

  it('retries 1 s apart and gives up after 300 tries', () => {
    const t = setup();
    t.last().serverCloses(1006);
    for (let attempt = 1; attempt <= RECONNECT_MAX_TRIES; attempt += 1) {
      vi.advanceTimersByTime(999);
      expect(t.sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(t.sockets).toHaveLength(attempt + 1);
      expect(t.deps.onGaveUp).not.toHaveBeenCalled();
      t.last().serverCloses(1006);
    }
    expect(t.deps.onGaveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(RECONNECT_MAX_TRIES + 1);
  });

  it('counts tries afresh after a successful open', () => {
    const t = setup();
    for (let i = 0; i < RECONNECT_MAX_TRIES - 1; i += 1) {
      t.last().serverCloses(1006);
      vi.advanceTimersByTime(1_000);
    }
    t.last().serverOpens();
    t.last().serverCloses(1006);
    vi.advanceTimersByTime(5_000);
    expect(t.deps.onGaveUp).not.toHaveBeenCalled();
    expect(t.sockets).toHaveLength(RECONNECT_MAX_TRIES + 1);
  });

  it('reconnects at once when back online and calls onBackOnline 1 s later', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverCloses(1006);
    expect(t.sockets).toHaveLength(1);
    t.goOnline();
    expect(t.sockets).toHaveLength(2);
    t.last().serverOpens();
    expect(t.last().frames()).toEqual(joinFrames);
    vi.advanceTimersByTime(999);
    expect(t.deps.onBackOnline).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.deps.onBackOnline).toHaveBeenCalledTimes(1);
    // The pending retry was cancelled: no third socket.
    vi.advanceTimersByTime(5_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('starts over after giving up when the device comes back online', () => {
    const t = setup();
    for (let i = 0; i <= RECONNECT_MAX_TRIES; i += 1) {
      t.last().serverCloses(1006);
      vi.advanceTimersByTime(1_000);
    }
    expect(t.deps.onGaveUp).toHaveBeenCalledTimes(1);
    t.goOnline();
    expect(t.sockets).toHaveLength(RECONNECT_MAX_TRIES + 2);
  });

  it('treats a socket that cannot be created like a close', () => {
    let fail = true;
    const created: FakeSocket[] = [];
    const t = setup({
      createSocket: (url) => {
        if (fail) throw new Error('SyntaxError');
        const socket = new FakeSocket(url);
        created.push(socket);
        return socket;
      },
    });
    expect(t.deps.log.warn).toHaveBeenCalledTimes(1);
    fail = false;
    vi.advanceTimersByTime(1_000);
    expect(created).toHaveLength(1);
  });
});

describe('close', () => {
  it('closes the socket and leaves no timers, reconnects or online listener', () => {
    const t = setup();
    t.last().serverOpens();
    t.last().serverSends(relayed('update', { type: 'folder', id: 'f1', updated_at: 1 }));
    const before = t.last();
    t.goOnline();
    // Back online, the socket that looked open is replaced by a new one.
    expect(before.closedWith).toBe(1000);
    expect(t.sockets).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(2);
    const socket = t.last();
    t.channel.close();
    expect(socket.closedWith).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
    expect(t.hasOnlineListener()).toBe(false);
    socket.serverCloses(1006);
    socket.serverSends(relayed('update', { type: 'folder', id: 'f2', updated_at: 2 }));
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(2);
    expect(t.calls).toEqual([]);
    expect(t.deps.onBackOnline).not.toHaveBeenCalled();
  });

  it('closes while a reconnect is pending', () => {
    const t = setup();
    t.last().serverCloses(1006);
    expect(vi.getTimerCount()).toBe(1);
    t.channel.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(t.sockets).toHaveLength(1);
  });
});
