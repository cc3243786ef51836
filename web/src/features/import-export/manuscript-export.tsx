/**
 * The export dialog where it is opened: in the editor (the workspace's rows and its
 * local-first manuscript update) and on the manuscripts list (the rows read from this
 * device's database, loaded from the server first when the device has not got them yet).
 */
import { useEffect, useMemo } from 'react';

import { displaySetting, useSession } from '@/lib/session';
import { useLiveQuery } from '@/lib/use-live-query';
import { syncEngineFor } from '@/sync';

import { ExportDialog } from './export-dialog';
import type { ChapterLike, ExportChoice } from './export-options';

/** The manuscript row as the export reads and updates it. */
interface ManuscriptLike {
  id: string;
  title?: string;
  settings?: unknown;
  meta?: unknown;
}

/** Keeps `choice` in the manuscript's settings, the others untouched (local first). */
async function saveExportChoice(userId: string, manuscriptId: string, choice: ExportChoice) {
  const engine = syncEngineFor(userId);
  const stored = await engine.reads.manuscript(manuscriptId);
  const settings =
    stored?.settings !== null && typeof stored?.settings === 'object' ? stored.settings : {};
  await engine.port.saveManuscript({
    id: manuscriptId,
    settings: { ...settings, export: choice },
  });
}

/** Keeps `covers` as the manuscript's `meta.covers`, the rest of `meta` untouched. */
async function saveCovers(userId: string, manuscriptId: string, covers: unknown[]) {
  const engine = syncEngineFor(userId);
  const stored = await engine.reads.manuscript(manuscriptId);
  const meta = stored?.meta !== null && typeof stored?.meta === 'object' ? stored.meta : {};
  await engine.port.saveManuscript({ id: manuscriptId, meta: { ...meta, covers } });
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
  const reads = userId === null ? null : syncEngineFor(userId).reads;
  const rowQuery = useMemo(
    () => reads?.liveManuscript(manuscript.id) ?? null,
    [reads, manuscript.id],
  );
  const rowsQuery = useMemo(
    () => reads?.liveContents(manuscript.id) ?? null,
    [reads, manuscript.id],
  );
  const row = useLiveQuery(rowQuery) ?? undefined;
  const rows = useLiveQuery(rowsQuery);
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
      : (rows.filter(
          (candidate) => candidate.kind === 'chapters' && !candidate.deleted_at,
        ) as unknown as ChapterLike[]);

  return (
    <ExportDialog
      manuscript={{
        id: manuscript.id,
        title: typeof row?.title === 'string' ? row.title : manuscript.title,
        settings: row?.settings,
        meta: row?.meta,
      }}
      chapters={chapters}
      subchaptersAsScenes={user ? displaySetting(user.settings, 'subchapters_as_scenes') : false}
      saveChoice={(choice) =>
        userId === null ? Promise.resolve() : saveExportChoice(userId, manuscript.id, choice)
      }
      saveCovers={(covers) =>
        userId === null ? Promise.resolve() : saveCovers(userId, manuscript.id, covers)
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
  /** Changes the manuscript row; `settings` and `meta` merge one level deep. */
  saveManuscript(
    changes: { settings: { export: ExportChoice } } | { meta: { covers: unknown[] } },
  ): Promise<void>;
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
      saveCovers={(covers) => workspace.saveManuscript({ meta: { covers } })}
      onClose={onClose}
    />
  );
}
