/**
 * `useWorkspace`: the editor's `Workspace` of one manuscript, from the editor's data (the read
 * port's live rows, the local writer) — the page never opens the database itself.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { keepEqual } from '@/lib/keep-equal';
import type { SessionUser } from '@/lib/session';
import { displaySetting } from '@/lib/session';
import { useLiveQuery } from '@/lib/use-live-query';
import { mapLive } from '@/storage';
import type { LiveQuery, LocalRecord } from '@/storage';

import { workspaceAccess } from './access';
import { useEditorData } from './editor-data';
import type {
  ChapterRow,
  EditorUserSettings,
  GroupRow,
  ManuscriptRow,
  OutlineRow,
  Workspace,
} from './types';
import { mergeManuscriptChanges } from './types';

export type WorkspaceState =
  | { status: 'loading'; workspace: null }
  | { status: 'missing'; workspace: null }
  | { status: 'ready'; workspace: Workspace };

interface Structure {
  groups: GroupRow[];
  outlines: OutlineRow[];
  chapters: ChapterRow[];
}

function structureOf(rows: LocalRecord[], userId: string): Structure {
  const structure: Structure = { groups: [], outlines: [], chapters: [] };
  for (const row of rows) {
    if (row.user_id !== userId || (row.deleted_at ?? null) !== null) continue;
    if (row.kind === 'groups') structure.groups.push(row as GroupRow);
    else if (row.kind === 'outlines') structure.outlines.push(row as OutlineRow);
    else if (row.kind === 'chapters') structure.chapters.push(row as ChapterRow);
  }
  return structure;
}

/**
 * What storage writes as a row is queued, sent and acknowledged: each write changes them
 * twice more, and nothing on the screen reads them (the writer keeps its own).
 */
const SYNC_MARKS = new Set([
  'pending',
  'pending_ops',
  'updated_at',
  'synced_at',
  'last_synced_device_id',
]);

/**
 * `next` as the screen is handed it: `previous` when they differ in sync marks only, else
 * `next` sharing what equals `previous` (`keepEqual`).
 */
function keepShown<T extends LocalRecord | null>(previous: T | undefined, next: T): T {
  if (previous === undefined || previous === null || next === null) return next;
  const kept = keepEqual(previous, next);
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  const changed = [...keys].some((key) => !SYNC_MARKS.has(key) && kept[key] !== previous[key]);
  return changed ? kept : previous;
}

function keepShownRows(previous: LocalRecord[] | undefined, next: LocalRecord[]): LocalRecord[] {
  const byId = new Map(previous?.map((row) => [row.id, row]));
  const rows = next.map((row) => keepShown(byId.get(row.id), row));
  const same = previous?.length === rows.length && rows.every((row, i) => row === previous[i]);
  return same ? previous : rows;
}

/*
 * A live query hands out new rows on every write, even one that changed nothing (the
 * remembered chapter written again, a row marked as sent); and a write of one row renews them
 * all. The screen is handed the last answer's rows where only sync marks changed
 * (`keepShown`), so its memoised parts see by `===` what changed, and an answer that changed
 * nothing renders nothing. The hook's own rules read the manuscript as stored.
 */

interface ShownManuscript {
  stored: LocalRecord | null;
  shown: LocalRecord | null;
}

function shownManuscript(query: LiveQuery<LocalRecord | null>): LiveQuery<ShownManuscript> {
  let last: ShownManuscript | undefined;
  return mapLive(query, (row) => {
    const stored = keepEqual(last?.stored, row);
    const shown = keepShown(last?.shown, stored);
    if (last?.stored !== stored || last.shown !== shown) last = { stored, shown };
    return last;
  });
}

function shownRows(query: LiveQuery<LocalRecord[]>): LiveQuery<LocalRecord[]> {
  let last: LocalRecord[] | undefined;
  return mapLive(query, (found) => {
    last = keepShownRows(last, found);
    return last;
  });
}

