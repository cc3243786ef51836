/**
 * Where Quick Notes read and write this device's notes: the signed-in user's read port and
 * local writer (the outbox sends), or what a test provides. Notes never open the database.
 */
import { createContext, use } from 'react';
import type { ReactNode } from 'react';

import type { EntityWriter, ReadPort } from '@/storage';
import { syncEngineFor } from '@/sync';

export interface NotesData {
  reads: ReadPort;
  writer: EntityWriter;
}

const NotesDataContext = createContext<NotesData | null>(null);

/** Puts given data under the notes' screens (tests). */
export function NotesDataProvider({ data, children }: { data: NotesData; children: ReactNode }) {
  return <NotesDataContext value={data}>{children}</NotesDataContext>;
}

/** The provided data, else the engine of `userId`. */
export function useNotesData(userId: string): NotesData {
  const provided = use(NotesDataContext);
  if (provided) return provided;
  const engine = syncEngineFor(userId);
  return { reads: engine.reads, writer: engine.writer };
}
