import { ApiError } from '@/lib/api';
import type { Folder, Manuscript, ShelfKind, ShelfRemote } from '@/storage';

type Row = Folder | Manuscript;

export interface FakeShelfRemote extends ShelfRemote {
  /** The server's rows, by kind and id. */
  rows: Record<ShelfKind, Map<string, Row>>;
  /** Every call, as `METHOD path` (`PUT folders/put/abc`). */
  calls: string[];
  /** While false, every call fails like a missing network. */
  online: boolean;
  /** Refuses the next calls whose label starts with `prefix` with `code`. */
  refuse(prefix: string, code: string, status?: number): void;
  /** Stores a row as if another device had written it. */
  seed(kind: ShelfKind, row: Row): void;
}

/**
 * An in-memory server for the manuscripts port's tests, with the ADR 0007 rules that matter
 * to the client: last writer wins on put, `created_at`/`deleted_at` kept by a put, a
 * folder's children moved up on delete, the trash calls' refusals.
 */
export function createFakeShelfRemote(now: () => number = Date.now): FakeShelfRemote {
  const refusals: { prefix: string; code: string; status: number }[] = [];
  const fake: FakeShelfRemote = {
    rows: { folders: new Map(), manuscripts: new Map() },
    calls: [],
    online: true,
    refuse(prefix, code, status = 422) {
      refusals.push({ prefix, code, status });
    },
    seed(kind, row) {
      fake.rows[kind].set(row.id, row);
    },
    put: ((kind: ShelfKind, row: Row) => {
      call(`PUT ${kind}/put/${row.id}`);
      const stored = fake.rows[kind].get(row.id);
      if (stored && stored.updated_at > row.updated_at) return Promise.resolve(stored);
      const next = {
        ...row,
        synced_at: now(),
        created_at: stored?.created_at ?? row.created_at,
        deleted_at: stored?.deleted_at ?? null,
      };
      fake.rows[kind].set(row.id, next);
      return Promise.resolve(next);
    }) as ShelfRemote['put'],
    softDelete(kind, id) {
      call(`DELETE ${kind}/${id}`);
      const row = found(kind, id);
      if (row.deleted_at !== null) throw refusal('was_not_deleted', 409);
      const at = now();
      fake.rows[kind].set(id, { ...row, deleted_at: at, updated_at: at });
      if (kind === 'folders') {
        for (const childKind of ['folders', 'manuscripts'] as const) {
          for (const child of fake.rows[childKind].values()) {
            if (child.folder_id === id && child.deleted_at === null) {
              fake.rows[childKind].set(child.id, {
                ...child,
                folder_id: row.folder_id,
                _order: child._order + 99_999,
                updated_at: at,
              });
            }
          }
        }
      }
      return Promise.resolve();
    },
    undelete(kind, id) {
      call(`GET ${kind}/undelete/${id}`);
      const row = found(kind, id);
      if (row.deleted_at === null) throw refusal('was_not_undeleted', 409);
      fake.rows[kind].set(id, { ...row, deleted_at: null, updated_at: now() });
      return Promise.resolve();
    },
    hardDelete(kind, id) {
      call(`DELETE ${kind}/${id}?hard_delete=true`);
      const row = found(kind, id);
      if (row.deleted_at === null) throw refusal('is_not_deleted', 409);
      fake.rows[kind].delete(id);
      return Promise.resolve();
    },
    recoverAll(kind, ids) {
      call(`POST ${kind}/recover_all ${ids.join(',')}`);
      for (const id of ids) {
        const row = fake.rows[kind].get(id);
        if (row && row.deleted_at !== null) fake.rows[kind].set(id, { ...row, deleted_at: null });
      }
      return Promise.resolve();
    },
    deleteAll(kind, ids) {
      call(`POST ${kind}/delete_all ${ids.join(',')}`);
      for (const id of ids) {
        const row = fake.rows[kind].get(id);
        if (row && row.deleted_at !== null) fake.rows[kind].delete(id);
      }
      return Promise.resolve();
    },
    list: ((kind: ShelfKind, deleted: boolean) => {
      call(`GET ${kind}?deleted=${String(deleted)}`);
      return Promise.resolve(
        [...fake.rows[kind].values()].filter((row) => (row.deleted_at !== null) === deleted),
      );
    }) as ShelfRemote['list'],
    copyManuscript({ id, title, new_id }) {
      call(`POST manuscripts/copy ${id}`);
      const source = found('manuscripts', id) as Manuscript;
      const at = now();
      const copy: Manuscript = {
        ...source,
        id: new_id,
        title,
        created_at: at,
        updated_at: at,
        synced_at: at,
        chapters: [{ id: 'c1', name: 'Chapter 1' }],
      };
      fake.rows.manuscripts.set(new_id, copy);
      return Promise.resolve(copy);
    },
    useTemplate(templateId, { id, title, folder_id }) {
      call(`POST templates/use/${templateId}`);
      const at = now();
      const made: Manuscript = {
        id,
        title,
        folder_id,
        _order: 0,
        created_at: at,
        updated_at: at,
        synced_at: at,
        deleted_at: null,
        groups: [{ id: 'g1', name: 'Act I' }],
      };
      fake.rows.manuscripts.set(id, made);
      return Promise.resolve(made);
    },
    serverTime() {
      call('GET server_time');
      return Promise.resolve(now());
    },
  };

  function call(label: string): void {
    fake.calls.push(label);
    if (!fake.online) throw new ApiError('network_error', 'network', 0);
    const index = refusals.findIndex((refused) => label.startsWith(refused.prefix));
    const refused = refusals[index];
    if (refused) {
      refusals.splice(index, 1);
      throw refusal(refused.code, refused.status);
    }
  }

  function found(kind: ShelfKind, id: string): Row {
    const row = fake.rows[kind].get(id);
    if (!row) throw refusal('not_found', 404);
    return row;
  }

  return fake;
}

function refusal(code: string, status: number): ApiError {
  return new ApiError(code, 'failed', status);
}
