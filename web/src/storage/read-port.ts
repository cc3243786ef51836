/**
 * `ReadPort`: what screens read of this device's rows, scoped to the signed-in user — live
 * queries a screen follows, and single reads of a row as stored now. The manuscripts screens
 * read through `ManuscriptsPort` (built on this); `local-read-port.ts` implements it over the
 * local database, and tests may give a fake (`testing/fake-read-port.ts`).
 */
import type { LocalRecord } from './app-db';
import type { ShelfKind } from './entities';
import type { LocalShelfRow } from './local-rows';
import type { PartKind } from './local-writer';
import type { LiveQuery } from './manuscripts-port';

export interface ReadPort {
  /** The user's folders or manuscripts, live and in the trash (hidden rows left out), live. */
  liveShelf(kind: ShelfKind): LiveQuery<LocalShelfRow[]>;
  /** The manuscript `id` as stored on this device, live; `null` while the user has none. */
  liveManuscript(id: string): LiveQuery<LocalRecord | null>;
  /**
   * The user's rows of the manuscript's structure (the groups, outlines, chapters and other
   * rows of the `contents` table), live; rows in the trash included.
   */
  liveContents(manuscriptId: string): LiveQuery<LocalRecord[]>;
  /**
   * The user's to-dos outside the trash, live: those of the manuscript (its chapters' and its
   * own), or with `null` the global ones (outside any manuscript).
   */
  liveTodos(manuscriptId: string | null): LiveQuery<LocalRecord[]>;
  /**
   * The user's notes outside the trash, live: the manuscript's, or with `null` the global
   * notes (those outside any manuscript).
   */
  liveNotes(manuscriptId: string | null): LiveQuery<LocalRecord[]>;
  /**
   * The user's rows of `kind` in the manuscript, live: rows in the trash included (a panel
   * shows them with a way back), rows deleted for good and waiting for the server left out.
   */
  liveParts(kind: PartKind, manuscriptId: string): LiveQuery<LocalRecord[]>;
  /** The user's rows of `kind` in every manuscript, outside the trash, live (My Stats). */
  liveUserParts(kind: PartKind): LiveQuery<LocalRecord[]>;

  /** The user's folders or manuscripts as stored now (hidden rows left out). */
  shelf(kind: ShelfKind): Promise<LocalShelfRow[]>;
  /** The manuscript `id` as stored now, if it is the user's. */
  manuscript(id: string): Promise<LocalRecord | undefined>;
  /** The part `id` as stored now, if it is the user's and of `kind`. */
  part(kind: PartKind, id: string): Promise<LocalRecord | undefined>;
  /** Parts by id, in that order (`undefined` where the user has none of `kind`). */
  parts(kind: PartKind, ids: readonly string[]): Promise<(LocalRecord | undefined)[]>;
  /** The user's rows of `kind` in the manuscript, outside the trash. */
  partsOf(kind: PartKind, manuscriptId: string): Promise<LocalRecord[]>;
}
