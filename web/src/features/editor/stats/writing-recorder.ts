/**
 * The engine behind `useWritingRecorder`: takes live chapter word counts, turns their changes
 * into words written (deltas), and writes them in bursts — at most one every 5 s per
 * manuscript, plus on `flush()` — as the hour's word count record, the writing sessions
 * (`writing-record.ts`), the chapter's `stats.words` and today's words, and the manuscript's
 * `stats.words`; the chapters' today's words not stored yet are kept live for the screen to
 * show. Rows go through the workspace's writer (local first, the outbox sends); existing
 * records, sessions and rows as stored now are read through the workspace's read port. No
 * React here.
 */
import { eastOffset, hourBucket, localDay } from '@/lib/writing/calendar';
import { newId as defaultNewId } from '@/storage';
import type { LocalRecord } from '@/storage';

import type { ChapterRow, Workspace } from '../workspace/types';
import { countsTowardManuscript, manuscriptWords } from './manuscript-words';
import { addTodayWords } from './today-words';
import type { ChapterGoals, LiveTodayWords } from './today-words';
import { clampWords, recordWriting } from './writing-record';
import type { WordCountRecord, WritingSession } from './writing-record';

/** At most one write burst per manuscript in this time (ms). */
export const WRITE_INTERVAL_MS = 5_000;

export interface WritingRecorder {
  /** A chapter's live word count; the first one of a chapter is only its baseline. */
  record: (chapterId: string, words: number) => void;
  /**
   * A count that is not this writer's writing (content from another device or a collaborator,
   * a restored version): it becomes the chapter's baseline and stored count, no words written.
   */
  setBaseline: (chapterId: string, words: number) => void;
  /** Writes what is pending now; resolves when every burst so far is stored. */
  flush: () => Promise<void>;
  /**
   * The today's goals of the chapters written in on this device, ahead of their stored rows
   * (a new map after each change), and a way to hear of changes.
   */
  liveToday: () => LiveTodayWords;
  subscribe: (listener: () => void) => () => void;
}

/** The engine's own handle: also told when the workspace changes. */
export interface WritingRecorderEngine extends WritingRecorder {
  /** The workspace as it is now (the hook hands in each render's). */
  setWorkspace: (workspace: Workspace) => void;
}

export interface WritingRecorderDeps {
  workspace: Workspace;
  now: () => number;
  /** `Date.prototype.getTimezoneOffset()` semantics: minutes **west** of UTC. */
  timezoneOffset: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  newId?: () => string;
  /** Told when a burst fails (local write problems are also reported by the storage layer). */
  onError?: (error: unknown) => void;
}

/** A chapter whose count changed since the last burst, with the words written in it. */
interface ChapterPending {
  delta: number;
}

interface Burst {
  manuscriptId: string;
  /** Words written in counted chapters, and when the last of them were. */
  delta: number;
  at: number;
  chapters: Map<string, ChapterPending>;
}

