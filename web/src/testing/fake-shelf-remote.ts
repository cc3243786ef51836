import { ApiError } from '@/lib/api';
import type { EntityKind, Manuscript, ShelfKind, ShelfRemote } from '@/storage';
import { ENTITY_KINDS } from '@/storage';
import type { ManuscriptTree, MultipleItem, ServerRow } from '@/storage/remote';

type Row = ServerRow & { deleted_at?: number | null; manuscript_id?: string | null };

export interface FakeShelfRemote extends ShelfRemote {
  /** The server's rows, by kind and id. */
  rows: Record<EntityKind, Map<string, Row>>;
  /** Manuscripts others share with the user (`GET manuscripts/shared_with_me`). */
  shared: Map<string, Row>;
  /** Manuscripts that exist but that the user may not read (`multiple`: not_authorized). */
  forbidden: Set<string>;
  /** Every call, as `METHOD path` (`PUT folders/put/abc`). */
  calls: string[];
  /** Action-log batches received. */
  actions: unknown[][];
  /** While false, every call fails like a missing network. */
  online: boolean;
  /** Refuses the next calls whose label starts with `prefix` with `code`. */
  refuse(prefix: string, code: string, status?: number): void;
  /** Holds the next call whose label starts with `prefix` until `release()` (a stuck server). */
  hold(prefix: string): { release: () => void };
  /** Stores a row as if another device had written it. */
  seed(kind: EntityKind, row: Row): void;
}

const SHELF: readonly EntityKind[] = ['folders', 'manuscripts'];
const CHILDREN = [
  'groups',
  'outlines',
  'chapters',
  'elements',
  'notes',
  'researches',
  'stashes',
  'to_dos',
  'plotboards',
  'element_relationship_boards',
] as const;

/**
 * An in-memory server for the storage and sync tests, with the ADR 0007 rules that matter to
 * the client: last writer wins on put, `created_at`/`deleted_at` kept by a put, a folder's
 * children moved up on delete, a stash deleted twice removed, the trash calls' refusals, `manuscript_is_deleted` for a write
 * into a manuscript in the trash, manuscripts with their rows (`GET manuscripts/{id}`,
 * `multiple`), sharing and chapter contents.
 */
