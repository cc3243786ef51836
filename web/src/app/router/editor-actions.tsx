/**
 * The editor header's actions that other features add, composed here (features never import
 * each other): story elements, research, import and export, the to-dos, Quick Notes and My
 * Stats. The router loads this module after the editor, so the chapter's text never waits for
 * them.
 */
import { useMemo, type ComponentProps } from 'react';

import { chaptersInBinderOrder } from '@/features/editor/binder/binder-filter';
import type { WorkspaceActions } from '@/features/editor/manuscript-page';
import { EditorElements } from '@/features/elements';
import { EditorImportExport } from '@/features/import-export';
import { MyStatsButton } from '@/features/my-stats/my-stats-button';
import { EditorQuickNotes } from '@/features/notes';
import { EditorResearch } from '@/features/research';
import { EditorTodos } from '@/features/todos';
import { collabConnectionFor, mentionIndexFor } from '@/sync';

export function EditorActions({ workspace, chapterId }: ComponentProps<WorkspaceActions>) {
  const { userId, manuscript, groups, outlines, chapters } = workspace;
  // The chapters' texts as the editor opens them: the story elements' mentions are made there.
  const texts = useMemo(() => collabConnectionFor(userId), [userId]);
  // An element's "Appears in" lists the chapters as the binder does.
  const appearsIn = useMemo(
    () => ({
      index: mentionIndexFor(userId, manuscript.id),
      chapters: chaptersInBinderOrder({ groups, outlines, chapters }),
    }),
    [userId, manuscript.id, groups, outlines, chapters],
  );
  return (
    <>
      <EditorElements workspace={workspace} texts={texts} appearsIn={appearsIn} />
      <EditorResearch workspace={workspace} />
      <EditorImportExport workspace={workspace} />
      <EditorTodos workspace={workspace} chapterId={chapterId} />
      <EditorQuickNotes workspace={workspace} />
      <MyStatsButton />
    </>
  );
}
