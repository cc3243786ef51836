/**
 * The client of `/api/v4/collab` (ADR 0002, ADR 0010): one `HocuspocusProviderWebsocket` for
 * the tab, one `HocuspocusProvider` per open chapter multiplexed on it (document name = chapter
 * id; the server authenticates by the session cookie, so the token is empty). Each chapter's
 * `Y.Doc` comes from `openChapterDoc`, so it is on this device before it is on the wire. It
 * derives the status the UI shows and remembers what the server acknowledged. No React, no
 * editor binding; the WebSocket constructor is injected.
 */
import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  WebSocketStatus,
  type CompleteHocuspocusProviderWebsocketConfiguration,
} from '@hocuspocus/provider';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';

import { afterPaintOr } from '@/lib/after-paint';
import type { StoreProblem } from '@/storage/problems';

import {
  openChapterDoc,
  PERSISTENCE_ORIGIN,
  type ChapterDocDeps,
  type CollabLog,
} from './chapter-doc';
import type { CollabDatabase } from './collab-db';
import { chapterStatus, type ChapterStatus } from './status';

export const COLLAB_PATH = '/api/v4/collab';
/** The y-prosemirror / TipTap shape: the chapter body is the XmlFragment `default`. */
export const CHAPTER_FRAGMENT = 'default';

/** `/api/v4/collab` against the page's location, `wss:` on HTTPS. */
export function collabUrl(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${COLLAB_PATH}`;
}

/** Reconnect tuning passed to the provider's socket (tests shorten it). */
export type CollabReconnectOptions = Partial<
  Pick<
    CompleteHocuspocusProviderWebsocketConfiguration,
    'delay' | 'initialDelay' | 'factor' | 'minDelay' | 'maxDelay' | 'jitter'
  >
>;

export interface CollabConnectionOptions {
  /** `ws(s)://host/api/v4/collab`; see `collabUrl`. */
  url: string;
  /** The signed-in user: stored updates are scoped to them. */
  userId: string;
  /** A `WebSocket`-compatible constructor; defaults to the browser's. */
  WebSocketImpl?: new (url: string) => unknown;
  db?: CollabDatabase;
  reportProblem?: (problem: StoreProblem) => void;
  log?: CollabLog;
  reconnect?: CollabReconnectOptions;
  /** Timers, clock and `pagehide` for the local persistence. */
  persistence?: Pick<ChapterDocDeps, 'setTimeout' | 'clearTimeout' | 'now' | 'subscribePageHide'>;
  /**
   * Whether the chapter's own row may not have reached the server yet (made on this device,
   * still in the outbox). The server then refuses the document as `not_found`; that is not a
   * denial: edits go on being stored here, and access is asked again until the row arrives.
   */
  isPendingOnServer?: (chapterId: string) => Promise<boolean>;
  /** Delays between asking again for a chapter still pending on the server (ms). */
  pendingRetry?: { initialMs: number; maxMs: number };
  /** Subscribes to the browser's `online` event; returns an unsubscribe function. */
  subscribeOnline?: (listener: () => void) => () => void;
}

function defaultSubscribeOnline(listener: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => undefined;
  globalThis.addEventListener('online', listener);
  return () => {
    globalThis.removeEventListener('online', listener);
  };
}

const PENDING_RETRY = { initialMs: 1_000, maxMs: 30_000 };

/**
 * Edits made here go to the server right after the frame that shows them, merged into one message
 * (the provider's batching holds them meanwhile; it counts the change as unsynced at once, so the
 * status and the acknowledgement rules are unchanged). Sending inside the keystroke, or on a fixed
 * short timer (which fires before a frame that comes late), would put the socket's work between a
 * key and the frame that shows it, delaying the key. A tab that paints no frames (hidden) sends
 * this long after the first edit; the provider's own timer is twice as long, so it only ever sends
 * what this has not (awareness).
 */
export const SEND_DELAY_MS = 50;

export type ChapterStatusListener = (chapterId: string, status: ChapterStatus | null) => void;

