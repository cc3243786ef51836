import type { Folder, Manuscript, ShelfKind } from './entities';
import type { ProblemListener } from './problems';

/** A stream of values (Dexie's `liveQuery` is one): the current value, then every change. */
export interface LiveQuery<T> {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe: () => void;
  };
}

/** `query`'s answers, each passed through `map`. */
export function mapLive<T, U>(query: LiveQuery<T>, map: (value: T) => U): LiveQuery<U> {
  return {
    subscribe: (observer) =>
      query.subscribe({ next: (value) => observer.next(map(value)), error: observer.error }),
  };
}

/** A row as screens see it: its wire fields, and whether the server has it yet. */
export type StoredFolder = Folder & { pending: boolean };
export type StoredManuscript = Manuscript & { pending: boolean };

/** The fields a screen may change; an `id` that is unknown (or absent) creates a row. */
export type FolderChanges = { id?: string } & Partial<
  Pick<Folder, 'name' | 'folder_id' | '_order'>
> &
  Record<string, unknown>;
export type ManuscriptChanges = { id?: string } & Partial<
  Pick<Manuscript, 'title' | 'folder_id' | '_order'>
> &
  Record<string, unknown>;

/** Rows named by kind; `undefined` for a kind means every row of it in the trash. */
export interface ShelfIds {
  folders?: readonly string[];
  manuscripts?: readonly string[];
}

/** Why the store refused a change before it reached the server. */
export class InvalidChangeError extends Error {
  override readonly name = 'InvalidChangeError';

  constructor(
    /** `name_required`, `manuscript_title_required`, `folder_cycle`, `not_found`. */
    readonly code: string,
  ) {
    super(code);
  }
}

/**
 * What the manuscripts screens read and write. Local first: every write lands in the local
 * database at once (and the live queries show it), then goes to the server; a write the
 * server has not accepted stays pending and is sent again by `flushPending`.
 */
export interface ManuscriptsPort {
  /** Every folder of the user, live and in the trash. */
  folders(): LiveQuery<StoredFolder[]>;
  /** Every manuscript of the user (without contents), live and in the trash. */
  manuscripts(): LiveQuery<StoredManuscript[]>;

  /** Creates or changes a folder (fresh `updated_at`); refuses a blank name and cycles. */
  saveFolder(changes: FolderChanges): Promise<StoredFolder>;
  /** Creates or changes a manuscript (fresh `updated_at`); refuses a blank title. */
  /** `derived`: a count kept from the text, not an edit (see `EntityWriter.save`). */
  saveManuscript(
    changes: ManuscriptChanges,
    options?: { derived?: boolean },
  ): Promise<StoredManuscript>;

  /** Into the trash; a folder's live children move up to its parent. */
  deleteFolder(id: string): Promise<void>;
  deleteManuscript(id: string): Promise<void>;
  /** Out of the trash. */
  recover(kind: ShelfKind, id: string): Promise<void>;
  /** Removes a row in the trash for good. */
  hardDelete(kind: ShelfKind, id: string): Promise<void>;
  recoverAll(ids?: ShelfIds): Promise<void>;
  deleteAll(ids?: ShelfIds): Promise<void>;

  /** Needs the server: `POST manuscripts/copy`; the copy is then kept locally. */
  duplicateManuscript(id: string, title: string): Promise<StoredManuscript>;
  /** Needs the server: `POST templates/use/{id}`; the new manuscript is then kept locally. */
  createFromTemplate(
    templateId: string,
    manuscript: { title: string; folder_id: string | null },
  ): Promise<StoredManuscript>;

  /** Sends every pending change; quiet when offline. */
  flushPending(): Promise<void>;
  /** Merges the server's folders and manuscripts (live and trash) into the local rows. */
  refreshFromServer(): Promise<void>;

  /** Quota failures and refused changes, for a screen to show. */
  onProblem(listener: ProblemListener): () => void;
}
