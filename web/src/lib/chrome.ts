/**
 * What a screen asks of the app's frame: today, whether the header is hidden (the editor's
 * focus mode, and its `hide_header` user setting on large screens). A tiny external store, so
 * that a feature can ask and the layout can listen without importing each other.
 */
import { useSyncExternalStore } from 'react';

let headerHidden = false;
const listeners = new Set<() => void>();

export function setHeaderHidden(hidden: boolean): void {
  if (hidden === headerHidden) return;
  headerHidden = hidden;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHeaderHidden(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => headerHidden,
    () => headerHidden,
  );
}
