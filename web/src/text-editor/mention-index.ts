/**
 * A manuscript's mention index on this device: each live chapter's `MentionSummary`, read from
 * the chapter's document while it is open in this tab, else once from its local copy. No React;
 * the documents, the chapter list and the timers are injected.
 */
import type * as Y from 'yjs';

import { summarizeMentions, type MentionSummary } from './mention-summary';

/** An open chapter is summarised again once its text has not changed for this long. */
export const SUMMARY_DELAY_MS = 500;

/** A live chapter, and a number that changes when its text may have changed on another device. */
export interface IndexedChapter {
  id: string;
  version: number;
}

/** What the index answers: `loading` until every chapter listed has been read once. */
export interface MentionIndexState {
  loading: boolean;
  /** Chapter id → its summary (a chapter without mentions has an empty one). */
  chapters: ReadonlyMap<string, MentionSummary>;
}

interface Observer<T> {
  next: (value: T) => void;
  error?: (error: unknown) => void;
}
interface Subscribable<T> {
  subscribe(observer: Observer<T>): { unsubscribe: () => void };
}

export interface MentionIndexDeps {
  /** The manuscript's chapters outside the trash, live. */
  chapters: Subscribable<IndexedChapter[]>;
  /** The chapter's body while its document is open in this tab, else null. */
  openFragment(chapterId: string): Y.XmlFragment | null;
  /** Told when a chapter's document opens or changes status, and with `null` once it closed. */
  onChapterStatus(listener: (chapterId: string, status: unknown) => void): () => void;
  /**
   * The chapter's body as stored on this device, read once; `release` frees it. `null` when the
   * device holds none of its text.
   */
  readCopy(chapterId: string): Promise<{ fragment: Y.XmlFragment; release: () => void } | null>;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  log?: { warn: (message: string, detail?: unknown) => void };
}

/** Subscribing starts the work; the last unsubscribe stops it (summaries already read are kept). */
export type MentionIndex = Subscribable<MentionIndexState> & {
  /** Stops watching for good (sign-out). */
  dispose(): void;
};

interface Entry {
  summary: MentionSummary | null;
  /** The chapter's version when its copy was read. */
  version: number;
  /** Its text changed since `summary` was made. */
  dirty: boolean;
}

interface Watched {
  doc: Y.Doc;
  fragment: Y.XmlFragment;
  onUpdate: () => void;
}

const EMPTY: MentionSummary = new Map();

