/**
 * `ManuscriptsPort` over this device: the shelf's rows read through the `ReadPort`, every change
 * written by the `LocalWriter` (local first, the outbox sends it), and the calls that need the
 * server (a copy, a manuscript from a template) made only after this device's changes went.
 */
import type { LocalMarks } from './app-db';
import type { ShelfKind } from './entities';
import { newId } from './ids';
import type { LocalShelfRow } from './local-rows';
import type { LocalWriter, PortSync, TrashOp } from './local-writer';
import { mapLive } from './manuscripts-port';
import type {
  FolderChanges,
  ManuscriptChanges,
  ManuscriptsPort,
  ShelfIds,
  StoredFolder,
  StoredManuscript,
} from './manuscripts-port';
import type { ProblemHub } from './problems';
import type { ReadPort } from './read-port';
import type { ShelfRemote } from './remote';

export interface LocalFirstPortDeps {
  reads: ReadPort;
  writer: LocalWriter;
  /** For the calls that need the server (duplicate, new from template). */
  remote: ShelfRemote;
  sync: PortSync;
  /** Shared with the sync engine, which reports refused changes through it. */
  problems: ProblemHub;
}

function toStored<T extends LocalShelfRow>(
  row: T,
): Omit<T, keyof LocalMarks> & { pending: boolean } {
  const copy: Record<string, unknown> = { ...row, pending: row.pending === 1 };
  Reflect.deleteProperty(copy, 'pending_ops');
  return copy as Omit<T, keyof LocalMarks> & { pending: boolean };
}

export function createLocalFirstPort(deps: LocalFirstPortDeps): ManuscriptsPort {
  const { reads, writer, remote, sync, problems } = deps;

  /** Every row of `kind` in the trash when `ids` is not given. */
  async function trashIds(kind: ShelfKind, ids: readonly string[] | undefined): Promise<string[]> {
    if (ids) return [...ids];
    return (await reads.shelf(kind)).filter((row) => row.deleted_at !== null).map((row) => row.id);
  }

  async function onEachKind(ids: ShelfIds | undefined, op: TrashOp): Promise<void> {
    for (const kind of ['folders', 'manuscripts'] as const) {
      await writer.trashRows(kind, await trashIds(kind, ids?.[kind]), op);
    }
  }

  return {
    folders: () =>
      mapLive(reads.liveShelf('folders'), (rows) =>
        rows.map((row) => toStored(row) as StoredFolder),
      ),
    manuscripts: () =>
      mapLive(reads.liveShelf('manuscripts'), (rows) =>
        rows.map((row) => toStored(row) as StoredManuscript),
      ),
    saveFolder: async (changes: FolderChanges) =>
      toStored(await writer.saveShelfRow('folders', changes)) as StoredFolder,
    saveManuscript: async (changes: ManuscriptChanges, options?: { derived?: boolean }) =>
      toStored(await writer.saveShelfRow('manuscripts', changes, options)) as StoredManuscript,
    deleteFolder: (id) => writer.trashRows('folders', [id], 'delete'),
    deleteManuscript: (id) => writer.trashRows('manuscripts', [id], 'delete'),
    recover: (kind, id) => writer.trashRows(kind, [id], 'undelete'),
    hardDelete: (kind, id) => writer.trashRows(kind, [id], 'hard_delete'),
    recoverAll: (ids?: ShelfIds) => onEachKind(ids, 'undelete'),
    deleteAll: (ids?: ShelfIds) => onEachKind(ids, 'hard_delete'),
    async duplicateManuscript(id, title) {
      // The server copies what it has: send this device's changes first.
      await sync.flushPending();
      const copy = await remote.copyManuscript({ id, title, new_id: newId() });
      return toStored(await writer.keepFromServer(copy)) as StoredManuscript;
    },
    async createFromTemplate(templateId, manuscript) {
      await sync.flushPending();
      const made = await remote.useTemplate(templateId, { id: newId(), ...manuscript });
      return toStored(await writer.keepFromServer(made)) as StoredManuscript;
    },
    flushPending: () => sync.flushPending(),
    refreshFromServer: () => sync.refresh(),
    onProblem: (listener) => problems.subscribe(listener),
  };
}