export function editorUserSettings(user: SessionUser): EditorUserSettings {
  const settings = user.settings;
  return {
    subchaptersAsScenes: displaySetting(settings, 'subchapters_as_scenes'),
    hideHeader: settings.hide_header ?? false,
    hideSavingIndicator: displaySetting(settings, 'hide_saving_indicator'),
    floatingToolbar: displaySetting(settings, 'show_floating_toolbar_on_editor_right_side'),
  };
}

/**
 * The manuscript `manuscriptId` and its structure, live from this device's store (so the
 * editor opens offline) through the read port, with the local writer's writes. A manuscript
 * whose contents this device has not loaded yet is fetched once; `missing` when neither has it.
 */
export function useWorkspace(manuscriptId: string, user: SessionUser): WorkspaceState {
  const userId = user.id;
  const data = useEditorData(userId);
  const manuscriptRow = useLiveQuery(
    useMemo(() => shownManuscript(data.reads.liveManuscript(manuscriptId)), [data, manuscriptId]),
  );
  const manuscript = manuscriptRow?.stored;
  const rows = useLiveQuery(
    useMemo(() => shownRows(data.reads.liveContents(manuscriptId)), [data, manuscriptId]),
  );
  /** The manuscript whose server fetch ended (done, or failed offline). */
  const [fetched, setFetched] = useState<string | null>(null);
  const requested = useRef<string | null>(null);

  const mine = manuscript?.user_id === userId ? manuscript : null;
  const shown = mine ? (manuscriptRow?.shown ?? null) : null;
  const structure = useMemo(() => (rows ? structureOf(rows, userId) : null), [rows, userId]);
  // A manuscript made on this device gets its first chapter from the server (every new
  // manuscript gets one): once the server has the manuscript, its contents are fetched.
  const awaitsFirstChapter =
    mine !== null && mine.pending === 0 && structure !== null && structure.chapters.length === 0;
  const needsContents =
    manuscript !== undefined && (!mine || mine.content_loaded === false || awaitsFirstChapter);

  useEffect(() => {
    if (!needsContents || requested.current === manuscriptId) return;
    requested.current = manuscriptId;
    data
      .loadManuscript(manuscriptId)
      .catch((error: unknown) => {
        // Offline, or the server refused: what this device holds is shown.
        console.warn('Could not load the manuscript from the server.', error);
      })
      .finally(() => {
        setFetched(manuscriptId);
      });
  }, [data, manuscriptId, needsContents]);
  const fetch = fetched === manuscriptId ? 'done' : 'running';

  const userSettings = useMemo(() => editorUserSettings(user), [user]);
  // One function per manuscript: parts may name it in their effects' dependencies.
  const keepOnDevice = useCallback(
    (changes: Record<string, unknown>) => data.writer.keepOnDevice(manuscriptId, changes),
    [data, manuscriptId],
  );

  const workspace = useMemo<Workspace | null>(() => {
    if (!shown || !structure) return null;
    const row = shown as ManuscriptRow;
    return {
      userId,
      manuscript: row,
      ...structure,
      writer: data.writer,
      reads: data.reads,
      async saveManuscript(changes, options) {
        // Documents merge one level deep, so a part's change keeps the other settings.
        const stored = (await data.reads.manuscript(row.id)) as ManuscriptRow | undefined;
        await data.manuscripts.saveManuscript(
          { ...mergeManuscriptChanges(stored, changes), id: row.id },
          options,
        );
      },
      keepOnDevice,
      ...workspaceAccess(row),
      userSettings,
    };
  }, [shown, structure, data, userId, userSettings, keepOnDevice]);

  if (workspace) return { status: 'ready', workspace };
  if (manuscript === undefined || rows === undefined) return { status: 'loading', workspace: null };
  if (!mine && fetch !== 'done') return { status: 'loading', workspace: null };
  if (!mine) return { status: 'missing', workspace: null };
  return { status: 'loading', workspace: null };
}