/** One opened chapter. Several handles may share one document; each is closed on its own. */
export interface ChapterHandle {
  readonly chapterId: string;
  readonly doc: Y.Doc;
  /** `doc.getXmlFragment('default')`, what the editor binds to. */
  readonly fragment: Y.XmlFragment;
  /** Presence for the editor's carets (the provider's). */
  readonly awareness: Awareness | null;
  status(): ChapterStatus;
  /** Called with each new status; returns an unsubscribe function. */
  onStatus(listener: (status: ChapterStatus) => void): () => void;
  /** False while `read-only` or `denied`: the editor must not allow edits (they are refused). */
  writable(): boolean;
  /**
   * Resolves true once the document holds what the server holds (the first exchange after
   * attaching is done); false at once while the socket is down or the chapter is refused, and
   * after `timeoutMs` without an answer. A change to every chapter (mentions of a new story
   * element) waits for it, so text this device never held is changed too.
   */
  serverSynced(timeoutMs: number): Promise<boolean>;
  /** Releases this handle; the last one out detaches the chapter and flushes it to IndexedDB. */
  close(): Promise<void>;
}

export interface CollabConnection {
  /** Loads the chapter from IndexedDB, then attaches it to the socket. */
  open(chapterId: string): Promise<ChapterHandle>;
  /** The chapters open now, with their status (a chapter still loading is not listed). */
  openChapters(): ReadonlyMap<string, ChapterStatus>;
  /**
   * The document of a chapter open now (`openChapters`), else null. It is not a handle: the
   * chapter closes when its handles do, and the document is destroyed then (`onChapterStatus`
   * tells it with `null`), so a reader watching it does not keep the chapter open.
   */
  openDoc(chapterId: string): Y.Doc | null;
  /**
   * Called with each open chapter's status as it changes, and with `null` once a chapter is
   * closed (its edits stored); returns an unsubscribe function.
   */
  onChapterStatus(listener: ChapterStatusListener): () => void;
  /** Detaches and destroys every chapter and the socket; resolves once all is flushed. */
  close(): Promise<void>;
}

/** A chapter attached to the socket, shared by its handles. */
interface LiveChapter {
  doc: Y.Doc;
  /** Takes in what other tabs stored of the chapter (then sent like any edit). */
  takeInStored(): Promise<void>;
  awareness: Awareness | null;
  status(): ChapterStatus;
  listeners: Set<(status: ChapterStatus) => void>;
  serverSynced(timeoutMs: number): Promise<boolean>;
  teardown(): Promise<void>;
}

interface Entry {
  refs: number;
  ready: Promise<LiveChapter>;
}

