import { liveQuery } from 'dexie';

import type { AppDatabase, LocalManuscript, LocalMarks, PendingOp } from './app-db';
import type { Clock } from './clock';
import { folderAndDescendants, withoutChildren } from './entities';
import type { Manuscript, ShelfKind } from './entities';
import type { EntityKind } from './entity-kinds';
import { newId } from './ids';
import { fromServer, shelfTable } from './local-rows';
import type { LocalShelfRow } from './local-rows';
import { InvalidChangeError } from './manuscripts-port';
import type {
  FolderChanges,
  LiveQuery,
  ManuscriptChanges,
  ManuscriptsPort,
  ShelfIds,
  StoredFolder,
  StoredManuscript,
} from './manuscripts-port';
import type { ProblemHub } from './problems';
import type { ShelfRemote } from './remote';

/** A row written locally with a change the server does not have yet. */
export interface PendingChange {
  kind: EntityKind;
  id: string;
  /** The manuscript the row belongs to (a manuscript's own id for a manuscript). */
  manuscript_id: string | null;
}

/**
 * What the local store needs from the sync engine (`sync/` provides it; storage never imports
 * sync): to be told about local changes, and the two calls screens make.
 */
export interface PortSync {
  /** Rows were written with pending changes: queue them (the engine debounces). */
  changed(changes: readonly PendingChange[]): void;
  /** Sends every pending change now; resolves when each was tried (quiet when offline). */
  flushPending(): Promise<void>;
  /** Merges the server's folders and manuscripts into the local rows; rejects offline. */
  refresh(): Promise<void>;
}

export interface LocalFirstPortDeps {
  db: AppDatabase;
  /** For the calls that need the server (duplicate, new from template). */
  remote: ShelfRemote;
  sync: PortSync;
  /** Shared with the sync engine, which reports refused changes through it. */
  problems: ProblemHub;
  /** The signed-in user: rows are scoped to them. */
  userId: string;
  clock: Clock;
  /** Written into `last_synced_device_id` (ADR 0007). */
  deviceId: string;
}

/** The manuscript a shelf row belongs to, as the outbox queues it. */
export function shelfChange(kind: ShelfKind, id: string): PendingChange {
  return { kind, id, manuscript_id: kind === 'manuscripts' ? id : null };
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
  for (const key of PROTECTED_FIELDS) Reflect.deleteProperty(copy, key);
  return copy;
}

function toStored<T extends LocalShelfRow>(
  row: T,
): Omit<T, keyof LocalMarks> & { pending: boolean } {
  const copy: Record<string, unknown> = { ...row, pending: row.pending === 1 };
  Reflect.deleteProperty(copy, 'pending_ops');
  return copy as Omit<T, keyof LocalMarks> & { pending: boolean };
}

/**
 * Hidden rows: removed locally, waiting for the server to remove them too; and manuscripts
 * others share with the user (the shelf lists the user's own).
 */
function isVisible(row: LocalShelfRow): boolean {
  return (
    !row.pending_ops.includes('hard_delete') &&
    !('shared_with_me' in row && row.shared_with_me === 1)
  );
}

function withOp(row: LocalShelfRow, op: PendingOp): Pick<LocalMarks, 'pending' | 'pending_ops'> {
  // One put sends the row as it is, whenever it goes: a second one adds nothing.
  const ops =
    op === 'put' && row.pending_ops.includes('put') ? row.pending_ops : [...row.pending_ops, op];
  return { pending_ops: ops, pending: 1 };
}

