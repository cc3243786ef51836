/**
 * The editor header's actions that other features add, composed here (features never import
 * each other): story elements, research, import and export, the to-dos, Quick Notes and My
 * Stats. The router loads this module after the editor, so the chapter's text never waits for
 * them.
 */
import type { ComponentProps } from 'react';

import type { WorkspaceActions } from '@/features/editor/manuscript-page';
import { EditorElements } from '@/features/elements';
import { EditorImportExport } from '@/features/import-export';
import { MyStatsButton } from '@/features/my-stats/my-stats-button';
import { EditorQuickNotes } from '@/features/notes';
import { EditorResearch } from '@/features/research';
import { EditorTodos } from '@/features/todos';

export function EditorActions({ workspace, chapterId }: ComponentProps<WorkspaceActions>) {
  return (
    <>
      <EditorElements workspace={workspace} />
      <EditorResearch workspace={workspace} />
      <EditorImportExport workspace={workspace} />
      <EditorTodos workspace={workspace} chapterId={chapterId} />
      <EditorQuickNotes workspace={workspace} />
      <MyStatsButton />
    </>
  );
}
