/**
 * The one local writer: every change this device makes to an entity row — folders, manuscripts
 * and every part kind — is written here (stamped, marked pending, guarded by the problem hub)
 * and handed to the sync engine, whose outbox sends it. Nothing else writes a pending row.
 */
import type { AppDatabase, LocalManuscript, PendingOp } from './app-db';
import type { Clock } from './clock';
import { folderAndDescendants, withoutChildren } from './entities';
import type { Manuscript, ShelfKind } from './entities';
import type { EntityKind } from './entity-kinds';
import { newId } from './ids';
import { fromServer, isHidden, rowTable } from './local-rows';
import type { LocalRow, LocalShelfRow } from './local-rows';
import { InvalidChangeError } from './manuscripts-port';
import type { ProblemHub } from './problems';

/** A row written locally with a change the server does not have yet. */
export interface PendingChange {
  kind: EntityKind;
  id: string;
  /** The manuscript the row belongs to (a manuscript's own id for a manuscript). */
  manuscript_id: string | null;
}

/**
 * What the local store needs from the sync engine (`sync/` provides it; storage never imports
 * sync): to be told about local changes, and the calls screens make.
 */
export interface PortSync {
  /** Rows were written with pending changes: queue them (the engine debounces). */
  changed(changes: readonly PendingChange[]): void;
  /** Sends every pending change now; resolves when each was tried (quiet when offline). */
  flushPending(): Promise<void>;
  /** Merges the server's folders and manuscripts into the local rows; rejects offline. */
  refresh(): Promise<void>;
}

/** Kinds that live inside a manuscript (or, for notes and to-dos, outside any: global). */
export type PartKind = Exclude<EntityKind, ShelfKind>;

/** The fields a caller gives; `manuscript_id` is required (`null` for a global note or to-do). */
export type PartChanges = { id?: string; manuscript_id: string | null } & Record<string, unknown>;

/** The trash calls: into it, out of it, and gone for good. */
export type TrashOp = Exclude<PendingOp, 'put'>;

export interface SaveOptions {
  /**
   * A count kept from the text, not an edit: stamped just after the row's own time, so it
   * never wins over a newer edit of the row from another device (rows are last-writer-wins
   * whole).
   */
  derived?: boolean;
}

/**
 * The writes of a manuscript's parts (chapters, groups, notes, to-dos, boards, chapter content
 * rows, word counts …): what the editor's parts are handed.
 */
export interface EntityWriter {
  /** Creates or changes a row; resolves to it as stored locally. */
  save(kind: PartKind, changes: PartChanges, options?: SaveOptions): Promise<LocalRow>;
  /** Into the trash (`deleted_at` set). */
  trash(kind: PartKind, id: string): Promise<void>;
  /** Out of the trash. */
  recover(kind: PartKind, id: string): Promise<void>;
  /** Gone for good (hidden at once, removed when the server agrees). */
  hardDelete(kind: PartKind, id: string): Promise<void>;
}

/** The whole writer: the parts' writes, the shelf's, and the writes that are not edits. */
export interface LocalWriter extends EntityWriter {
  /** Creates or changes a folder or manuscript; refuses a blank name or title and cycles. */
  saveShelfRow(
    kind: ShelfKind,
    changes: Record<string, unknown>,
    options?: SaveOptions,
  ): Promise<LocalShelfRow>;
  /** One trash call on several rows of a kind (a folder's live children move up). */
  trashRows(kind: EntityKind, ids: readonly string[], op: TrashOp): Promise<void>;
  /**
   * Keeps changes on this device only (Dexie key paths allowed: `settings.last_active_chapter`),
   * without making the manuscript newer or pending: what the server learns by its own call.
   */
  keepOnDevice(manuscriptId: string, changes: Record<string, unknown>): Promise<void>;
  /** Keeps a manuscript as the server returned it (a copy, one made from a template). */
  keepFromServer(manuscript: Manuscript): Promise<LocalManuscript>;
}

