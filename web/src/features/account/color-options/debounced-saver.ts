import type { UserPatch } from '@/lib/session';

/** How long colour changes must pause before they are saved. */
export const COLOR_SAVE_DEBOUNCE_MS = 200;

/** Two patches as one: later values win, settings merged key by key. */
export function mergePatches(first: UserPatch, second: UserPatch): UserPatch {
  return {
    ...first,
    ...second,
    settings: { ...first.settings, ...second.settings },
  };
}

export interface DebouncedSaver {
  /** Adds a change; the merged changes are saved once no other change came for the delay. */
  schedule: (patch: UserPatch) => void;
  /** Saves what is waiting now (leaving the screen). */
  flush: () => void;
  cancel: () => void;
}

/** Collects quick successive changes (a colour picker being dragged) into one save. */
export function createDebouncedSaver(
  save: (patch: UserPatch) => void,
  delayMs = COLOR_SAVE_DEBOUNCE_MS,
): DebouncedSaver {
  let pending: UserPatch | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function flush() {
    clearTimer();
    if (pending === null) return;
    const patch = pending;
    pending = null;
    save(patch);
  }

  return {
    schedule(patch) {
      pending = pending === null ? patch : mergePatches(pending, patch);
      clearTimer();
      timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      clearTimer();
      pending = null;
    },
  };
}
