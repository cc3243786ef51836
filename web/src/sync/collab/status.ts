/**
 * What the UI says about a chapter's text: only on this device, or also on the server. Pure
 * functions over state vectors, so the rule can be read (and tested) without a socket.
 */

/**
 * - `saving`: an edit made here is still only in memory.
 * - `saved-locally`: every edit made here is in IndexedDB; the server has not confirmed them all.
 * - `synced`: the server has acknowledged everything this device holds.
 * - `read-only`: the server gave read access only; local edits are refused.
 * - `denied`: the server refused access to the chapter; local edits are refused.
 */
export type ChapterStatus = 'saving' | 'saved-locally' | 'synced' | 'read-only' | 'denied';

/** Whether every clock in `current` is at or below the one `acked` has for the same client. */
export function stateVectorCovers(
  acked: ReadonlyMap<number, number>,
  current: ReadonlyMap<number, number>,
): boolean {
  for (const [client, clock] of current) {
    if ((acked.get(client) ?? 0) < clock) return false;
  }
  return true;
}

export interface StatusInputs {
  denied: boolean;
  readOnly: boolean;
  /** An update made on this device is not yet in IndexedDB. */
  unsavedLocal: boolean;
  /** The state vector the server last acknowledged. */
  acked: ReadonlyMap<number, number>;
  /** The document's state vector now. */
  current: ReadonlyMap<number, number>;
}

export function chapterStatus(inputs: StatusInputs): ChapterStatus {
  if (inputs.denied) return 'denied';
  if (inputs.readOnly) return 'read-only';
  if (inputs.unsavedLocal) return 'saving';
  return stateVectorCovers(inputs.acked, inputs.current) ? 'synced' : 'saved-locally';
}
