/**
 * What the UI says about a chapter's text — only on this device, or also on the server — and
 * the rule behind it: the server holds an edit once it acknowledged a state of the document that
 * contains it. Pure functions over Yjs snapshots, so the rule can be read (and tested) without a
 * socket.
 */
import * as Y from 'yjs';

import type { StoredDoc } from './collab-db';

/**
 * - `saving`: an edit made here is still only in memory.
 * - `saved-locally`: every edit made here is in IndexedDB; the server has not confirmed them all.
 * - `synced`: the server has acknowledged everything this device holds.
 * - `read-only`: the server gave read access only; local edits are refused.
 * - `denied`: the server refused access to the chapter; local edits are refused.
 */
export type ChapterStatus = 'saving' | 'saved-locally' | 'synced' | 'read-only' | 'denied';

export interface StatusInputs {
  denied: boolean;
  readOnly: boolean;
  /** An update made on this device is not yet in IndexedDB. */
  unsavedLocal: boolean;
  /** The document holds an edit (an insertion or a deletion) the server has not acknowledged. */
  unacked: boolean;
}

export function chapterStatus(inputs: StatusInputs): ChapterStatus {
  if (inputs.denied) return 'denied';
  if (inputs.readOnly) return 'read-only';
  if (inputs.unsavedLocal) return 'saving';
  return inputs.unacked ? 'saved-locally' : 'synced';
}

/**
 * What the server last acknowledged of a stored chapter, for `user_id`: the snapshot (state
 * vector and delete set) it confirmed; `null` if it never confirmed anything. A row written
 * before snapshots were kept has only the state vector: its delete set counts as empty, so a
 * deletion it may hide is sent again (harmless) rather than taken as confirmed.
 */
export function ackedSnapshotOf(stored: StoredDoc | undefined, userId: string): Y.Snapshot | null {
  if (stored?.user_id !== userId) return null;
  if (stored.acked_snapshot) return Y.decodeSnapshot(stored.acked_snapshot);
  if (stored.acked_sv) {
    return Y.createSnapshot(Y.createDeleteSet(), Y.decodeStateVector(stored.acked_sv));
  }
  return null;
}

/**
 * Two acknowledged snapshots as one (`acked` encoded): the server holds what either says it
 * does, so the union is acknowledged too. Tabs sharing a chapter's row each store their own.
 */
export function unionOfAcked(acked: Uint8Array, other: Y.Snapshot | null): Uint8Array {
  if (!other) return acked;
  const mine = Y.decodeSnapshot(acked);
  const sv = new Map(mine.sv);
  for (const [client, clock] of other.sv) sv.set(client, Math.max(clock, sv.get(client) ?? 0));
  return Y.encodeSnapshot(Y.createSnapshot(Y.mergeDeleteSets([mine.ds, other.ds]), sv));
}

/**
 * Whether the server holds everything in `update`: each of its insertions is below the
 * acknowledged state vector and each of its deletions is in the acknowledged delete set. A
 * state vector alone would miss a deletion made offline, which moves no clock.
 */
export function ackedContains(acked: Y.Snapshot | null, update: Uint8Array): boolean {
  return Y.snapshotContainsUpdate(acked ?? Y.emptySnapshot, update);
}
