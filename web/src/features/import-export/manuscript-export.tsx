/**
 * The export dialog where it is opened: in the editor (the workspace's rows and its
 * local-first manuscript update) and on the manuscripts list (the rows read from this
 * device's database, loaded from the server first when the device has not got them yet).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import { displaySetting, useSession } from '@/lib/session';
import { appDatabase } from '@/storage';
import { syncEngineFor } from '@/sync';

import { ExportDialog } from './export-dialog';
import type { ChapterLike, ExportChoice } from './export-options';

/** The manuscript row as the export reads and updates it. */
interface ManuscriptLike {
  id: string;
  title?: string;
  settings?: unknown;
}

/** Keeps `choice` in the manuscript's settings, the others untouched (local first). */
async function saveExportChoice(userId: string, manuscriptId: string, choice: ExportChoice) {
  const stored = await appDatabase().manuscripts.get(manuscriptId);
  const settings =
    stored?.settings !== null && typeof stored?.settings === 'object' ? stored.settings : {};
  await syncEngineFor(userId).port.saveManuscript({
    id: manuscriptId,
    settings: { ...settings, export: choice },
  });
}

/** The export dialog of a manuscript of the list, by id. */
export function ShelfExportDialog({
  manuscript,
  onClose,
}: {
  manuscript: { id: string; title: string };
  onClose: () => void;
}) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const row = useLiveQuery(() => appDatabase().manuscripts.get(manuscript.id), [manuscript.id]);
  const rows = useLiveQuery(
    () => appDatabase().contents.where('manuscript_id').equals(manuscript.id).toArray(),
    [manuscript.id],
  );
  const needsLoad = row?.content_loaded === false;
  useEffect(() => {
    if (!needsLoad || userId === null) return;
    syncEngineFor(userId)
      .loader.loadManuscript(manuscript.id)
      .catch((error: unknown) => {
        console.warn('Could not load the manuscript’s chapters.', error);
      });
  }, [needsLoad, userId, manuscript.id]);
  const chapters =
    rows === undefined || needsLoad
      ? null
      : (rows.filter((candidate) => candidate.kind === 'chapters') as unknown as ChapterLike[]);

  return (
    <ExportDialog
      manuscript={{
        id: manuscript.id,
        title: row?.title ?? manuscript.title,
        settings: row?.settings,
      }}
      chapters={chapters}
      subchaptersAsScenes={user ? displaySetting(user.settings, 'subchapters_as_scenes') : false}
      saveChoice={(choice) =>
        userId === null ? Promise.resolve() : saveExportChoice(userId, manuscript.id, choice)
      }
      onClose={onClose}
    />
  );
}

/** What the editor hands its header's actions (a part of its workspace). */
export interface WorkspaceLike {
  manuscript: ManuscriptLike;
  chapters: readonly ChapterLike[];
  canWrite: boolean;
  userSettings: { subchaptersAsScenes: boolean };
  saveManuscript(changes: { settings: { export: ExportChoice } }): Promise<void>;
}

export function WorkspaceExportDialog({
  workspace,
  onClose,
}: {
  workspace: WorkspaceLike;
  onClose: () => void;
}) {
  return (
    <ExportDialog
      manuscript={workspace.manuscript}
      chapters={workspace.chapters}
      subchaptersAsScenes={workspace.userSettings.subchaptersAsScenes}
      saveChoice={(choice) => workspace.saveManuscript({ settings: { export: choice } })}
      onClose={onClose}
    />
  );
}
