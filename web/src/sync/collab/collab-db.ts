/**
 * The collaboration database `quire-collab`: the Yjs update log of each chapter this device has
 * opened, kept apart from the app database `quire-app` so the two evolve (and are migrated)
 * independently. Only `chapter-doc.ts` reads and writes it.
 */
import { Dexie } from 'dexie';
import type { EntityTable } from 'dexie';

export const COLLAB_DB_NAME = 'quire-collab';
export const COLLAB_DB_VERSION = 1;

/** One stored Yjs update (or, after compaction, a whole document state) of a chapter. */
export interface StoredUpdate {
  seq: number;
  /** The chapter id. */
  doc: string;
  user_id: string;
  update: Uint8Array;
}

/** What is known about a chapter's stored document. */
export interface StoredDoc {
  /** The chapter id. */
  doc: string;
  /** The user who wrote this row; a row of another user on the same device is ignored. */
  user_id: string;
  /** When the log was last compacted to one row (epoch ms), `null` if never. */
  compacted_at: number | null;
  /**
   * The state of the document the server last acknowledged (`Y.encodeSnapshot`: its state
   * vector and delete set), so a reload offline, another tab or a later visit still knows
   * which chapters hold edits the server has not confirmed (`unsynced.ts`).
   */
  acked_snapshot?: Uint8Array;
  /** What older versions kept instead: the acknowledged state vector alone. */
  acked_sv?: Uint8Array;
}

export const COLLAB_DB_SCHEMA = {
  updates: '++seq, doc',
  docs: 'doc',
} as const;

export class CollabDatabase extends Dexie {
  declare updates: EntityTable<StoredUpdate, 'seq'>;
  declare docs: EntityTable<StoredDoc, 'doc'>;

  constructor(name: string = COLLAB_DB_NAME) {
    super(name);
    // Upgrade path: leave version 1 as it is and declare `.version(2).stores({ … })` (with an
    // `.upgrade(tx => …)` when rows must be rewritten) below it; Dexie then migrates devices
    // still on version 1. Never edit a shipped version's schema in place.
    this.version(COLLAB_DB_VERSION).stores(COLLAB_DB_SCHEMA);
  }
}

let shared: CollabDatabase | null = null;

/** The app's one `quire-collab` database, opened on first use. */
export function collabDatabase(): CollabDatabase {
  shared ??= new CollabDatabase();
  return shared;
}