export function createMentionIndex(deps: MentionIndexDeps): MentionIndex {
  const setTimer = deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const log = deps.log ?? console;
  const observers = new Set<Observer<MentionIndexState>>();
  const entries = new Map<string, Entry>();
  /** The chapters listed last, in no particular order; null before the first answer. */
  let listed: Map<string, number> | null = null;
  const watched = new Map<string, Watched>();
  const timers = new Map<string, unknown>();
  const queue: string[] = [];
  let reading = false;
  let state: MentionIndexState = { loading: true, chapters: new Map() };
  let chaptersSubscription: { unsubscribe: () => void } | null = null;
  let disposed = false;

  const active = () => observers.size > 0 && !disposed;

  function publish() {
    const chapters = new Map<string, MentionSummary>();
    let loading = listed === null;
    for (const id of listed?.keys() ?? []) {
      const summary = entries.get(id)?.summary;
      if (summary) chapters.set(id, summary);
      else loading = true;
    }
    state = { loading, chapters };
    for (const observer of [...observers]) observer.next(state);
  }

  function entryOf(id: string): Entry {
    let entry = entries.get(id);
    if (!entry) {
      entry = { summary: null, version: Number.NaN, dirty: true };
      entries.set(id, entry);
    }
    return entry;
  }

  /** Summarises an open chapter now. */
  function summarizeOpen(id: string) {
    const open = watched.get(id);
    if (!open) return;
    const entry = entryOf(id);
    entry.summary = summarizeMentions(open.fragment);
    entry.dirty = false;
    entry.version = listed?.get(id) ?? entry.version;
    publish();
  }

  function scheduleOpen(id: string) {
    const previous = timers.get(id);
    if (previous !== undefined) clearTimer(previous);
    timers.set(
      id,
      setTimer(() => {
        timers.delete(id);
        summarizeOpen(id);
      }, SUMMARY_DELAY_MS),
    );
  }

  function watch(id: string) {
    if (watched.has(id)) return;
    const fragment = deps.openFragment(id);
    const doc = fragment?.doc;
    if (!fragment || !doc) return;
    const onUpdate = () => {
      entryOf(id).dirty = true;
      if (active()) scheduleOpen(id);
    };
    doc.on('update', onUpdate);
    watched.set(id, { doc, fragment, onUpdate });
    // What the open document holds may differ from the copy read before (the server's).
    entryOf(id).dirty = true;
    if (active()) scheduleOpen(id);
  }

  function unwatch(id: string) {
    const open = watched.get(id);
    if (!open) return;
    open.doc.off('update', open.onUpdate);
    watched.delete(id);
    const timer = timers.get(id);
    if (timer !== undefined) clearTimer(timer);
    timers.delete(id);
    // Closed with changes not summarised yet: its copy, flushed on close, holds them.
    if (entryOf(id).dirty) enqueue(id);
  }

  function enqueue(id: string) {
    if (!active() || !listed?.has(id) || watched.has(id)) return;
    if (!queue.includes(id)) queue.push(id);
    void drain();
  }

  /** Reads the queued chapters' copies one at a time, each into a summary. */
  async function drain() {
    if (reading) return;
    reading = true;
    try {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (!active()) {
          queue.length = 0;
          break;
        }
        if (watched.has(id) || !listed?.has(id)) continue;
        const version = listed.get(id) ?? 0;
        let summary: MentionSummary = EMPTY;
        try {
          const copy = await deps.readCopy(id);
          if (copy) {
            try {
              summary = summarizeMentions(copy.fragment);
            } finally {
              copy.release();
            }
          }
        } catch (error) {
          log.warn(`Mentions: the stored text of chapter ${id} could not be read.`, error);
        }
        // Opened meanwhile: the open document is summarised instead.
        if (watched.has(id)) continue;
        const entry = entryOf(id);
        entry.summary = summary;
        entry.version = version;
        entry.dirty = false;
        publish();
      }
    } finally {
      reading = false;
    }
  }

  function handleChapters(chapters: IndexedChapter[]) {
    listed = new Map(chapters.map((chapter) => [chapter.id, chapter.version]));
    for (const id of [...entries.keys()]) if (!listed.has(id)) entries.delete(id);
    for (const [id, version] of listed) {
      watch(id);
      if (watched.has(id)) {
        // Shown for the first time: now; changed since: once the writer pauses.
        if (entryOf(id).summary === null) summarizeOpen(id);
        else if (entryOf(id).dirty && !timers.has(id)) scheduleOpen(id);
        continue;
      }
      const entry = entryOf(id);
      if (entry.summary === null || entry.dirty || entry.version !== version) enqueue(id);
    }
    publish();
  }

  const unsubscribeStatus = deps.onChapterStatus((id, status) => {
    if (status === null) unwatch(id);
    else if (listed?.has(id)) watch(id);
  });

  function start() {
    chaptersSubscription = deps.chapters.subscribe({
      next: handleChapters,
      error: (error) => {
        for (const observer of [...observers]) observer.error?.(error);
      },
    });
  }

  function stop() {
    chaptersSubscription?.unsubscribe();
    chaptersSubscription = null;
    queue.length = 0;
    for (const [id, timer] of timers) {
      clearTimer(timer);
      entryOf(id).dirty = true;
    }
    timers.clear();
  }

  return {
    subscribe(observer) {
      if (disposed) throw new Error('The mention index is disposed.');
      observers.add(observer);
      if (observers.size === 1) start();
      else observer.next(state);
      return {
        unsubscribe() {
          if (!observers.delete(observer)) return;
          if (observers.size === 0) stop();
        },
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      observers.clear();
      stop();
      unsubscribeStatus();
      for (const id of [...watched.keys()]) {
        const open = watched.get(id);
        open?.doc.off('update', open.onUpdate);
      }
      watched.clear();
    },
  };
}
