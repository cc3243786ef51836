/**
 * Where the editor's parts get this device's data: the read port, the one local writer, the
 * manuscripts port (the manuscript row's own writes) and the loader's fetch of a manuscript —
 * the signed-in user's engine, or what a test provides. The editor never opens the database.
 */
import { createContext, use } from 'react';
import type { ReactNode } from 'react';

import { useSession } from '@/lib/session';
import type { LocalWriter, ManuscriptsPort, ReadPort } from '@/storage';
import { syncEngineFor } from '@/sync';
import type { SyncEngine } from '@/sync';

export interface EditorData {
  reads: ReadPort;
  writer: LocalWriter;
  manuscripts: Pick<ManuscriptsPort, 'saveManuscript'>;
  /** Fetches the manuscript's rows from the server into this device's store. */
  loadManuscript(manuscriptId: string): Promise<unknown>;
}

const EditorDataContext = createContext<EditorData | null>(null);

/** Puts given data under the editor (tests). */
export function EditorDataProvider({ data, children }: { data: EditorData; children: ReactNode }) {
  return <EditorDataContext value={data}>{children}</EditorDataContext>;
}

const ofEngine = new WeakMap<SyncEngine, EditorData>();

/** The editor's view of an engine (one object per engine, so hooks see it stay the same). */
export function editorDataOf(engine: SyncEngine): EditorData {
  let data = ofEngine.get(engine);
  if (!data) {
    data = {
      reads: engine.reads,
      writer: engine.writer,
      manuscripts: engine.port,
      loadManuscript: (manuscriptId) => engine.loader.loadManuscript(manuscriptId),
    };
    ofEngine.set(engine, data);
  }
  return data;
}

/** The provided data, else that of `userId`. */
export function useEditorData(userId: string): EditorData {
  return use(EditorDataContext) ?? editorDataOf(syncEngineFor(userId));
}

/** The provided data, else the signed-in user's; `null` while nobody is signed in. */
export function useSignedInEditorData(): EditorData | null {
  const provided = use(EditorDataContext);
  const { user } = useSession();
  if (provided) return provided;
  return user ? editorDataOf(syncEngineFor(user.id)) : null;
}