export function createCollabConnection(options: CollabConnectionOptions): CollabConnection {
  const { userId } = options;
  const log = options.log ?? console;
  const socket = new HocuspocusProviderWebsocket({
    url: options.url,
    autoConnect: false,
    WebSocketPolyfill: options.WebSocketImpl ?? globalThis.WebSocket,
    ...options.reconnect,
  });
  const entries = new Map<string, Entry>();
  /** The chapters loaded and attached, for `openChapters`. */
  const live = new Map<string, LiveChapter>();
  const watchers = new Set<ChapterStatusListener>();

  function tell(chapterId: string, status: ChapterStatus | null) {
    for (const watcher of [...watchers]) watcher(chapterId, status);
  }
  /** Chapters being torn down; opening one again waits for its last flush. */
  const closing = new Map<string, Promise<void>>();
  let attached = 0;
  let closed = false;

  /**
   * Back online: connect now rather than at the end of a backoff that grew while offline, and
   * replace a socket that looks open (a browser may keep one open across an offline spell, with
   * nothing getting through); every open chapter then syncs again by state vector.
   */
  const unsubscribeOnline = (options.subscribeOnline ?? defaultSubscribeOnline)(() => {
    if (closed || attached === 0) return;
    if (socket.status === WebSocketStatus.Connected) socket.webSocket?.close();
    else void socket.connect();
  });

  function attach(provider: HocuspocusProvider) {
    provider.attach();
    attached += 1;
    if (attached === 1) void socket.connect();
  }

  function detach(provider: HocuspocusProvider) {
    provider.destroy();
    attached -= 1;
    if (attached === 0 && !closed) socket.disconnect();
  }

  async function start(chapterId: string): Promise<LiveChapter> {
    await closing.get(chapterId);
    const store = await openChapterDoc(chapterId, userId, {
      ...options.persistence,
      ...(options.db ? { db: options.db } : {}),
      ...(options.reportProblem ? { reportProblem: options.reportProblem } : {}),
      log,
    });
    const { doc } = store;
    const listeners = new Set<(status: ChapterStatus) => void>();
    let readOnly = false;
    let denied = false;
    let sending = true;
    let holdsRefused = false;
    let current: ChapterStatus = computeStatus();

    function computeStatus(): ChapterStatus {
      return chapterStatus({
        denied,
        readOnly,
        unsavedLocal: store.hasUnsavedLocalChanges(),
        unacked: store.unacked(),
      });
    }

    function refresh() {
      const next = computeStatus();
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener(next);
      tell(chapterId, next);
    }

    /**
     * When the server has acknowledged every message sent, it holds all this doc holds — unless
     * the doc holds a refused local edit, which was never sent: then the ack is left as it was.
     */
    function maybeAck() {
      if (!denied && !holdsRefused && provider.isSynced && provider.unsyncedChanges === 0) {
        store.markAcked();
      }
      refresh();
    }

    /** Read-only or denied: local edits are not stored and not sent (the server refuses them). */
    function refuseLocalEdits(refuse: boolean) {
      store.setLocalEditsRefused(refuse);
      if (refuse && sending) doc.off('update', provider.boundDocumentUpdateHandler);
      if (!refuse && !sending) doc.on('update', provider.boundDocumentUpdateHandler);
      sending = !refuse;
    }

    const retry = options.pendingRetry ?? PENDING_RETRY;
    let retryDelay = retry.initialMs;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const provider = new HocuspocusProvider({
      name: chapterId,
      document: doc,
      token: '',
      websocketProvider: socket,
      flushDelay: SEND_DELAY_MS * 2,
      onAuthenticated: ({ scope }) => {
        denied = false;
        retryDelay = retry.initialMs;
        readOnly = scope === 'readonly';
        refuseLocalEdits(readOnly);
        refresh();
      },
      onAuthenticationFailed: ({ reason }) => {
        void handleRefusal(reason);
      },
      onSynced: maybeAck,
      onUnsyncedChanges: maybeAck,
    });
    store.treatAsRemote(provider);

    /** A refusal of a chapter still in the outbox is asked again later; any other denies. */
    async function handleRefusal(reason: string) {
      const pending = (await options.isPendingOnServer?.(chapterId).catch(() => false)) ?? false;
      if (stopped) return;
      if (!pending) {
        log.warn(`Collab: access to chapter ${chapterId} denied (${reason}).`);
        denied = true;
        refuseLocalEdits(true);
        refresh();
        return;
      }
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (stopped) return;
        // Closes the refused document on the server (which keeps a refusal until then), and
        // asks again on the same socket as the provider does when a socket opens.
        provider.detach();
        provider.attach();
        void provider.sendToken().then(() => {
          if (!stopped) provider.startSync();
        });
      }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, retry.maxMs);
    }

    let cancelSend: (() => void) | null = null;
    const sendAfterPaint = () => {
      cancelSend ??= afterPaintOr(() => {
        cancelSend = null;
        provider.flushPendingUpdates();
      }, SEND_DELAY_MS);
    };

    // Registered after the provider's own handler, so its unsynced count is already updated
    // and the update is in its batch.
    const handleDocUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin === provider) {
        maybeAck();
        return;
      }
      if (sending) sendAfterPaint();
      else if (origin !== PERSISTENCE_ORIGIN) holdsRefused = true;
      refresh();
    };
    doc.on('update', handleDocUpdate);
    const unsubscribeStore = store.onChange(refresh);
    attach(provider);

    let torn: Promise<void> | null = null;
    const chapter: LiveChapter = {
      doc,
      takeInStored: () => store.takeInStored(),
      awareness: provider.awareness,
      status: () => current,
      listeners,
      serverSynced: (timeoutMs) => whenSynced(provider, () => denied, timeoutMs),
      teardown() {
        torn ??= (async () => {
          stopped = true;
          if (retryTimer !== null) clearTimeout(retryTimer);
          listeners.clear();
          doc.off('update', handleDocUpdate);
          unsubscribeStore();
          if (cancelSend) {
            cancelSend();
            cancelSend = null;
            provider.flushPendingUpdates();
          }
          detach(provider);
          if (live.get(chapterId) === chapter) live.delete(chapterId);
          await store.close();
          doc.destroy();
          tell(chapterId, null);
        })();
        return torn;
      },
    };
    live.set(chapterId, chapter);
    tell(chapterId, current);
    return chapter;
  }

  function release(chapterId: string, entry: Entry): Promise<void> {
    entry.refs -= 1;
    // After the connection closed, it has torn every chapter down already.
    if (entry.refs > 0 || entries.get(chapterId) !== entry) return Promise.resolve();
    entries.delete(chapterId);
    const done = entry.ready
      .then((chapter) => chapter.teardown())
      .catch(() => undefined)
      .finally(() => {
        if (closing.get(chapterId) === done) closing.delete(chapterId);
      });
    closing.set(chapterId, done);
    return done;
  }

  function handleFor(chapterId: string, entry: Entry, chapter: LiveChapter): ChapterHandle {
    const own = new Set<(status: ChapterStatus) => void>();
    let released = false;
    return {
      chapterId,
      doc: chapter.doc,
      fragment: chapter.doc.getXmlFragment(CHAPTER_FRAGMENT),
      awareness: chapter.awareness,
      status: () => chapter.status(),
      onStatus(listener) {
        own.add(listener);
        chapter.listeners.add(listener);
        return () => {
          own.delete(listener);
          chapter.listeners.delete(listener);
        };
      },
      writable: () => chapter.status() !== 'read-only' && chapter.status() !== 'denied',
      serverSynced: (timeoutMs) => chapter.serverSynced(timeoutMs),
      close() {
        if (released) return Promise.resolve();
        released = true;
        for (const listener of own) chapter.listeners.delete(listener);
        return release(chapterId, entry);
      },
    };
  }

  return {
    openChapters: () => new Map([...live].map(([id, chapter]) => [id, chapter.status()])),
    openDoc: (chapterId) => live.get(chapterId)?.doc ?? null,
    onChapterStatus(listener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },
    async open(chapterId) {
      if (closed) throw new Error('The collaboration connection is closed.');
      let entry = entries.get(chapterId);
      if (entry) {
        entry.refs += 1;
        // Open here already: another tab may have stored edits this document lacks.
        void entry.ready.then((chapter) => chapter.takeInStored()).catch(() => undefined);
      } else {
        entry = { refs: 1, ready: start(chapterId) };
        entries.set(chapterId, entry);
      }
      const current = entry;
      try {
        return handleFor(chapterId, current, await current.ready);
      } catch (error) {
        current.refs -= 1;
        if (entries.get(chapterId) === current) entries.delete(chapterId);
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const open = [...entries.entries()];
      entries.clear();
      unsubscribeOnline();
      await Promise.all([
        ...open.map(([, entry]) =>
          entry.ready.then((chapter) => chapter.teardown()).catch(() => undefined),
        ),
        ...closing.values(),
      ]);
      socket.destroy();
    },
  };
}

/**
 * Whether `provider`'s document has had its first exchange with the server: true once it has,
 * false at once while the socket is down or the chapter is refused, else false when the socket
 * goes down or after `timeoutMs`.
 */
function whenSynced(
  provider: HocuspocusProvider,
  isDenied: () => boolean,
  timeoutMs: number,
): Promise<boolean> {
  if (provider.isSynced) return Promise.resolve(true);
  const socket = provider.configuration.websocketProvider;
  if (isDenied() || socket.status === WebSocketStatus.Disconnected) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (synced: boolean) => {
      clearTimeout(timer);
      provider.off('synced', onSynced);
      provider.off('authenticationFailed', onRefused);
      socket.off('status', onStatus);
      resolve(synced);
    };
    const onSynced = () => {
      finish(true);
    };
    const onRefused = () => {
      finish(false);
    };
    const onStatus = ({ status }: { status: WebSocketStatus }) => {
      if (status === WebSocketStatus.Disconnected) finish(false);
    };
    const timer = setTimeout(() => {
      finish(isDenied() ? false : provider.isSynced);
    }, timeoutMs);
    provider.on('synced', onSynced);
    provider.on('authenticationFailed', onRefused);
    socket.on('status', onStatus);
  });
}