export function createWritingRecorder(deps: WritingRecorderDeps): WritingRecorderEngine {
  let current = deps.workspace;
  const newId = deps.newId ?? defaultNewId;
  const baselines = new Map<string, number>();
  const fresh = new Map<string, number>();
  let pending: Burst | null = null;
  let timer: unknown = null;
  let queue: Promise<void> = Promise.resolve();
  let live = new Map<string, ChapterGoals>();
  const listeners = new Set<() => void>();

  function setLive(chapterId: string, goals: ChapterGoals): void {
    live = new Map(live).set(chapterId, goals);
    for (const listener of [...listeners]) listener();
  }

  const offset = () => eastOffset(deps.timezoneOffset());

  function takeBurst(): Burst | null {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    const burst = pending;
    pending = null;
    return burst;
  }

  function enqueue(burst: Burst | null): Promise<void> {
    if (burst) {
      queue = queue.then(() => write(burst)).catch((error: unknown) => deps.onError?.(error));
    }
    return queue;
  }

  function take(chapterId: string, words: number, writing: boolean): void {
    const count = clampWords(words);
    const workspace = current;
    const now = deps.now();
    const baseline = baselines.get(chapterId);
    baselines.set(chapterId, count);
    fresh.set(chapterId, count);
    const delta = baseline === undefined || !writing ? 0 : count - baseline;
    const chapter = workspace.chapters.find((c) => c.id === chapterId);
    const stale = chapter?.stats?.words !== count;
    if (delta === 0 && !stale) return;

    const manuscriptId = workspace.manuscript.id;
    // A burst holds one manuscript, one UTC hour and one local day.
    if (
      pending &&
      (pending.manuscriptId !== manuscriptId ||
        hourBucket(pending.at) !== hourBucket(now) ||
        localDay(pending.at, offset()) !== localDay(now, offset()))
    ) {
      void enqueue(takeBurst());
    }
    pending ??= { manuscriptId, delta: 0, at: now, chapters: new Map() };
    const counted = countsTowardManuscript(workspace.manuscript, chapterId);
    if (delta !== 0) {
      pending.at = now;
      if (counted) pending.delta += delta;
      setLive(
        chapterId,
        addTodayWords(live.get(chapterId) ?? chapter?.goals, delta, now, offset()),
      );
    }
    const entry = pending.chapters.get(chapterId) ?? { delta: 0 };
    entry.delta += delta;
    pending.chapters.set(chapterId, entry);
    timer ??= deps.setTimeout(() => {
      timer = null;
      void enqueue(takeBurst());
    }, WRITE_INTERVAL_MS);
  }

  async function writeWriting(workspace: Workspace, burst: Burst): Promise<void> {
    const [records, sessions] = await Promise.all([
      workspace.reads.partsOf('stats_word_counts', burst.manuscriptId),
      workspace.reads.partsOf('writing_sessions', burst.manuscriptId),
    ]);
    const rows = recordWriting({
      manuscriptId: burst.manuscriptId,
      records: records.flatMap(toRecord),
      sessions: sessions.flatMap(toSession),
      delta: burst.delta,
      now: burst.at,
      offsetMin: offset(),
      newId,
    });
    if (rows.record) await workspace.writer.save('stats_word_counts', { ...rows.record });
    for (const session of rows.sessions)
      await workspace.writer.save('writing_sessions', { ...session });
  }

  /** The chapter as stored now: the store's row (ahead of the workspace's), else the workspace's. */
  async function storedChapter(workspace: Workspace, id: string): Promise<ChapterRow | undefined> {
    const row = await workspace.reads.part('chapters', id);
    return (row as ChapterRow | undefined) ?? workspace.chapters.find((c) => c.id === id);
  }

  async function writeChapter(
    workspace: Workspace,
    burst: Burst,
    id: string,
    entry: ChapterPending,
  ) {
    const chapter = await storedChapter(workspace, id);
    if (!chapter || (chapter.deleted_at ?? null) !== null) return;
    const changes: Record<string, unknown> = {};
    const words = fresh.get(id);
    if (words !== undefined && chapter.stats?.words !== words) {
      changes.stats = { ...chapter.stats, words };
    }
    let today: ChapterGoals | null = null;
    if (entry.delta !== 0) {
      today = addTodayWords(chapter.goals, entry.delta, burst.at, offset());
      if (
        today.today_words !== chapter.goals?.today_words ||
        today.today_words_date !== chapter.goals?.today_words_date
      ) {
        changes.goals = { ...chapter.goals, ...today };
      }
    }
    if (Object.keys(changes).length > 0) {
      // Counts, not edits: a rename made meanwhile on another device must not be undone by them.
      await workspace.writer.save(
        'chapters',
        { id, manuscript_id: burst.manuscriptId, ...changes },
        { derived: true },
      );
    }
    // What is live now: as stored (another device's writing included), plus what this device
    // wrote since the burst was taken.
    if (today) {
      const since = pending?.chapters.get(id)?.delta ?? 0;
      setLive(id, since === 0 ? today : addTodayWords(today, since, deps.now(), offset()));
    }
  }

  /** The manuscript's stats as stored now (the store's row is ahead of the workspace's). */
  async function storedManuscriptStats(
    workspace: Workspace,
  ): Promise<{ words?: number } | undefined> {
    const row = await workspace.reads.manuscript(workspace.manuscript.id);
    if (!row) return workspace.manuscript.stats;
    const stats = (row as { stats?: unknown }).stats;
    return typeof stats === 'object' && stats !== null ? stats : undefined;
  }

  async function write(burst: Burst): Promise<void> {
    const workspace = current;
    if (!workspace.canWrite || workspace.manuscript.id !== burst.manuscriptId) return;
    // Word counts and sessions are the owner's (ADR 0008: the server refuses them for a
    // manuscript that is not the caller's); a collaborator's chapters still get their counts.
    if (burst.delta !== 0 && workspace.manuscript.shared_with_me !== true) {
      await writeWriting(workspace, burst);
    }
    for (const [id, entry] of burst.chapters) await writeChapter(workspace, burst, id, entry);
    const total = manuscriptWords(workspace.manuscript, workspace.chapters, fresh);
    const stats = await storedManuscriptStats(workspace);
    if (total !== stats?.words) {
      await workspace.saveManuscript({ stats: { ...stats, words: total } }, { derived: true });
    }
  }

  return {
    setWorkspace: (workspace) => {
      current = workspace;
    },
    record: (chapterId, words) => {
      take(chapterId, words, true);
    },
    setBaseline: (chapterId, words) => {
      take(chapterId, words, false);
    },
    flush: () => enqueue(takeBurst()),
    liveToday: () => live,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function toRecord(row: LocalRecord): WordCountRecord[] {
  const date = Number(row.date);
  const words = Number(row.words);
  if (!Number.isFinite(date) || !Number.isFinite(words)) return [];
  return [{ id: row.id, manuscript_id: String(row.manuscript_id), date, words }];
}

function toSession(row: LocalRecord): WritingSession[] {
  const start = Number(row.start);
  const end = Number(row.end);
  const words = Number(row.words);
  if (![start, end, words].every(Number.isFinite)) return [];
  return [{ id: row.id, manuscript_id: String(row.manuscript_id), start, end, words }];
}
