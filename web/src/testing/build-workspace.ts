/**
 * A fake editor `Workspace` for tests: rows in memory and a writer that records every call and
 * applies it (save merges like the real `EntityWriter`, trash sets `deleted_at`; `saveManuscript`
 * merges `settings`, `goals`, `stats` and `meta` one level deep; `keepOnDevice` sets key
 * paths without a new `updated_at`), and a read port over the same rows. The workspace
 * object is replaced after each write, as the page's live query would; `useFakeWorkspace`
 * re-renders a component with it.
 */
import { useSyncExternalStore } from 'react';

import type {
  ChapterRow,
  EditorUserSettings,
  GroupRow,
  ManuscriptRow,
  OutlineRow,
  Workspace,
} from '@/features/editor/workspace/types';
import { mergeManuscriptChanges } from '@/features/editor/workspace/types';
import type { EntityWriter, LocalRow, PartChanges, PartKind } from '@/storage';

import { createFakeReadPort } from './fake-read-port';

export type WriterCall =
  | { op: 'save'; kind: PartKind; changes: PartChanges }
  | { op: 'trash' | 'recover' | 'hardDelete'; kind: PartKind; id: string };

export interface WorkspaceSeed {
  userId?: string;
  manuscript?: Partial<ManuscriptRow>;
  groups?: Partial<GroupRow>[];
  outlines?: Partial<OutlineRow>[];
  chapters?: Partial<ChapterRow>[];
  /** Story element rows (read through `reads`, as the binder's filter does). */
  elements?: Partial<LocalRow>[];
  canWrite?: boolean;
  canComment?: boolean;
  userSettings?: Partial<EditorUserSettings>;
}

export interface FakeWorkspace {
  /** The workspace as it is now (a new object after every write). */
  readonly workspace: Workspace;
  /** Every writer call, in order. */
  readonly calls: WriterCall[];
  /** Every `saveManuscript` call, in order. */
  readonly manuscriptCalls: Partial<ManuscriptRow>[];
  /** Every `keepOnDevice` call, in order. */
  readonly keptCalls: Record<string, unknown>[];
  /** All rows of a kind, those in the trash included. */
  rows(kind: PartKind): LocalRow[];
  /** A row by kind and id (trash included). */
  row(kind: PartKind, id: string): LocalRow | undefined;
  /** The saves only, as `[kind, changes]`, for short assertions. */
  saves(): [PartKind, PartChanges][];
  /** Makes the next writer call reject with `error`. */
  failNext(error: Error): void;
  subscribe(listener: () => void): () => void;
}

export const TEST_MANUSCRIPT_ID = 'ManuscriptTest00000001';
const BASE_TIME = Date.UTC(2026, 10, 24);

let counter = 0;
/** A 22-character id that is unique within the test run. */
export function testId(prefix = 'Row'): string {
  counter += 1;
  return `${prefix}${String(counter).padStart(22 - prefix.length, '0')}`.slice(-22);
}

function baseRow(fields: Partial<LocalRow>, manuscriptId: string, index: number): LocalRow {
  return {
    id: testId(),
    manuscript_id: manuscriptId,
    created_at: BASE_TIME + index,
    updated_at: BASE_TIME + index,
    deleted_at: null,
    synced_at: BASE_TIME + index,
    _order: index,
    ...fields,
  } as LocalRow;
}

