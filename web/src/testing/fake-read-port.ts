/**
 * A `ReadPort` over rows held in memory, for tests of screens: the rows come from `source` (read
 * at each query), and live queries answer again whenever `changed()` is called.
 */
import { tableOfKind } from '@/storage';
import type {
  LiveQuery,
  LocalRecord,
  LocalShelfRow,
  PartKind,
  ReadPort,
  ShelfKind,
} from '@/storage';

export interface FakeRows {
  folders?: LocalRecord[];
  manuscripts?: LocalRecord[];
  /** Rows of every part kind, each saying its `kind`. */
  parts?: LocalRecord[];
}

export interface FakeReadPort extends ReadPort {
  /** Live queries answer again. */
  changed(): void;
}

export function createFakeReadPort(source: () => FakeRows, userId: string): FakeReadPort {
  const listeners = new Set<() => void>();
  const mine = (rows: LocalRecord[] | undefined) =>
    (rows ?? []).filter((row) => row.user_id === undefined || row.user_id === userId);
  // The fake's rows are loose records; a test gives shelf rows their fields.
  const shelfRows = (kind: ShelfKind) => mine(source()[kind]) as unknown as LocalShelfRow[];
  const manuscriptRow = (id: string) => mine(source().manuscripts).find((row) => row.id === id);
  const partRow = (kind: PartKind, id: string) =>
    mine(source().parts).find((row) => row.id === id && row.kind === kind);

  function live<T>(read: () => T): LiveQuery<T> {
    return {
      subscribe(observer) {
        let active = true;
        const answer = () => {
          queueMicrotask(() => {
            if (active) observer.next(read());
          });
        };
        listeners.add(answer);
        answer();
        return {
          unsubscribe() {
            active = false;
            listeners.delete(answer);
          },
        };
      },
    };
  }

  return {
    liveShelf: (kind) => live(() => shelfRows(kind)),
    liveManuscript: (id) => live(() => manuscriptRow(id) ?? null),
    liveContents: (manuscriptId) =>
      live(() =>
        mine(source().parts).filter(
          (row) =>
            row.manuscript_id === manuscriptId &&
            row.kind !== undefined &&
            tableOfKind(row.kind) === 'contents',
        ),
      ),
    liveTodos: (manuscriptId) =>
      live(() =>
        mine(source().parts).filter(
          (row) =>
            row.kind === 'to_dos' &&
            (row.manuscript_id ?? null) === manuscriptId &&
            (row.deleted_at ?? null) === null,
        ),
      ),
    liveNotes: (manuscriptId) =>
      live(() =>
        mine(source().parts).filter(
          (row) =>
            row.kind === 'notes' &&
            (row.manuscript_id ?? null) === manuscriptId &&
            (row.deleted_at ?? null) === null,
        ),
      ),
    liveParts: (kind, manuscriptId) =>
      live(() =>
        mine(source().parts).filter(
          (row) =>
            row.kind === kind &&
            row.manuscript_id === manuscriptId &&
            !(row.pending_ops ?? []).includes('hard_delete'),
        ),
      ),
    liveUserParts: (kind) =>
      live(() =>
        mine(source().parts).filter(
          (row) => row.kind === kind && (row.deleted_at ?? null) === null,
        ),
      ),
    shelf: (kind) => Promise.resolve(shelfRows(kind)),
    manuscript: (id) => Promise.resolve(manuscriptRow(id)),
    part: (kind, id) => Promise.resolve(partRow(kind, id)),
    parts: (kind, ids) => Promise.resolve(ids.map((id) => partRow(kind, id))),
    partsOf: (kind, manuscriptId) =>
      Promise.resolve(
        mine(source().parts).filter(
          (row) =>
            row.kind === kind &&
            row.manuscript_id === manuscriptId &&
            (row.deleted_at ?? null) === null,
        ),
      ),
    changed() {
      for (const listener of [...listeners]) listener();
    },
  };
}
