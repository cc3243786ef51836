/**
 * A mention index held in memory, for screen tests: each chapter's mentions given by hand,
 * answered to every subscriber, and answered again after `set`.
 */
import type { LiveQuery } from '@/storage';
import type { MentionIndexState } from '@/text-editor/mention-index';
import type { MentionLine } from '@/text-editor/mention-summary';

/** Chapter id → element id → its count and first lines (plain text: the mention is found in it). */
export type FakeMentions = Record<
  string,
  Record<string, { count: number; lines?: { text: string; mention: string }[] }>
>;

export interface FakeMentionIndex extends LiveQuery<MentionIndexState> {
  /** Answers `mentions` (still `loading` if asked). */
  set(mentions: FakeMentions, loading?: boolean): void;
  subscribers(): number;
}

function stateOf(mentions: FakeMentions, loading: boolean): MentionIndexState {
  const chapters = new Map(
    Object.entries(mentions).map(([chapterId, elements]) => [
      chapterId,
      new Map(
        Object.entries(elements).map(([elementId, { count, lines = [] }]) => [
          elementId,
          {
            count,
            lines: lines.map(({ text, mention }): MentionLine => {
              const from = text.indexOf(mention);
              return { text, from, to: from + mention.length };
            }),
          },
        ]),
      ),
    ]),
  );
  return { loading, chapters };
}

export function createFakeMentionIndex(mentions: FakeMentions, loading = false): FakeMentionIndex {
  let state = stateOf(mentions, loading);
  const observers = new Set<(state: MentionIndexState) => void>();
  return {
    subscribe(observer) {
      observers.add(observer.next);
      observer.next(state);
      return { unsubscribe: () => observers.delete(observer.next) };
    },
    set(next, nextLoading = false) {
      state = stateOf(next, nextLoading);
      for (const observer of [...observers]) observer(state);
    },
    subscribers: () => observers.size,
  };
}