export function buildWorkspace(seed: WorkspaceSeed = {}): FakeWorkspace {
  const userId = seed.userId ?? 'UserAnaWriter000000001';
  let manuscript: ManuscriptRow = {
    id: TEST_MANUSCRIPT_ID,
    title: 'The Novel',
    updated_at: BASE_TIME,
    settings: {},
    ...seed.manuscript,
  } as ManuscriptRow;
  const tables = new Map<PartKind, Map<string, LocalRow>>();
  const table = (kind: PartKind) => {
    let rows = tables.get(kind);
    if (!rows) {
      rows = new Map();
      tables.set(kind, rows);
    }
    return rows;
  };
  const seedKind = (kind: PartKind, rows: Partial<LocalRow>[] | undefined) => {
    (rows ?? []).forEach((fields, index) => {
      const row = baseRow(fields, manuscript.id, index);
      table(kind).set(row.id, row);
    });
  };
  seedKind('groups', seed.groups);
  seedKind('outlines', seed.outlines);
  seedKind('chapters', seed.chapters);
  seedKind(
    'elements',
    seed.elements?.map((fields) => ({ kind: 'elements', ...fields })),
  );

  const calls: WriterCall[] = [];
  const manuscriptCalls: Partial<ManuscriptRow>[] = [];
  const keptCalls: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  let clock = BASE_TIME + 1_000_000;
  let failure: Error | null = null;
  let current: Workspace;

  const live = <T>(kind: PartKind) =>
    [...table(kind).values()].filter((r) => (r.deleted_at ?? null) === null) as T[];
  const reads = createFakeReadPort(
    () => ({
      manuscripts: [manuscript],
      parts: [...tables.values()].flatMap((rows) => [...rows.values()]),
    }),
    userId,
  );
  const refresh = () => {
    current = {
      userId,
      manuscript,
      groups: live<GroupRow>('groups'),
      outlines: live<OutlineRow>('outlines'),
      chapters: live<ChapterRow>('chapters'),
      writer,
      reads,
      saveManuscript,
      keepOnDevice,
      canWrite: seed.canWrite ?? true,
      canComment: seed.canComment ?? seed.canWrite ?? true,
      userSettings: {
        subchaptersAsScenes: false,
        hideHeader: false,
        hideSavingIndicator: false,
        floatingToolbar: false,
        ...seed.userSettings,
      },
    };
    for (const listener of listeners) listener();
    reads.changed();
  };
  const guard = () => {
    const error = failure;
    failure = null;
    if (error) return Promise.reject(error);
    return null;
  };
  const mark = (kind: PartKind, id: string, deletedAt: number | null | 'remove') => {
    const row = table(kind).get(id);
    if (!row) return;
    clock += 1;
    if (deletedAt === 'remove') table(kind).delete(id);
    else table(kind).set(id, { ...row, deleted_at: deletedAt, updated_at: clock });
    refresh();
  };

  const writer: EntityWriter = {
    save(kind, changes) {
      calls.push({ op: 'save', kind, changes });
      const failed = guard();
      if (failed) return failed;
      clock += 1;
      const id = typeof changes.id === 'string' && changes.id !== '' ? changes.id : testId();
      const existing = table(kind).get(id);
      const next: LocalRow = {
        _order: 0,
        created_at: clock,
        deleted_at: null,
        synced_at: null,
        ...existing,
        ...changes,
        id,
        kind,
        user_id: userId,
        updated_at: clock,
        pending: 1,
        pending_ops: [...(existing?.pending_ops ?? []), 'put'],
      };
      table(kind).set(id, next);
      refresh();
      return Promise.resolve(next);
    },
    trash(kind, id) {
      calls.push({ op: 'trash', kind, id });
      const failed = guard();
      if (failed) return failed;
      mark(kind, id, clock + 1);
      return Promise.resolve();
    },
    recover(kind, id) {
      calls.push({ op: 'recover', kind, id });
      const failed = guard();
      if (failed) return failed;
      mark(kind, id, null);
      return Promise.resolve();
    },
    hardDelete(kind, id) {
      calls.push({ op: 'hardDelete', kind, id });
      const failed = guard();
      if (failed) return failed;
      mark(kind, id, 'remove');
      return Promise.resolve();
    },
  };

  function saveManuscript(changes: Partial<ManuscriptRow>): Promise<void> {
    manuscriptCalls.push(changes);
    const failed = guard();
    if (failed) return failed;
    clock += 1;
    // The page's own merge: document fields one level deep.
    manuscript = {
      ...manuscript,
      ...mergeManuscriptChanges(manuscript, changes),
      updated_at: clock,
    };
    refresh();
    return Promise.resolve();
  }

  /** Sets key paths (`settings.last_active_chapter`) of the manuscript, keeping its time. */
  function keepOnDevice(changes: Record<string, unknown>): Promise<void> {
    keptCalls.push(changes);
    const failed = guard();
    if (failed) return failed;
    const next: Record<string, unknown> = { ...manuscript };
    for (const [path, value] of Object.entries(changes)) {
      const [head, ...rest] = path.split('.');
      if (head === undefined || rest.length === 0) next[path] = value;
      else next[head] = { ...(next[head] as object | undefined), [rest.join('.')]: value };
    }
    manuscript = next as ManuscriptRow;
    refresh();
    return Promise.resolve();
  }

  refresh();
  return {
    get workspace() {
      return current;
    },
    calls,
    manuscriptCalls,
    keptCalls,
    rows: (kind) => [...table(kind).values()],
    row: (kind, id) => table(kind).get(id),
    saves: () =>
      calls.flatMap((c): [PartKind, PartChanges][] =>
        c.op === 'save' ? [[c.kind, c.changes]] : [],
      ),
    failNext(error) {
      failure = error;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The fake's current workspace, re-rendering the component after each write. */
export function useFakeWorkspace(fake: FakeWorkspace): Workspace {
  return useSyncExternalStore(
    (listener) => fake.subscribe(listener),
    () => fake.workspace,
  );
}