export function createFakeShelfRemote(now: () => number = Date.now): FakeShelfRemote {
  const refusals: { prefix: string; code: string; status: number }[] = [];
  const holds: { prefix: string; gate: Promise<void> }[] = [];
  const rows = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, new Map()])) as Record<
    EntityKind,
    Map<string, Row>
  >;

  async function call(label: string): Promise<void> {
    fake.calls.push(label);
    const held = holds.findIndex((entry) => label.startsWith(entry.prefix));
    if (held >= 0) {
      const [entry] = holds.splice(held, 1);
      await entry?.gate;
    }
    if (!fake.online) throw new ApiError('network_error', 'network', 0);
    const index = refusals.findIndex((refused) => label.startsWith(refused.prefix));
    const refused = refusals[index];
    if (refused) {
      refusals.splice(index, 1);
      throw refusal(refused.code, refused.status);
    }
  }

  function found(kind: EntityKind, id: string): Row {
    const row = rows[kind].get(id);
    if (!row) throw refusal('not_found', 404);
    return row;
  }

  /** ADR 0007: a write into a manuscript in the trash is refused. */
  function checkManuscript(kind: EntityKind, row: Row) {
    const manuscriptId = kind === 'manuscripts' ? row.id : row.manuscript_id;
    if (kind === 'folders' || typeof manuscriptId !== 'string') return;
    const manuscript = rows.manuscripts.get(manuscriptId);
    if (!manuscript) {
      if (kind !== 'manuscripts') throw refusal('not_found', 404);
      return;
    }
    if ((manuscript.deleted_at ?? null) !== null) throw refusal('manuscript_is_deleted', 409);
  }

  /** The user's own manuscript, or one shared with them. */
  function readable(id: string): Row | undefined {
    return rows.manuscripts.get(id) ?? fake.shared.get(id);
  }

  function tree(id: string): ManuscriptTree {
    const manuscript = readable(id);
    if (!manuscript) throw refusal('not_found', 404);
    const answer: Record<string, unknown> = { ...manuscript };
    for (const key of CHILDREN) {
      answer[key] = [...rows[key].values()].filter(
        (row) => row.manuscript_id === id && (row.deleted_at ?? null) === null,
      );
    }
    return answer as ManuscriptTree;
  }

  function moveChildrenUp(folder: Row, at: number) {
    for (const kind of SHELF) {
      for (const child of rows[kind].values()) {
        if (child.folder_id === folder.id && (child.deleted_at ?? null) === null) {
          rows[kind].set(child.id, {
            ...child,
            folder_id: folder.folder_id,
            _order: Number(child._order ?? 0) + 99_999,
            updated_at: at,
          });
        }
      }
    }
  }

  const fake: FakeShelfRemote = {
    rows,
    shared: new Map(),
    forbidden: new Set(),
    calls: [],
    actions: [],
    online: true,
    refuse(prefix, code, status = 422) {
      refusals.push({ prefix, code, status });
    },
    hold(prefix) {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.push({ prefix, gate });
      return { release };
    },
    seed(kind, row) {
      rows[kind].set(row.id, row);
    },
    async put(kind, row) {
      await call(`PUT ${kind}/put/${row.id}`);
      const sent = row as Row;
      checkManuscript(kind, sent);
      const stored = rows[kind].get(row.id);
      if (stored && stored.updated_at > sent.updated_at) return stored;
      const next = {
        ...sent,
        synced_at: now(),
        created_at: stored?.created_at ?? sent.created_at,
        deleted_at: stored?.deleted_at ?? null,
      };
      rows[kind].set(row.id, next);
      return next;
    },
    async softDelete(kind, id) {
      await call(`DELETE ${kind}/${id}`);
      const row = found(kind, id);
      // A stash's first delete marks it deleted; deleting an already-deleted stash removes it.
      if (kind === 'stashes' && (row.deleted_at ?? null) !== null) {
        rows[kind].delete(id);
        return;
      }
      if ((row.deleted_at ?? null) !== null) throw refusal('was_not_deleted', 409);
      const at = now();
      rows[kind].set(id, { ...row, deleted_at: at, updated_at: at });
      if (kind === 'folders') moveChildrenUp(row, at);
    },
    async undelete(kind, id) {
      await call(`GET ${kind}/undelete/${id}`);
      const row = found(kind, id);
      if ((row.deleted_at ?? null) === null) throw refusal('was_not_undeleted', 409);
      rows[kind].set(id, { ...row, deleted_at: null, updated_at: now() });
    },
    async hardDelete(kind, id) {
      await call(`DELETE ${kind}/${id}?hard_delete=true`);
      const row = found(kind, id);
      if ((row.deleted_at ?? null) === null) throw refusal('is_not_deleted', 409);
      rows[kind].delete(id);
    },
    async recoverAll(kind: ShelfKind, ids) {
      await call(`POST ${kind}/recover_all ${ids.join(',')}`);
      for (const id of ids) {
        const row = rows[kind].get(id);
        if (row && (row.deleted_at ?? null) !== null)
          rows[kind].set(id, { ...row, deleted_at: null });
      }
    },
    async deleteAll(kind: ShelfKind, ids) {
      await call(`POST ${kind}/delete_all ${ids.join(',')}`);
      for (const id of ids) {
        const row = rows[kind].get(id);
        if (row && (row.deleted_at ?? null) !== null) rows[kind].delete(id);
      }
    },
    list: (async (kind: ShelfKind, deleted: boolean) => {
      await call(`GET ${kind}?deleted=${String(deleted)}`);
      return [...rows[kind].values()].filter(
        (row) => ((row.deleted_at ?? null) !== null) === deleted,
      );
    }) as ShelfRemote['list'],
    async manuscript(id) {
      await call(`GET manuscripts/${id}`);
      if (fake.forbidden.has(id)) throw refusal('not_authorized', 403);
      return tree(id);
    },
    async multiple(ids) {
      await call(`POST manuscripts/multiple ${ids.join(',')}`);
      return ids.map((id): MultipleItem => {
        if (fake.forbidden.has(id)) return { id, status: 'not_authorized', manuscript: null };
        if (!readable(id)) return { id, status: 'not_found', manuscript: null };
        return { id, status: 'success', manuscript: tree(id) };
      });
    },
    async sharedWithMe() {
      await call('GET manuscripts/shared_with_me');
      return [...fake.shared.values()] as Manuscript[];
    },
    async chapterContent(chapterId) {
      await call(`GET chapters/content/${chapterId}`);
      return (
        [...rows.chapter_contents.values()].find((row) => row.chapter_id === chapterId) ?? null
      );
    },
    async globalNotes() {
      await call('GET notes/global');
      return [...rows.notes.values()].filter(
        (row) => (row.manuscript_id ?? null) === null && (row.deleted_at ?? null) === null,
      );
    },
    async globalTodos() {
      await call('GET to_dos/global');
      return [...rows.to_dos.values()].filter(
        (row) => (row.manuscript_id ?? null) === null && (row.deleted_at ?? null) === null,
      );
    },
    async wordCounts() {
      await call('GET stats_word_counts');
      return [...rows.stats_word_counts.values()].filter(
        (row) => (row.deleted_at ?? null) === null,
      );
    },
    async writingSessions() {
      await call('GET writing_sessions');
      return [...rows.writing_sessions.values()].filter((row) => (row.deleted_at ?? null) === null);
    },
    async copyManuscript({ id, title, new_id }) {
      await call(`POST manuscripts/copy ${id}`);
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
      rows.manuscripts.set(new_id, copy);
      return copy;
    },
    async useTemplate(templateId, { id, title, folder_id }) {
      await call(`POST templates/use/${templateId}`);
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
      rows.manuscripts.set(id, made);
      return made;
    },
    async serverTime() {
      await call('GET server_time');
      return now();
    },
    async sendActions(actions) {
      await call('POST actions/multiple/');
      fake.actions.push([...actions]);
    },
  };
  return fake;
}

function refusal(code: string, status: number): ApiError {
  return new ApiError(code, 'failed', status);
}
