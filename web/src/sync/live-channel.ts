/**
 * The client of the live multi-device channel `/api/v4/ws` (ADR 0009). It joins the user and the
 * manuscripts shared with them and hands the announcements of changes made on other devices to
 * the app, batched and in `updated_at` order, in the lead tab only. The server announces every
 * change it commits (ADR 0016), so this client announces nothing. It moves no data: the
 * handlers reload through the sync API. Plain TypeScript, no React; every browser API is
 * injected.
 */
import {
  joinManuscriptFrame,
  joinUserFrame,
  parseServerFrame,
  type UserInteraction,
} from './live-messages';
import { timersOf } from './timers';

/** Announcements are handled once none has come for this long, as one sorted batch. */
export const LIVE_QUEUE_DEBOUNCE_MS = 400;
/** A closed socket is reopened automatically: up to 300 tries, 1 s apart. */
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_MAX_TRIES = 300;
/** Back online, the channel reconnects at once and calls `onBackOnline` this much later. */
export const ONLINE_RESYNC_DELAY_MS = 1_000;
/** ADR 0009: the session was ended (logout, session revoked, account deleted). */
export const CLOSE_SESSION_ENDED = 4001;
export const LIVE_CHANNEL_PATH = '/api/v4/ws';

/** The part of `WebSocket` used here. */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** What the app does with other devices' announcements. */
export interface LiveHandlers {
  updatedUser: () => void;
  newManuscript: (manuscriptId: string) => void;
  manuscript: (manuscriptId: string, updatedAt: number | null) => void;
  folder: () => void;
  globalNote: () => void;
  globalTodo: () => void;
  chapterContent: (
    chapterId: string,
    manuscriptId: string | null,
    updatedAt: number | null,
  ) => void;
  deleteManuscript: (manuscriptId: string) => void;
}

export interface LiveLog {
  info: (message: string) => void;
  warn: (message: string, detail?: unknown) => void;
}