export interface LocalWriterDeps {
  db: AppDatabase;
  sync: Pick<PortSync, 'changed'>;
  /** Shared with the sync engine, which reports refused changes through it. */
  problems: ProblemHub;
  /** The signed-in user: rows are scoped to them. */
  userId: string;
  clock: Clock;
  /** Written into `last_synced_device_id` (ADR 0007). */
  deviceId: string;
}

/** Children moved up out of a deleted container get their order offset by this, to go last. */
export const MOVED_UP_ORDER_OFFSET = 99_999;

/** Fields a caller cannot set: the server's, the trash's and the local marks. */
export const PROTECTED_FIELDS: readonly string[] = [
  'id',
  'user_id',
  'created_at',
  'updated_at',
  'synced_at',
  'deleted_at',
  'days_left',
  'pending',
  'pending_ops',
  'last_synced_device_id',
];

function editable(changes: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...changes };
  for (const key of [...PROTECTED_FIELDS, 'kind']) Reflect.deleteProperty(copy, key);
  return copy;
}

/** The pending marks after `op`: one put sends the row as it is, whenever it goes. */
function withOp(
  row: LocalRow | undefined,
  op: PendingOp,
): Pick<LocalRow, 'pending' | 'pending_ops'> {
  const ops = row?.pending_ops ?? [];
  return { pending: 1, pending_ops: op === 'put' && ops.includes('put') ? ops : [...ops, op] };
}

function isShelfKind(kind: EntityKind): kind is ShelfKind {
  return kind === 'folders' || kind === 'manuscripts';
}

/** The change as the outbox queues it: under its manuscript (a folder under none). */
function pendingChange(kind: EntityKind, row: { id: string; manuscript_id?: unknown }) {
  const manuscriptId =
    kind === 'manuscripts'
      ? row.id
      : kind !== 'folders' && typeof row.manuscript_id === 'string'
        ? row.manuscript_id
        : null;
  return { kind, id: row.id, manuscript_id: manuscriptId } satisfies PendingChange;
}