/** The storage port over the local Dexie database, with the small sync step behind it. */
export function createLocalFirstPort(deps: LocalFirstPortDeps): ManuscriptsPort {
  const { db, remote, userId, clock, deviceId, sync, problems } = deps;

  /** A fresh `updated_at`: the corrected clock, and always later than the row's last one. */
  function stamp(previous?: number): number {
    return Math.max(Math.round(clock.now()), (previous ?? 0) + 1);
  }

  function live<T>(kind: ShelfKind, map: (rows: LocalShelfRow[]) => T): LiveQuery<T> {
    return liveQuery(async () =>
      map((await shelfTable(db, kind).where('user_id').equals(userId).toArray()).filter(isVisible)),
    );
  }

  async function mine(kind: ShelfKind, id: string): Promise<LocalShelfRow | undefined> {
    const row = await shelfTable(db, kind).get(id);
    return row?.user_id === userId && isVisible(row) ? row : undefined;
  }

  async function save(
    kind: ShelfKind,
    changes: Record<string, unknown>,
    options?: { derived?: boolean },
  ): Promise<LocalShelfRow> {
    const id = typeof changes.id === 'string' && changes.id !== '' ? changes.id : newId();
    const table = shelfTable(db, kind);
    const nameKey = kind === 'folders' ? 'name' : 'title';
    const row = await problems.guard(() =>
      db.transaction('rw', db.folders, db.manuscripts, async () => {
        const existing = await mine(kind, id);
        // A derived change never wins over a newer edit made elsewhere (rows are whole).
        const now =
          options?.derived && existing ? existing.updated_at + 1 : stamp(existing?.updated_at);
        const base = existing ?? {
          id,
          [nameKey]: '',
          folder_id: null,
          _order: 0,
          created_at: now,
          synced_at: null,
          deleted_at: null,
          user_id: userId,
          pending: 0 as const,
          pending_ops: [],
        };
        const next = {
          ...base,
          ...editable(changes),
          id,
          user_id: userId,
          updated_at: now,
          last_synced_device_id: deviceId,
        } as LocalShelfRow;
        next.folder_id = next.folder_id === '' ? null : (next.folder_id ?? null);
        const name = (next as Record<string, unknown>)[nameKey];
        if (typeof name !== 'string' || name.trim() === '') {
          throw new InvalidChangeError(
            kind === 'folders' ? 'name_required' : 'manuscript_title_required',
          );
        }
        if (next.folder_id !== null) {
          const folders = await db.folders.where('user_id').equals(userId).toArray();
          const parent = folders.find((folder) => folder.id === next.folder_id);
          // The server refuses a live row inside a folder in the trash; the list already
          // shows such a row (one recovered on its own) at the top level, so it is saved there.
          if (parent?.deleted_at !== null || !isVisible(parent)) next.folder_id = null;
          else if (kind === 'folders' && folderAndDescendants(id, folders).has(parent.id)) {
            throw new InvalidChangeError('folder_cycle');
          }
        }
        Object.assign(next, withOp(base as LocalShelfRow, 'put'));
        await table.put(next);
        return next;
      }),
    );
    sync.changed([shelfChange(kind, id)]);
    return row;
  }

  async function trashCall(kind: ShelfKind, ids: readonly string[], op: PendingOp) {
    const table = shelfTable(db, kind);
    const changed = await problems.guard(() =>
      db.transaction('rw', db.folders, db.manuscripts, async () => {
        const done: string[] = [];
        for (const id of ids) {
          const row = await mine(kind, id);
          if (!row) continue;
          const inTrash = row.deleted_at !== null;
          if ((op === 'delete' && inTrash) || (op !== 'delete' && !inTrash)) continue;
          const now = stamp(row.updated_at);
          const deletedAt = op === 'delete' ? now : op === 'undelete' ? null : row.deleted_at;
          await table.put({ ...row, deleted_at: deletedAt, updated_at: now, ...withOp(row, op) });
          if (op === 'delete' && kind === 'folders') await moveChildrenUp(row);
          done.push(id);
        }
        return done;
      }),
    );
    if (changed.length > 0) sync.changed(changed.map((id) => shelfChange(kind, id)));
  }

  /**
   * What the server does to a deleted folder's live children (ADR 0007 `move_up`), done
   * locally so the list is right at once. These moves are not pending: the server makes them
   * itself, and its rows (newer) replace these at the next refresh.
   */
  async function moveChildrenUp(folder: LocalShelfRow): Promise<void> {
    for (const table of [db.folders, db.manuscripts] as const) {
      const children = await (table as typeof db.folders)
        .where('folder_id')
        .equals(folder.id)
        .filter((row) => row.user_id === userId && row.deleted_at === null)
        .toArray();
      for (const child of children) {
        await (table as typeof db.folders).put({
          ...child,
          folder_id: folder.folder_id,
          _order: child._order + MOVED_UP_ORDER_OFFSET,
        });
      }
    }
  }

  async function trashIds(kind: ShelfKind, ids: readonly string[] | undefined): Promise<string[]> {
    if (ids) return [...ids];
    const rows = await shelfTable(db, kind).where('user_id').equals(userId).toArray();
    return rows.filter((row) => row.deleted_at !== null && isVisible(row)).map((row) => row.id);
  }

  async function keepFromServer(manuscript: Manuscript): Promise<StoredManuscript> {
    const row: LocalManuscript = fromServer(withoutChildren(manuscript), userId);
    await problems.guard(() => db.manuscripts.put(row));
    return toStored(row) as StoredManuscript;
  }

  return {
    folders: () => live('folders', (rows) => rows.map((row) => toStored(row) as StoredFolder)),
    manuscripts: () =>
      live('manuscripts', (rows) => rows.map((row) => toStored(row) as StoredManuscript)),
    saveFolder: async (changes: FolderChanges) =>
      toStored(await save('folders', changes)) as StoredFolder,
    saveManuscript: async (changes: ManuscriptChanges, options?: { derived?: boolean }) =>
      toStored(await save('manuscripts', changes, options)) as StoredManuscript,
    deleteFolder: (id) => trashCall('folders', [id], 'delete'),
    deleteManuscript: (id) => trashCall('manuscripts', [id], 'delete'),
    recover: (kind, id) => trashCall(kind, [id], 'undelete'),
    hardDelete: (kind, id) => trashCall(kind, [id], 'hard_delete'),
    async recoverAll(ids?: ShelfIds) {
      for (const kind of ['folders', 'manuscripts'] as const) {
        await trashCall(kind, await trashIds(kind, ids?.[kind]), 'undelete');
      }
    },
    async deleteAll(ids?: ShelfIds) {
      for (const kind of ['folders', 'manuscripts'] as const) {
        await trashCall(kind, await trashIds(kind, ids?.[kind]), 'hard_delete');
      }
    },
    async duplicateManuscript(id, title) {
      // The server copies what it has: send this device's changes first.
      await sync.flushPending();
      return keepFromServer(await remote.copyManuscript({ id, title, new_id: newId() }));
    },
    async createFromTemplate(templateId, manuscript) {
      await sync.flushPending();
      return keepFromServer(await remote.useTemplate(templateId, { id: newId(), ...manuscript }));
    },
    flushPending: () => sync.flushPending(),
    refreshFromServer: () => sync.refresh(),
    onProblem: (listener) => problems.subscribe(listener),
  };
}
