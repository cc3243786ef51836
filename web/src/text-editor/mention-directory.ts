/**
 * The story elements a chapter editor knows, live: what mentions draw (a rename or a new colour
 * shows at once in every mention) and what the suggestion offers. The screen fills it from its
 * rows; the engine only reads and listens.
 */
import type { MentionTarget } from './mention-names';

export interface MentionDirectory {
  get(id: string): MentionTarget | undefined;
  list(): readonly MentionTarget[];
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface WritableMentionDirectory extends MentionDirectory {
  set(elements: readonly MentionTarget[]): void;
}

export function createMentionDirectory(
  initial: readonly MentionTarget[] = [],
): WritableMentionDirectory {
  let elements = initial;
  let byId = new Map(initial.map((element) => [element.id, element]));
  const listeners = new Set<() => void>();
  return {
    get: (id) => byId.get(id),
    list: () => elements,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      elements = next;
      byId = new Map(next.map((element) => [element.id, element]));
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A directory that knows no element (an editor without story elements). */
export const NO_MENTIONS: MentionDirectory = {
  get: () => undefined,
  list: () => [],
  subscribe: () => () => undefined,
};

const hasLetters = (text: string) => text.toLocaleUpperCase() !== text.toLocaleLowerCase();

/**
 * What a mention reads now: the element's current name (renames follow), written in capitals
 * if the mention was (a screenplay's cue); a mention made from a nickname keeps that nickname
 * as written; an element that no longer exists leaves the label kept in the text.
 */
export function mentionText(label: string, element: MentionTarget | undefined): string {
  if (!element) return label;
  const lower = label.toLocaleLowerCase();
  if (element.nicknames.some((nickname) => nickname.trim().toLocaleLowerCase() === lower))
    return label;
  if (hasLetters(label) && label === label.toLocaleUpperCase() && label.length > 1)
    return element.name.toLocaleUpperCase();
  return element.name;
}
