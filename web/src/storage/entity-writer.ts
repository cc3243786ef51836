import type { AppDatabase, PendingOp } from './app-db';
import type { Clock } from './clock';
import type { EntityKind } from './entity-kinds';
import { newId } from './ids';
import type { PendingChange, PortSync } from './local-first-port';
import { rowTable } from './local-rows';
import type { LocalRow } from './local-rows';
import type { ProblemHub } from './problems';

/** Kinds that live inside a manuscript (or, for notes and to-dos, outside any: global). */
export type PartKind = Exclude<EntityKind, 'folders' | 'manuscripts'>;

/** The fields a caller gives; `manuscript_id` is required (`null` for a global note or to-do). */
export type PartChanges = { id?: string; manuscript_id: string | null } & Record<string, unknown>;

/**
 * Local-first writes of a manuscript's parts (chapters, groups, notes, to-dos, boards, chapter
 * content rows, word counts …): the row is written at once with a fresh `updated_at`, its
 * change is marked pending, and the sync engine is told; the outbox sends it (ADR 0007 route
 * by `kind`). The editor writes rows through this and nothing else.
 */
export interface EntityWriter {
  /**
   * Creates or changes a row; resolves to it as stored locally. A `derived` change (a count
   * kept from the text, not an edit) is stamped just after the row's own time, so it never
   * wins over a newer edit of the row from another device (rows are last-writer-wins whole).
   */
  save(kind: PartKind, changes: PartChanges, options?: { derived?: boolean }): Promise<LocalRow>;
  /** Into the trash (`deleted_at` set). */
  trash(kind: PartKind, id: string): Promise<void>;
  /** Out of the trash. */
  recover(kind: PartKind, id: string): Promise<void>;
  /** Gone for good (hidden at once, removed when the server agrees). */
  hardDelete(kind: PartKind, id: string): Promise<void>;
}

export interface EntityWriterDeps {
  db: AppDatabase;
  sync: Pick<PortSync, 'changed'>;
  problems: ProblemHub;
  userId: string;
  clock: Clock;
  deviceId: string;
}

/** Fields the writer owns: the server's, the trash's and the local marks. */
const OWNED = ['user_id', 'created_at', 'updated_at', 'synced_at', 'deleted_at', 'pending'];

function withOp(
  row: LocalRow | undefined,
  op: PendingOp,
): Pick<LocalRow, 'pending' | 'pending_ops'> {
  const ops = row?.pending_ops ?? [];
  // One put sends the row as it is, whenever it goes: a second one adds nothing.
  return { pending: 1, pending_ops: op === 'put' && ops.includes('put') ? ops : [...ops, op] };
}

export function createEntityWriter(deps: EntityWriterDeps): EntityWriter {
  const { db, sync, problems, userId, clock, deviceId } = deps;

  const stamp = (previous?: number) => Math.max(Math.round(clock.now()), (previous ?? 0) + 1);
  const change = (kind: PartKind, row: LocalRow): PendingChange => ({
    kind,
    id: row.id,
    manuscript_id: row.manuscript_id ?? null,
  });

  async function mine(kind: PartKind, id: string): Promise<LocalRow | undefined> {
    const row = await rowTable(db, kind).get(id);
    return row?.user_id === userId && row.kind === kind ? row : undefined;
  }

  async function trashCall(kind: PartKind, id: string, op: Exclude<PendingOp, 'put'>) {
    const table = rowTable(db, kind);
    const written = await problems.guard(() =>
      db.transaction('rw', table, async () => {
        const row = await mine(kind, id);
        if (!row) return null;
        const inTrash = (row.deleted_at ?? null) !== null;
        if ((op === 'delete' && inTrash) || (op !== 'delete' && !inTrash)) return null;
        const now = stamp(row.updated_at);
        const deletedAt = op === 'delete' ? now : op === 'undelete' ? null : row.deleted_at;
        const next = { ...row, deleted_at: deletedAt, updated_at: now, ...withOp(row, op) };
        await table.put(next);
        return next;
      }),
    );
    if (written) sync.changed([change(kind, written)]);
  }

  return {
    async save(kind, changes, options) {
      const id = typeof changes.id === 'string' && changes.id !== '' ? changes.id : newId();
      const table = rowTable(db, kind);
      const row = await problems.guard(() =>
        db.transaction('rw', table, async () => {
          const existing = await mine(kind, id);
          const now =
            options?.derived && existing ? existing.updated_at + 1 : stamp(existing?.updated_at);
          const given: Record<string, unknown> = { ...changes };
          for (const key of OWNED) Reflect.deleteProperty(given, key);
          const next: LocalRow = {
            _order: 0,
            created_at: now,
            synced_at: null,
            deleted_at: null,
            ...existing,
            ...given,
            id,
            kind,
            user_id: userId,
            updated_at: now,
            last_synced_device_id: deviceId,
            ...withOp(existing, 'put'),
          };
          await table.put(next);
          return next;
        }),
      );
      sync.changed([change(kind, row)]);
      return row;
    },
    trash: (kind, id) => trashCall(kind, id, 'delete'),
    recover: (kind, id) => trashCall(kind, id, 'undelete'),
    hardDelete: (kind, id) => trashCall(kind, id, 'hard_delete'),
  };
}
