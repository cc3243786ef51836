import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  createLeaderElection,
  HEARTBEAT_TIMEOUT_MS,
  LEADER_LOCK_NAME,
  type BroadcastChannelLike,
  type LockManagerLike,
} from './leader';

/** An exclusive-lock manager shared by the "tabs" of one test, like `navigator.locks`. */
class FakeLocks implements LockManagerLike {
  requested: string[] = [];
  private holder = false;
  private waiting: { run: () => void; signal: AbortSignal }[] = [];

  request(
    name: string,
    options: { mode: 'exclusive'; signal: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    this.requested.push(name);
    return new Promise((resolve, reject) => {
      const run = () => {
        this.holder = true;
        void callback({ name }).finally(() => {
          this.holder = false;
          resolve(undefined);
          this.next();
        });
      };
      options.signal.addEventListener('abort', () => {
        const index = this.waiting.findIndex((entry) => entry.run === run);
        if (index >= 0) {
          this.waiting.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      if (this.holder) this.waiting.push({ run, signal: options.signal });
      else run();
    });
  }

  private next() {
    const entry = this.waiting.shift();
    entry?.run();
  }
}

/** BroadcastChannels of one origin: a post reaches every other open channel of that name. */
class FakeChannelHub {
  private channels = new Set<FakeChannel>();
  create = (name: string): BroadcastChannelLike => {
    const channel = new FakeChannel(name, this.channels);
    this.channels.add(channel);
    return channel;
  };
}

class FakeChannel implements BroadcastChannelLike {
  onmessage: BroadcastChannelLike['onmessage'] = null;
  constructor(
    readonly name: string,
    private readonly all: Set<FakeChannel>,
  ) {}
  postMessage(message: unknown) {
    for (const other of this.all) {
      if (other !== this && other.name === this.name) other.onmessage?.({ data: message });
    }
  }
  close() {
    this.all.delete(this);
  }
}

describe('Web Locks election', () => {
  it('the first tab leads and the second takes over when the first releases', async () => {
    const locks = new FakeLocks();
    const first = createLeaderElection({ locks });
    const second = createLeaderElection({ locks });
    const changes: boolean[] = [];
    second.onChange((leader) => changes.push(leader));
    await Promise.resolve();

    expect(locks.requested).toEqual([LEADER_LOCK_NAME, LEADER_LOCK_NAME]);
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);

    first.close();
    expect(first.isLeader()).toBe(false);
    await vi.waitFor(() => {
      expect(second.isLeader()).toBe(true);
    });
    expect(changes).toEqual([true]);
    second.close();
  });

  it('a tab that closes while waiting never leads', async () => {
    const locks = new FakeLocks();
    const first = createLeaderElection({ locks });
    const second = createLeaderElection({ locks });
    second.close();
    first.close();
    const third = createLeaderElection({ locks });
    await vi.waitFor(() => {
      expect(third.isLeader()).toBe(true);
    });
    expect(second.isLeader()).toBe(false);
    third.close();
  });
});

describe('BroadcastChannel election', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a lone tab leads after the heartbeat timeout; a later tab follows, then takes over', () => {
    const hub = new FakeChannelHub();
    const first = createLeaderElection({ locks: null, createChannel: hub.create, tabId: 'b' });
    expect(first.isLeader()).toBe(false);
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS);
    expect(first.isLeader()).toBe(true);

    // 'a' would win a tie, but it hears the leader's heartbeats and never claims.
    const second = createLeaderElection({ locks: null, createChannel: hub.create, tabId: 'a' });
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS * 5);
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);

    first.close();
    expect(second.isLeader()).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    second.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('of two tabs started together exactly one leads', () => {
    const hub = new FakeChannelHub();
    const one = createLeaderElection({ locks: null, createChannel: hub.create, tabId: 'y' });
    const two = createLeaderElection({ locks: null, createChannel: hub.create, tabId: 'x' });
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS * 3);
    expect([one.isLeader(), two.isLeader()].filter(Boolean)).toHaveLength(1);
    one.close();
    two.close();
  });

  it('a leader that hears a leader with a smaller id steps down', () => {
    const hub = new FakeChannelHub();
    const tab = createLeaderElection({ locks: null, createChannel: hub.create, tabId: 'b' });
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS);
    expect(tab.isLeader()).toBe(true);
    const other = hub.create('quire-live-leader');
    other.postMessage({ kind: 'heartbeat', tabId: 'c' });
    expect(tab.isLeader()).toBe(true);
    other.postMessage({ kind: 'heartbeat', tabId: 'a' });
    expect(tab.isLeader()).toBe(false);
    other.postMessage({ kind: 'resign', tabId: 'a' });
    expect(tab.isLeader()).toBe(true);
    tab.close();
  });

  it('a tab with neither API leads alone', () => {
    const solo = createLeaderElection({ locks: null, createChannel: null });
    expect(solo.isLeader()).toBe(true);
    solo.close();
    expect(solo.isLeader()).toBe(false);
  });
});