export function createLocalWriter(deps: LocalWriterDeps): LocalWriter {
  const { db, sync, problems, userId, clock, deviceId } = deps;

  /** A fresh `updated_at`: the corrected clock, and always later than the row's last one. */
  const stamp = (previous?: number) => Math.max(Math.round(clock.now()), (previous ?? 0) + 1);

  /** The tables a write of `kind` reads and writes (a shelf row checks its folder). */
  const scope = (kind: EntityKind) =>
    isShelfKind(kind) ? [db.folders, db.manuscripts] : [rowTable(db, kind)];

  /**
   * Whether the writer may change `row` as a row of `kind`: the user's, of that kind, and not
   * hidden (deleted for good and waiting for the server, or someone else's shared manuscript).
   */
  const isMine = (kind: EntityKind, row: LocalRow) =>
    row.user_id === userId && !isHidden(row) && (isShelfKind(kind) || row.kind === kind);

  async function save(
    kind: EntityKind,
    changes: Record<string, unknown>,
    options: SaveOptions | undefined,
    rules?: (next: LocalRow) => Promise<void>,
  ): Promise<LocalRow> {
    const id = typeof changes.id === 'string' && changes.id !== '' ? changes.id : newId();
    const table = rowTable(db, kind);
    const row = await problems.guard(() =>
      db.transaction('rw', scope(kind), async () => {
        const stored = await table.get(id);
        const existing = stored && isMine(kind, stored) ? stored : undefined;
        if (stored && !existing) throw new InvalidChangeError('not_found');
        const now =
          options?.derived && existing ? existing.updated_at + 1 : stamp(existing?.updated_at);
        const fresh = { _order: 0, created_at: now, synced_at: null, deleted_at: null };
        const next: LocalRow = {
          ...fresh,
          ...existing,
          ...editable(changes),
          id,
          ...(isShelfKind(kind) ? {} : { kind }),
          user_id: userId,
          updated_at: now,
          last_synced_device_id: deviceId,
          ...withOp(existing, 'put'),
        };
        await rules?.(next);
        await table.put(next);
        return next;
      }),
    );
    sync.changed([pendingChange(kind, row)]);
    return row;
  }

  /**
   * The server's rules for a folder or manuscript, checked before anything is written: a name
   * (title) that is not blank, no folder inside itself, and no live row inside a folder in the
   * trash — the list already shows such a row (one recovered on its own) at the top level, so
   * it is saved there.
   */
  async function shelfRules(kind: ShelfKind, next: LocalRow): Promise<void> {
    const nameKey = kind === 'folders' ? 'name' : 'title';
    next.folder_id = next.folder_id === '' || next.folder_id === undefined ? null : next.folder_id;
    const name = next[nameKey];
    if (typeof name !== 'string' || name.trim() === '') {
      throw new InvalidChangeError(
        kind === 'folders' ? 'name_required' : 'manuscript_title_required',
      );
    }
    if (next.folder_id === null) return;
    const folders = await db.folders.where('user_id').equals(userId).toArray();
    const parent = folders.find((folder) => folder.id === next.folder_id);
    if (parent?.deleted_at !== null || isHidden(parent)) next.folder_id = null;
    else if (kind === 'folders' && folderAndDescendants(next.id, folders).has(parent.id)) {
      throw new InvalidChangeError('folder_cycle');
    }
  }

  async function trashRows(kind: EntityKind, ids: readonly string[], op: TrashOp): Promise<void> {
    const table = rowTable(db, kind);
    const written = await problems.guard(() =>
      db.transaction('rw', scope(kind), async () => {
        const done: LocalRow[] = [];
        for (const id of ids) {
          const row = await table.get(id);
          if (!row || !isMine(kind, row)) continue;
          const inTrash = (row.deleted_at ?? null) !== null;
          // Into the trash only from outside it; out of it, or for good, only from inside.
          if ((op === 'delete') === inTrash) continue;
          const now = stamp(row.updated_at);
          const deletedAt = op === 'delete' ? now : op === 'undelete' ? null : row.deleted_at;
          const next = { ...row, deleted_at: deletedAt, updated_at: now, ...withOp(row, op) };
          await table.put(next);
          if (op === 'delete' && kind === 'folders') await moveChildrenUp(row);
          done.push(next);
        }
        return done;
      }),
    );
    if (written.length > 0) sync.changed(written.map((row) => pendingChange(kind, row)));
  }

  /**
   * What the server does to a deleted folder's live children (ADR 0007 `move_up`), done
   * locally so the list is right at once. These moves are not pending: the server makes them
   * itself, and its rows (newer) replace these at the next refresh.
   */
  async function moveChildrenUp(folder: LocalRow): Promise<void> {
    for (const table of [db.folders, db.manuscripts] as const) {
      const children = await (table as typeof db.folders)
        .where('folder_id')
        .equals(folder.id)
        .filter((row) => row.user_id === userId && row.deleted_at === null)
        .toArray();
      for (const child of children) {
        await (table as typeof db.folders).put({
          ...child,
          folder_id: (folder.folder_id as string | null | undefined) ?? null,
          _order: child._order + MOVED_UP_ORDER_OFFSET,
        });
      }
    }
  }

  return {
    save: (kind, changes, options) => save(kind, changes, options),
    trash: (kind, id) => trashRows(kind, [id], 'delete'),
    recover: (kind, id) => trashRows(kind, [id], 'undelete'),
    hardDelete: (kind, id) => trashRows(kind, [id], 'hard_delete'),
    saveShelfRow: async (kind, changes, options) =>
      (await save(kind, changes, options, (next) => shelfRules(kind, next))) as LocalShelfRow,
    trashRows,
    async keepOnDevice(manuscriptId, changes) {
      await problems.guard(() => db.manuscripts.update(manuscriptId, changes));
    },
    async keepFromServer(manuscript) {
      const row: LocalManuscript = fromServer(withoutChildren(manuscript), userId);
      await problems.guard(() => db.manuscripts.put(row));
      return row;
    },
  };
}
