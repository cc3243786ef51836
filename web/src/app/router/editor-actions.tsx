/**
 * The editor header's actions that other features add, composed here (features never import
 * each other): story elements, research, import and export, the to-dos, Quick Notes and My
 * Stats. The router loads this module after the editor, so the chapter's text never waits for
 * them.
 */
import { useMemo, type ComponentProps } from 'react';

import { chaptersInBinderOrder } from '@/features/editor/binder/binder-filter';
import type { WorkspaceActions } from '@/features/editor/manuscript-page';
import { EditorElements, type ChapterTexts } from '@/features/elements';
import { EditorImportExport } from '@/features/import-export';
import { MyStatsButton } from '@/features/my-stats/my-stats-button';
import { EditorQuickNotes } from '@/features/notes';
import { EditorResearch } from '@/features/research';
import { EditorTodos } from '@/features/todos';
import { collabConnectionFor, mentionIndexFor } from '@/sync';

/** How long a change to every chapter waits for one chapter's server copy before using this device's. */
const CHAPTER_SYNC_WAIT_MS = 10_000;

export function EditorActions({ workspace, chapterId }: ComponentProps<WorkspaceActions>) {
  const { userId, manuscript, groups, outlines, chapters } = workspace;
  // The chapters' texts as the editor opens them, each brought up to the server's copy first
  // when online: the story elements' mentions are made there, in all of the text.
  const texts = useMemo((): ChapterTexts => {
    const connection = collabConnectionFor(userId);
    return {
      async open(chapterId) {
        const chapter = await connection.open(chapterId);
        await chapter.serverSynced(CHAPTER_SYNC_WAIT_MS);
        return chapter;
      },
    };
  }, [userId]);
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
