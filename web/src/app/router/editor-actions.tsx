/**
 * The editor header's actions that other features add, composed here: import and export (loaded
 * after the editor, so the chapter's text never waits for them) and My Stats.
 */
import { lazy } from 'react';

import type { Workspace } from '@/features/editor/workspace/types';
import { MyStatsButton } from '@/features/my-stats/my-stats-button';

const EditorImportExport = lazy(() =>
  import('@/features/import-export').then((m) => ({ default: m.EditorImportExport })),
);

export function EditorActions({ workspace }: { workspace: Workspace }) {
  return (
    <>
      <EditorImportExport workspace={workspace} />
      <MyStatsButton />
    </>
  );
}
