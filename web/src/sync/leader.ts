/**
 * Which browser tab is the lead tab: only the lead tab acts on live messages, so a change is
 * reloaded once per browser, not once per tab.
 *
 * Web Locks when the browser has them: the leader holds `quire-live-leader` for the tab's life
 * and the browser hands it to a waiting tab when the holder closes or crashes. Otherwise a
 * BroadcastChannel heartbeat election. Plain TypeScript, no React; both APIs are injectable.
 */

export const LEADER_LOCK_NAME = 'quire-live-leader';
export const LEADER_CHANNEL_NAME = 'quire-live-leader';
/** Fallback election: the leader says it is alive this often… */
export const HEARTBEAT_INTERVAL_MS = 1_000;
/** …and a follower claims the lead after this long without hearing it. */
export const HEARTBEAT_TIMEOUT_MS = 3_000;

export interface LeaderElection {
  isLeader(): boolean;
  /** Called with the new state each time it changes; returns an unsubscribe function. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Gives the lead up (if held) and stops taking part. */
  close(): void;
}

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode: 'exclusive'; signal: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/** The part of `BroadcastChannel` used here (a channel never receives its own messages). */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export interface LeaderElectionDeps {
  /** Defaults to `navigator.locks` when present. */
  locks?: LockManagerLike | null;
  /** Defaults to the global `BroadcastChannel` when present. */
  createChannel?: ((name: string) => BroadcastChannelLike) | null;
  /** A unique id for this tab (fallback election tie-break); random by default. */
  tabId?: string;
}

function createStateHolder() {
  let leader = false;
  const listeners = new Set<(leader: boolean) => void>();
  return {
    get: () => leader,
    set: (next: boolean) => {
      if (next === leader) return;
      leader = next;
      for (const listener of [...listeners]) listener(next);
    },
    onChange: (listener: (leader: boolean) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Web Locks election: the callback's promise stays pending until `close()`. */
export function createLockLeaderElection(locks: LockManagerLike): LeaderElection {
  const state = createStateHolder();
  const abort = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let closed = false;

  locks
    .request(LEADER_LOCK_NAME, { mode: 'exclusive', signal: abort.signal }, async () => {
      if (closed) return;
      state.set(true);
      await held;
      state.set(false);
    })
    .catch(() => {
      // Aborted while waiting (the tab closed before it led): nothing to give up.
    });

  return {
    isLeader: state.get,
    onChange: state.onChange,
    close() {
      if (closed) return;
      closed = true;
      abort.abort();
      release();
      state.set(false);
    },
  };
}

type HeartbeatMessage = { kind: 'heartbeat'; tabId: string } | { kind: 'resign'; tabId: string };

function isHeartbeatMessage(data: unknown): data is HeartbeatMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { kind, tabId } = data as Record<string, unknown>;
  return (kind === 'heartbeat' || kind === 'resign') && typeof tabId === 'string';
}

/**
 * BroadcastChannel election for browsers without Web Locks: the leader posts a heartbeat every
 * second; a tab that hears none for 3 s claims the lead; two leaders hearing each other keep the
 * smaller tab id; a closing leader resigns so a follower claims at once.
 */
export function createBroadcastLeaderElection(
  channel: BroadcastChannelLike,
  tabId: string,
): LeaderElection {
  const state = createStateHolder();
  let lastHeard = Date.now();
  let closed = false;

  function claim() {
    state.set(true);
    channel.postMessage({ kind: 'heartbeat', tabId } satisfies HeartbeatMessage);
  }

  channel.onmessage = (event) => {
    if (closed || !isHeartbeatMessage(event.data)) return;
    const message = event.data;
    if (message.kind === 'resign') {
      if (!state.get()) claim();
      return;
    }
    if (state.get()) {
      if (message.tabId < tabId) state.set(false);
      else return;
    }
    lastHeard = Date.now();
  };

  const tick = setInterval(() => {
    if (state.get()) channel.postMessage({ kind: 'heartbeat', tabId } satisfies HeartbeatMessage);
    else if (Date.now() - lastHeard >= HEARTBEAT_TIMEOUT_MS) claim();
  }, HEARTBEAT_INTERVAL_MS);

  return {
    isLeader: state.get,
    onChange: state.onChange,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(tick);
      if (state.get()) channel.postMessage({ kind: 'resign', tabId } satisfies HeartbeatMessage);
      state.set(false);
      channel.onmessage = null;
      channel.close();
    },
  };
}

/** A single tab with neither API leads alone. */
function createSoloLeaderElection(): LeaderElection {
  const state = createStateHolder();
  state.set(true);
  return { isLeader: state.get, onChange: state.onChange, close: () => state.set(false) };
}

function defaultLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return null;
  // Typed, so the DOM's LockManager is checked against the part used here.
  const locks: LockManagerLike = navigator.locks;
  return locks;
}

function defaultCreateChannel(): ((name: string) => BroadcastChannelLike) | null {
  if (typeof globalThis.BroadcastChannel !== 'function') return null;
  return (name) => {
    const channel = new globalThis.BroadcastChannel(name);
    let listener: BroadcastChannelLike['onmessage'] = null;
    channel.onmessage = (event) => listener?.(event);
    return {
      postMessage: (message) => {
        channel.postMessage(message);
      },
      get onmessage() {
        return listener;
      },
      set onmessage(value) {
        listener = value;
      },
      close: () => {
        channel.close();
      },
    };
  };
}

/** Web Locks when available, else BroadcastChannel heartbeats, else this tab leads alone. */
export function createLeaderElection(deps: LeaderElectionDeps = {}): LeaderElection {
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  if (locks) return createLockLeaderElection(locks);
  const createChannel =
    deps.createChannel === undefined ? defaultCreateChannel() : deps.createChannel;
  if (createChannel) {
    const tabId = deps.tabId ?? `${String(Date.now())}-${Math.random().toString(36).slice(2)}`;
    return createBroadcastLeaderElection(createChannel(LEADER_CHANNEL_NAME), tabId);
  }
  return createSoloLeaderElection();
}
