/**
 * What a story element's life does to the chapters' text: a new element's names (and a nickname
 * added later) become mentions when `elements.auto_suggest` is on; a deleted element's mentions
 * become plain text. Every chapter of the manuscript is opened through `ChapterTexts`.
 */
import { useMemo, type ReactNode } from 'react';

import { useMentionConversion } from '@/components/ui';
import type { ElementRecord } from '@/lib/elements';
import {
  autoSuggestMentions,
  mentionsToTextInManuscript,
  type MentionTarget,
  type OpenedChapter,
} from '@/text-editor';

/** Opens a chapter's text (the collaboration connection: the local copy offline). */
export interface ChapterTexts {
  open(chapterId: string): Promise<OpenedChapter>;
}

export interface ElementMentions {
  /**
   * After `element` was created: its names become mentions. Resolves to false when that failed
   * (the writer was told), and the caller removes the element.
   */
  created(element: ElementRecord): Promise<boolean>;
  /** After a nickname was added (`element` holds it): its occurrences become mentions. */
  nicknameAdded(element: ElementRecord): Promise<void>;
  /** After `element` (as it was) went to the trash: its mentions become plain text. */
  trashed(element: ElementRecord): Promise<void>;
  /** After `element` came back from the trash: its names become mentions again. */
  recovered(element: ElementRecord): Promise<void>;
}

/** The element as mentions read it (name and nickname labels; colour and kind do not count). */
export function mentionTargetOf(element: ElementRecord): MentionTarget {
  return {
    id: element.id,
    name: element.name.trim(),
    nicknames: element.meta.nicknames.map((nickname) => nickname.label),
    color: '',
    kind: element.meta.type,
  };
}

/** The other live elements with a name: they keep their own (longer) names. */
function othersOf(element: ElementRecord, all: readonly ElementRecord[]): MentionTarget[] {
  return all
    .filter((e) => e.id !== element.id && e.deleted_at === null && e.name.trim() !== '')
    .map(mentionTargetOf);
}

export function useElementMentions(deps: {
  texts: ChapterTexts;
  /** The manuscript's chapters and subchapters outside the trash. */
  chapterIds: readonly string[];
  /** The manuscript's settings (`elements.auto_suggest`). */
  settings: unknown;
  /** The manuscript's elements, as the screens read them now. */
  elements: readonly ElementRecord[] | undefined;
}): { mentions: ElementMentions; dialog: ReactNode } {
  const { run, dialog } = useMentionConversion();
  const { texts, chapterIds, settings, elements } = deps;

  const mentions = useMemo((): ElementMentions => {
    const all = elements ?? [];
    async function convert(element: ElementRecord) {
      if (!autoSuggestMentions(settings) || element.name.trim() === '') return true;
      const result = await run({
        open: (id) => texts.open(id),
        chapterIds,
        element: mentionTargetOf(element),
        others: othersOf(element, all),
      });
      return result.outcome === 'converted';
    }
    return {
      created: convert,
      async nicknameAdded(element) {
        await convert(element);
      },
      async recovered(element) {
        await convert(element);
      },
      async trashed(element) {
        const result = await mentionsToTextInManuscript({
          open: (id) => texts.open(id),
          chapterIds,
          element: mentionTargetOf(element),
        });
        // Those chapters keep mentions of an element that is gone, which read as plain text.
        if (result.failed.length > 0) {
          console.warn('Mentions left in chapters of a deleted element', result.failed);
        }
      },
    };
  }, [run, texts, chapterIds, settings, elements]);

  return { mentions, dialog };
}
