/**
 * A story element's mentions across a manuscript's chapters on this device: a new element's
 * names turned into mentions, a deleted one's mentions back into text. Each chapter's Yjs
 * document is opened (offline too: the local copy, sent when the connection allows), changed
 * in one transaction, closed. If a conversion fails in any chapter, the mentions it made are
 * turned back into text (those made before stay), so the caller can remove the element.
 */
import type * as Y from 'yjs';

import { convertNames, mentionsOf, mentionsToText } from './mention-convert';
import { mentionText } from './mention-directory';
import type { MentionTarget } from './mention-names';

/** A progress indicator appears only for a conversion that takes longer than this. */
export const MENTION_PROGRESS_DELAY_MS = 500;

/** An opened chapter, as the collaboration connection hands it out. */
export interface OpenedChapter {
  readonly fragment: Y.XmlFragment;
  /** False when this device may not change the chapter (read only, refused). */
  writable(): boolean;
  close(): Promise<void>;
}

export interface ConvertManuscriptDeps {
  open(chapterId: string): Promise<OpenedChapter>;
  chapterIds: readonly string[];
  /** The new element and the others (which keep their longer names). */
  element: MentionTarget;
  others: readonly MentionTarget[];
  /** First called once the work has taken `MENTION_PROGRESS_DELAY_MS`, then after each chapter. */
  onProgress?: (progress: { done: number; total: number }) => void;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/**
 * - `converted`: every chapter converted (`mentions` made);
 * - `convert_failed`: converting a chapter's text threw;
 * - `apply_failed`: a chapter could not be opened or written. Either failure leaves none of
 *   the mentions this run made (they are turned back into text); those made before stay.
 */
export type ConvertManuscriptResult =
  | { outcome: 'converted'; mentions: number }
  | { outcome: 'convert_failed' | 'apply_failed'; chapterId: string; error: unknown };

class Refused extends Error {}

/** Whether creating an element converts existing text (`elements.auto_suggest`, on by default). */
export function autoSuggestMentions(settings: unknown): boolean {
  if (!settings || typeof settings !== 'object') return true;
  const record = settings as Record<string, unknown>;
  if (record.disabled_auto_suggest === true) return false;
  const elements = record.elements;
  if (elements && typeof elements === 'object') {
    return (elements as Record<string, unknown>).auto_suggest !== false;
  }
  return true;
}

export async function convertNamesInManuscript(
  deps: ConvertManuscriptDeps,
): Promise<ConvertManuscriptResult> {
  const setTimer = deps.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const total = deps.chapterIds.length;
  let done = 0;
  // Set by the timer (a closure the compiler cannot follow).
  const progress = { shown: false };
  const timer = setTimer(() => {
    progress.shown = true;
    deps.onProgress?.({ done, total });
  }, MENTION_PROGRESS_DELAY_MS);

  const elements = [deps.element, ...deps.others.filter((e) => e.id !== deps.element.id)];
  const only = new Set([deps.element.id]);
  // Per chapter, the element's mentions there before this run: the undo keeps them.
  const before = new Map<string, Set<string>>();
  let mentions = 0;
  try {
    for (const chapterId of deps.chapterIds) {
      const step = await inChapter(deps, chapterId, (fragment) => {
        before.set(chapterId, new Set(mentionsOf(fragment, only).map(mentionKey)));
        return convertNames(fragment, elements, { only });
      });
      if (step.outcome !== 'ok') {
        // Undone in every chapter the work ran in, this one too: a conversion that threw may
        // have written part of its transaction, one whose closing failed may hold it.
        await undo(deps, before, deps.element.id);
        return { outcome: step.outcome, chapterId, error: step.error };
      }
      if (step.value === 0) before.delete(chapterId);
      mentions += step.value;
      done += 1;
      if (progress.shown) deps.onProgress?.({ done, total });
    }
    return { outcome: 'converted', mentions };
  } finally {
    clearTimer(timer);
  }
}

/**
 * A deleted element's mentions turned back into plain text in every chapter, each reading what
 * it showed (`element` as it was: its name, or the nickname as written). Until this runs a
 * mention of a missing element already reads as plain text (its label); a chapter that fails
 * keeps its mentions, listed in `failed`.
 */
export async function mentionsToTextInManuscript(deps: {
  open(chapterId: string): Promise<OpenedChapter>;
  chapterIds: readonly string[];
  element: MentionTarget;
}): Promise<{ mentions: number; failed: string[] }> {
  const ids = new Set([deps.element.id]);
  const failed: string[] = [];
  let mentions = 0;
  for (const chapterId of deps.chapterIds) {
    const step = await inChapter(deps, chapterId, (fragment) =>
      mentionsToText(fragment, ids, (_id, stored) => mentionText(stored, deps.element)),
    );
    if (step.outcome === 'ok') mentions += step.value;
    else failed.push(chapterId);
  }
  return { mentions, failed };
}

type Step<T> =
  { outcome: 'ok'; value: T } | { outcome: 'convert_failed' | 'apply_failed'; error: unknown };

/** A mention's identity in its chapter, the same in every copy of the document. */
function mentionKey(mention: Y.XmlElement): string {
  const id = mention._item?.id;
  return id ? `${id.client}:${id.clock}` : '';
}

/** Runs `work` on the chapter's text, the chapter opened for it and closed after (flushed). */
async function inChapter<T>(
  deps: Pick<ConvertManuscriptDeps, 'open'>,
  chapterId: string,
  work: (fragment: Y.XmlFragment) => T,
): Promise<Step<T>> {
  let chapter: OpenedChapter;
  try {
    chapter = await deps.open(chapterId);
    if (!chapter.writable()) {
      await chapter.close();
      throw new Refused(`chapter ${chapterId} is read only here`);
    }
  } catch (error) {
    return { outcome: 'apply_failed', error };
  }
  let step: Step<T>;
  try {
    step = { outcome: 'ok', value: work(chapter.fragment) };
  } catch (error) {
    step = { outcome: 'convert_failed', error };
  }
  try {
    await chapter.close();
  } catch (error) {
    if (step.outcome === 'ok') step = { outcome: 'apply_failed', error };
  }
  return step;
}

/**
 * Turns the element's mentions this run made back into text, in the chapters it changed
 * (`before`: each one's mentions from before the run, which stay). Best effort: each once.
 */
async function undo(
  deps: Pick<ConvertManuscriptDeps, 'open'>,
  before: ReadonlyMap<string, ReadonlySet<string>>,
  elementId: string,
): Promise<void> {
  const ids = new Set([elementId]);
  for (const [chapterId, kept] of before) {
    await inChapter(deps, chapterId, (fragment) =>
      mentionsToText(
        fragment,
        ids,
        undefined,
        undefined,
        (mention) => !kept.has(mentionKey(mention)),
      ),
    );
  }
}
