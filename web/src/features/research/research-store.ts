/**
 * `ResearchStore`: a manuscript's research, live through the read port, and every change to it
 * through the local writer (local first; the outbox sends it, other devices see it live). Item
 * edits apply to the items as stored when their turn comes, one write at a time.
 */
import { inTurns } from '@/lib/in-turns';
import { mapLive, newId } from '@/storage';
import type { EntityWriter, LiveQuery, LocalRecord, ReadPort } from '@/storage';

import type { ResearchItem, ResearchRecord } from './research-rules';
import { nextOrder, readItems, readResearch } from './research-rules';

/** What the research screens need of the editor's workspace. */
export interface ResearchWorkspace {
  manuscript: { id: string };
  writer: EntityWriter;
  reads: Pick<ReadPort, 'liveParts' | 'part'>;
  /** False for a Viewer or Commenter: the screens are read-only. */
  canWrite: boolean;
}

/** What an edit may change of a research (its items change through `changeItems`). */
export interface ResearchChanges {
  name?: string;
  cover?: string;
  description?: string;
  _order?: number;
}

export interface ResearchStore {
  /** Every research of the manuscript, those in the trash included. */
  live: LiveQuery<ResearchRecord[]>;
  /** Keeps a new research named `name` after the others; resolves to its id. */
  create(name: string, all: readonly ResearchRecord[]): Promise<string>;
  update(id: string, changes: ResearchChanges): Promise<void>;
  /** Changes the items from their list as stored when this write's turn comes. */
  changeItems(id: string, change: (items: ResearchItem[]) => ResearchItem[]): Promise<void>;
  trash(id: string): Promise<void>;
  recover(id: string): Promise<void>;
  hardDelete(id: string): Promise<void>;
}

export function createResearchStore(deps: {
  manuscriptId: string;
  writer: EntityWriter;
  reads: ResearchWorkspace['reads'];
}): ResearchStore {
  const { writer, reads, manuscriptId } = deps;
  // One edit at a time, so a change reads what the previous one stored.
  const inTurn = inTurns();
  const save = (fields: Record<string, unknown> & { id: string }) =>
    writer.save('researches', { manuscript_id: manuscriptId, ...fields });

  return {
    live: mapLive(reads.liveParts('researches', manuscriptId), (rows: LocalRecord[]) =>
      rows.map((row) => readResearch(row)),
    ),
    async create(name, all) {
      const id = newId();
      const live = all.filter((research) => research.deleted_at === null);
      await inTurn(() =>
        save({
          id,
          name,
          cover: '',
          description: '',
          items: [],
          meta: {},
          _order: nextOrder(live.map((research) => research._order)),
        }),
      );
      return id;
    },
    async update(id, changes) {
      await inTurn(() => save({ id, ...changes }));
    },
    changeItems: (id, change) =>
      inTurn(async () => {
        const stored = await reads.part('researches', id);
        await save({ id, items: change(readItems(stored?.items)) });
      }),
    trash: (id) => inTurn(() => writer.trash('researches', id)),
    recover: (id) => inTurn(() => writer.recover('researches', id)),
    hardDelete: (id) => inTurn(() => writer.hardDelete('researches', id)),
  };
}
