/**
 * `ElementsStore`: a manuscript's story elements and element groups, live through the read port,
 * and every change to them through the local writer (local first; the outbox sends them, other
 * devices see them live). Custom types and known tags are the manuscript's settings.
 */
import type { ElementMeta, ElementRecord } from '@/lib/elements';
import { readElement, readElementMeta } from '@/lib/elements';
import { inTurns } from '@/lib/in-turns';
import { mapLive, newId } from '@/storage';
import type { EntityWriter, LiveQuery, LocalRecord, ReadPort } from '@/storage';

import { nextOrder } from './board-rules';

/** What the elements screens need of the editor's workspace. */
export interface ElementsWorkspace {
  manuscript: { id: string; settings?: Record<string, unknown> };
  /** The manuscript's chapters and subchapters outside the trash: where mentions are. */
  chapters: readonly { id: string }[];
  writer: EntityWriter;
  reads: Pick<ReadPort, 'liveParts' | 'part'>;
  /** False for a Viewer or Commenter: the screens are read-only. */
  canWrite: boolean;
  /** Merges `settings` one level deep into the manuscript's. */
  saveManuscript: (changes: { settings: Record<string, unknown> }) => Promise<void>;
}

export interface ElementGroup {
  id: string;
  name: string;
  _order: number;
}

/** What an edit may change of an element; `meta` keys merge into the stored meta. */
export interface ElementChanges {
  name?: string;
  group_id?: string | null;
  _order?: number;
  meta?: Partial<ElementMeta>;
}

export interface ElementsStore {
  /** Every element of the manuscript, those in the trash included. */
  liveElements: LiveQuery<ElementRecord[]>;
  /** The live element groups (groups of type `elements`). */
  liveGroups: LiveQuery<ElementGroup[]>;
  /** Keeps a new element; resolves to its id. */
  create(
    fields: { name: string; group_id: string | null; meta: ElementMeta },
    all: readonly ElementRecord[],
  ): Promise<string>;
  update(id: string, changes: ElementChanges): Promise<void>;
  /** Changes one meta field from its value as stored when this write's turn comes. */
  changeMeta<K extends keyof ElementMeta>(
    id: string,
    key: K,
    change: (value: ElementMeta[K]) => ElementMeta[K],
  ): Promise<void>;
  trash(id: string): Promise<void>;
  recover(id: string): Promise<void>;
  hardDelete(id: string): Promise<void>;
  /** Removes an element for good from outside the trash too (a new one whose mentions failed). */
  discard(id: string): Promise<void>;
  createGroup(name: string, groups: readonly ElementGroup[]): Promise<string>;
  renameGroup(id: string, name: string): Promise<void>;
  /** The group into the trash; its elements move out of it, after the elements in no group. */
  trashGroup(id: string, all: readonly ElementRecord[]): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const live = (row: LocalRecord) => row.deleted_at === null || row.deleted_at === undefined;

export function createElementsStore(deps: {
  manuscriptId: string;
  writer: EntityWriter;
  reads: ElementsWorkspace['reads'];
}): ElementsStore {
  const { writer, reads, manuscriptId } = deps;
  // One edit at a time, so a meta change reads what the previous one stored.
  const inTurn = inTurns();

  async function update(id: string, changes: ElementChanges): Promise<void> {
    await inTurn(async () => {
      const stored = await reads.part('elements', id);
      const { meta, ...fields } = changes;
      const storedMeta = isRecord(stored?.meta) ? stored.meta : {};
      await writer.save('elements', {
        id,
        manuscript_id: manuscriptId,
        ...fields,
        ...(meta ? { meta: { ...storedMeta, ...meta } } : {}),
      });
    });
  }

  async function changeMeta<K extends keyof ElementMeta>(
    id: string,
    key: K,
    change: (value: ElementMeta[K]) => ElementMeta[K],
  ): Promise<void> {
    await inTurn(async () => {
      const stored = await reads.part('elements', id);
      const storedMeta = isRecord(stored?.meta) ? stored.meta : {};
      const next = change(readElementMeta(storedMeta)[key]);
      await writer.save('elements', {
        id,
        manuscript_id: manuscriptId,
        meta: { ...storedMeta, [key]: next },
      });
    });
  }

  return {
    changeMeta,
    liveElements: mapLive(reads.liveParts('elements', manuscriptId), (rows) =>
      rows.map((row) => readElement(row)),
    ),
    liveGroups: mapLive(reads.liveParts('groups', manuscriptId), (rows) =>
      rows
        .filter((row) => live(row) && row.type === 'elements')
        .map((row) => ({
          id: row.id,
          name: typeof row.name === 'string' ? row.name : '',
          _order: typeof row._order === 'number' ? row._order : 0,
        }))
        .sort((a, b) => a._order - b._order),
    ),
    async create(fields, all) {
      const id = newId();
      const live = all.filter((element) => element.deleted_at === null);
      await inTurn(() =>
        writer.save('elements', {
          id,
          manuscript_id: manuscriptId,
          name: fields.name,
          group_id: fields.group_id,
          _order: nextOrder(live, fields.group_id),
          meta: fields.meta,
        }),
      );
      return id;
    },
    update,
    trash: (id) => inTurn(() => writer.trash('elements', id)),
    recover: (id) => inTurn(() => writer.recover('elements', id)),
    hardDelete: (id) => inTurn(() => writer.hardDelete('elements', id)),
    // The writer deletes for good only from the trash.
    discard: (id) =>
      inTurn(async () => {
        await writer.trash('elements', id);
        await writer.hardDelete('elements', id);
      }),
    async createGroup(name, groups) {
      const id = newId();
      const order = groups.length === 0 ? 0 : Math.max(...groups.map((g) => g._order)) + 1;
      await writer.save('groups', {
        id,
        manuscript_id: manuscriptId,
        name,
        type: 'elements',
        _order: order,
      });
      return id;
    },
    async renameGroup(id, name) {
      await writer.save('groups', { id, manuscript_id: manuscriptId, name });
    },
    async trashGroup(id, all) {
      const live = all.filter((element) => element.deleted_at === null);
      let order = nextOrder(live, null);
      for (const element of live.filter((e) => e.group_id === id)) {
        await update(element.id, { group_id: null, _order: order });
        order += 1;
      }
      await writer.trash('groups', id);
    },
  };
}