export interface LiveChannelDeps {
  /** `ws(s)://host/api/v4/ws`; see `liveChannelUrl`. */
  url: string;
  createSocket: (url: string) => WebSocketLike;
  userId: string;
  /** This device's id (`storage/device-id`), sent as `deviceUID`. */
  deviceUid: string;
  /** Only the lead tab acts on incoming messages (see `leader.ts`). */
  isLeader: () => boolean;
  /** Manuscripts owned by someone else and shared with the user, joined on every open. */
  sharedManuscriptIds: () => Iterable<string>;
  handlers: LiveHandlers;
  log: LiveLog;
  /** The server refused a frame (`malformed_message`, `not_authorized`, `rate_limited`, …). */
  onError?: (code: string) => void;
  /** The server dropped a join (`access_revoked` or `manuscript_deleted`). */
  onLeft?: (manuscriptId: string, reason: string) => void;
  /** Close code 4001: the session is over; the channel has stopped. */
  onSessionEnded?: () => void;
  /** 300 reconnect tries failed; the channel waits for an `online` event. */
  onGaveUp?: () => void;
  /** 1 s after the device came back online: sync every manuscript, reload server data. */
  onBackOnline?: () => void;
  /** Subscribes to the browser's `online` event; returns an unsubscribe function. */
  subscribeOnline?: (listener: () => void) => () => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface LiveChannel {
  /** Joins a manuscript now (if connected) and after every reconnect. */
  join(manuscriptId: string): void;
  isConnected(): boolean;
  /** Manuscripts whose join the server has acknowledged on the current socket. */
  joinedManuscriptIds(): ReadonlySet<string>;
  /** Stops for good: closes the socket, clears every timer, ignores `online` events. */
  close(): void;
}

/** `/api/v4/ws` against the page's location, `wss:` on HTTPS. */
export function liveChannelUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_CHANNEL_PATH}`;
}

function defaultSubscribeOnline(listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('online', listener);
  return () => {
    globalThis.removeEventListener('online', listener);
  };
}

/** Dispatches one announcement; `false` when it names nothing the app handles. */
function dispatch(handlers: LiveHandlers, interaction: UserInteraction): boolean {
  const { interactionName: name, interactionValues: values } = interaction;
  const updatedAt = values.updated_at ?? null;
  if (name === 'updated_user') handlers.updatedUser();
  else if (name === 'new_manuscript') handlers.newManuscript(values.id);
  else if (name === 'update' && values.type === 'manuscript')
    handlers.manuscript(values.id, updatedAt);
  else if (name === 'update' && values.type === 'folder') handlers.folder();
  else if (name === 'update' && values.type === 'global_note') handlers.globalNote();
  else if (name === 'update' && values.type === 'global_to_do') handlers.globalTodo();
  else if (name === 'update' && values.type === 'chapter_content')
    handlers.chapterContent(values.id, values.manuscript_id ?? null, updatedAt);
  else if (name === 'delete' && values.type === 'manuscript') handlers.deleteManuscript(values.id);
  else return false;
  return true;
}

/**
 * Keeps one announcement per (type, id), the newest, then orders them by `updated_at`
 * (missing times first; ties keep arrival order).
 */
export function coalesceAndSort(queue: readonly UserInteraction[]): UserInteraction[] {
  const newest = new Map<string, { interaction: UserInteraction; arrival: number }>();
  queue.forEach((interaction, arrival) => {
    const { type, id } = interaction.interactionValues;
    const key = JSON.stringify([type, id]);
    const kept = newest.get(key);
    const time = interaction.interactionValues.updated_at ?? 0;
    if (!kept || time >= (kept.interaction.interactionValues.updated_at ?? 0)) {
      newest.set(key, { interaction, arrival });
    }
  });
  return [...newest.values()]
    .sort(
      (a, b) =>
        (a.interaction.interactionValues.updated_at ?? 0) -
          (b.interaction.interactionValues.updated_at ?? 0) || a.arrival - b.arrival,
    )
    .map((entry) => entry.interaction);
}

/** Opens the channel at once and keeps it open until `close()` or the session ends. */
export function createLiveChannel(deps: LiveChannelDeps): LiveChannel {
  const { log, handlers } = deps;
  const { setTimer, clearTimer } = timersOf(deps);

  let socket: WebSocketLike | null = null;
  let open = false;
  let stopped = false;
  /** Reconnect tries since the last successful open. */
  let tries = 0;
  let reconnectTimer: unknown = null;
  let debounceTimer: unknown = null;
  let backOnlineTimer: unknown = null;
  let queue: UserInteraction[] = [];
  /** Joins asked through `join()`, kept for reconnects. */
  const extraJoins = new Set<string>();
  const joined = new Set<string>();

  /** Sends a join; dropped while disconnected (every open joins everything again). */
  function send(frame: string): void {
    if (!socket || !open) return;
    try {
      socket.send(frame);
    } catch (error) {
      log.warn('Live channel: send failed.', error);
    }
  }

  function joinAll() {
    send(joinUserFrame(deps.userId));
    const ids = new Set([...deps.sharedManuscriptIds(), ...extraJoins]);
    for (const id of ids) send(joinManuscriptFrame(id));
  }

  function flush() {
    debounceTimer = null;
    const batch = coalesceAndSort(queue);
    queue = [];
    // Checked at delivery: the lead may have moved during the debounce.
    if (!deps.isLeader()) return;
    for (const interaction of batch) {
      try {
        if (!dispatch(handlers, interaction)) {
          log.info(
            `Live channel: ignored ${interaction.interactionName} of type ${interaction.interactionValues.type}.`,
          );
        }
      } catch (error) {
        log.warn('Live channel: a handler failed.', error);
      }
    }
  }

  function receive(data: unknown) {
    const frame = parseServerFrame(data);
    if (!frame) {
      log.warn('Live channel: ignored an unparseable message.', data);
      return;
    }
    switch (frame.action) {
      case 'joined':
        if (frame.endpoint === 'join_manuscript' && frame.manuscript_id) {
          joined.add(frame.manuscript_id);
        }
        return;
      case 'error':
        log.warn(`Live channel: server error ${frame.code}.`);
        deps.onError?.(frame.code);
        return;
      case 'left':
        joined.delete(frame.manuscript_id);
        extraJoins.delete(frame.manuscript_id);
        deps.onLeft?.(frame.manuscript_id, frame.reason);
        return;
      case 'message': {
        const interaction = frame.interaction_data;
        if (interaction.deviceUID === deps.deviceUid) return;
        queue.push(interaction);
        if (debounceTimer !== null) clearTimer(debounceTimer);
        debounceTimer = setTimer(flush, LIVE_QUEUE_DEBOUNCE_MS);
        return;
      }
    }
  }

  function detach(current: WebSocketLike) {
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer !== null) return;
    if (tries >= RECONNECT_MAX_TRIES) {
      log.warn(`Live channel: gave up after ${String(RECONNECT_MAX_TRIES)} reconnect tries.`);
      deps.onGaveUp?.();
      return;
    }
    tries += 1;
    reconnectTimer = setTimer(() => {
      reconnectTimer = null;
      connect();
    }, RECONNECT_DELAY_MS);
  }

  function closed(current: WebSocketLike, code: number, reason: string) {
    if (current !== socket) return;
    detach(current);
    socket = null;
    open = false;
    joined.clear();
    if (stopped) return;
    if (code === CLOSE_SESSION_ENDED) {
      log.info('Live channel: session ended.');
      stop();
      deps.onSessionEnded?.();
      return;
    }
    // 1001 going away / ping timeout, 1003 binary, 1008 policy (rate limit, too slow),
    // 1009 too big, or a network drop: all retried the same way.
    if (code !== 1000) log.warn(`Live channel closed (${String(code)} ${reason}).`);
    scheduleReconnect();
  }

  function connect() {
    if (stopped || socket) return;
    let current: WebSocketLike;
    try {
      current = deps.createSocket(deps.url);
    } catch (error) {
      log.warn('Live channel: could not open the socket.', error);
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (current !== socket) return;
      open = true;
      tries = 0;
      joinAll();
    };
    current.onmessage = (event) => {
      if (current === socket) receive(event.data);
    };
    current.onclose = (event) => {
      closed(current, event.code, event.reason);
    };
    // An error is always followed by a close, which does the reconnecting.
    current.onerror = () => undefined;
  }

  function cancel(timer: unknown) {
    if (timer !== null) clearTimer(timer);
  }

  function stop() {
    stopped = true;
    cancel(reconnectTimer);
    cancel(debounceTimer);
    cancel(backOnlineTimer);
    reconnectTimer = debounceTimer = backOnlineTimer = null;
    queue = [];
    unsubscribeOnline();
    const current = socket;
    socket = null;
    open = false;
    joined.clear();
    if (current) {
      detach(current);
      current.close(1000, 'closed');
    }
  }

  const unsubscribeOnline = (deps.subscribeOnline ?? defaultSubscribeOnline)(() => {
    if (stopped) return;
    // A socket that looks open may have carried nothing across the offline spell (a browser
    // can keep one open while nothing gets through): a new one joins everything again.
    const stale = socket;
    if (stale) {
      detach(stale);
      socket = null;
      open = false;
      joined.clear();
      stale.close(1000, 'back online');
    }
    cancel(reconnectTimer);
    reconnectTimer = null;
    tries = 0;
    connect();
    cancel(backOnlineTimer);
    backOnlineTimer = setTimer(() => {
      backOnlineTimer = null;
      deps.onBackOnline?.();
    }, ONLINE_RESYNC_DELAY_MS);
  });

  connect();

  return {
    join(manuscriptId) {
      if (stopped) return;
      extraJoins.add(manuscriptId);
      send(joinManuscriptFrame(manuscriptId));
    },
    isConnected: () => open,
    joinedManuscriptIds: () => new Set(joined),
    close: stop,
  };
}
