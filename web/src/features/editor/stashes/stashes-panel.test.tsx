import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ChapterEditorProps } from '@/features/editor/chapter/chapter-editor';
import { axeViolations } from '@/testing/axe';
import { chapterEditorProps } from '@/testing/chapter-editor-props';
import { docWithParagraphs, fakeChapterHandle } from '@/testing/fake-chapter-handle';
import { renderWithProviders } from '@/testing/render-with-providers';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import { ChapterEditor } from '../chapter';
import { createChapterStashes } from './chapter-stashes';

const BOOK = 'BookDune00000000000001';

beforeAll(() => {
  // jsdom lays nothing out: a range has no boxes, so scrolling the caret into view measures none.
  const empty = () => new DOMRect();
  Range.prototype.getBoundingClientRect = empty;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await disposeTestEngines();
});

/** Screens at least this wide get the panel as a column beside the page. */
function wideScreen() {
  const real = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string) =>
    Object.assign(real(query), { matches: query.includes('min-width') }),
  );
}

function renderEditor(text: string[], overrides: Partial<ChapterEditorProps> = {}) {
  const { engine, stored } = createTestEngine();
  // The rows stay as this device wrote them (nothing sent), so their pending changes show.
  engine.outbox.pause();
  const handle = fakeChapterHandle({ doc: docWithParagraphs(...text) });
  const stashes = createChapterStashes({
    reads: engine.reads,
    writer: engine.writer,
    manuscriptId: BOOK,
    chapterId: handle.chapterId,
  });
  renderWithProviders(<ChapterEditor {...chapterEditorProps(handle, { stashes, ...overrides })} />);
  const dom = screen.getByRole<HTMLElement & { editor?: Editor }>('textbox', {
    name: 'Chapter text',
  });
  if (!dom.editor) throw new Error('no editor on the view');
  return { editor: dom.editor, stored, stashes };
}

/** Selects the text block holding `text`, whole. */
function selectBlock(editor: Editor, text: string) {
  const ranges: { from: number; to: number }[] = [];
  editor.state.doc.forEach((node, offset) => {
    if (node.textContent === text)
      ranges.push({ from: offset + 1, to: offset + node.nodeSize - 1 });
  });
  const [found] = ranges;
  if (!found) throw new Error(`no block "${text}"`);
  act(() => {
    editor.commands.setTextSelection(found);
  });
}

describe('stashes in the chapter editor', { timeout: 30_000 }, () => {
  it('moves a paragraph to the stash, inserts it back at the caret, and deletes it in two steps', async () => {
    wideScreen();
    const { editor, stored } = renderEditor(['First paragraph.', 'Second paragraph.']);
    selectBlock(editor, 'Second paragraph.');
    const move = screen.getByRole('button', { name: 'Move to stash' });
    await waitFor(() => {
      expect(move).toBeEnabled();
    });
    fireEvent.click(move);

    const panel = await screen.findByRole('complementary', { name: 'Stashes' });
    const card = await within(panel).findByTestId('stash');
    expect(card).toHaveTextContent('Second paragraph.');
    await waitFor(() => {
      expect(editor.getHTML()).toBe('<p>First paragraph.</p>');
    });
    const rows = await stored('contents');
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'stashes',
        manuscript_id: BOOK,
        chapter_id: 'chapter-1',
        content: '<p>Second paragraph.</p>',
        enabled: true,
        pending: 1,
      }),
    ]);
    expect(await axeViolations(panel)).toEqual([]);

    act(() => {
      editor.commands.setTextSelection(1);
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Insert at cursor' }));
    expect(editor.getHTML()).toBe('<p>Second paragraph.</p><p>First paragraph.</p>');

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(within(panel).getByTestId('stash')).toHaveAttribute('data-deleted', 'yes');
    });
    expect(within(panel).getByText('Deleted')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Restore' }));
    await waitFor(() => {
      expect(within(panel).getByTestId('stash')).toHaveAttribute('data-deleted', 'no');
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Delete for good' }));
    const confirm = within(panel).getByRole('alertdialog');
    expect(confirm).toHaveTextContent('cannot be brought back');
    expect(await axeViolations(panel)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    expect(await within(panel).findByText(/Nothing stashed in this chapter yet/)).toBeVisible();
    const [gone] = await stored('contents');
    expect(gone?.pending_ops).toEqual(['put', 'delete', 'undelete', 'delete', 'hard_delete']);
  });

  it('moves the selection with Ctrl-Shift-X, in a drawer on a phone, keeping its formatting', async () => {
    const { editor } = renderEditor(['Call me Ishmael today.']);
    act(() => {
      editor.commands.setTextSelection({ from: 6, to: 16 });
      editor.commands.toggleBold();
    });
    fireEvent.keyDown(editor.view.dom, { key: 'x', code: 'KeyX', ctrlKey: true, shiftKey: true });
    const drawer = await screen.findByRole('dialog', { name: 'Stashes' });
    const card = await within(drawer).findByTestId('stash');
    expect(card).toHaveTextContent('me Ishmael');
    await waitFor(() => {
      expect(editor.getHTML()).toBe('<p>Call  today.</p>');
    });
    expect(await axeViolations(drawer)).toEqual([]);
    act(() => {
      editor.commands.setTextSelection(6);
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Insert at cursor' }));
    expect(editor.getHTML()).toBe('<p>Call <strong>me Ishmael</strong> today.</p>');
  });

  it('offers no stash actions without stashes, and only reading in a read-only chapter', async () => {
    wideScreen();
    const { engine } = createTestEngine();
    await engine.writer.save('stashes', {
      manuscript_id: BOOK,
      chapter_id: 'chapter-1',
      content: '<p>Kept</p>',
    });
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Text') });
    const stashes = createChapterStashes({
      reads: engine.reads,
      writer: engine.writer,
      manuscriptId: BOOK,
      chapterId: handle.chapterId,
    });
    renderWithProviders(
      <ChapterEditor {...chapterEditorProps(handle, { stashes, canWrite: false })} />,
    );
    expect(screen.getByRole('button', { name: 'Move to stash' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Stashes' }));
    const panel = await screen.findByRole('complementary', { name: 'Stashes' });
    expect(await within(panel).findByTestId('stash')).toHaveTextContent('Kept');
    expect(within(panel).queryByRole('button', { name: 'Insert at cursor' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('has no stash buttons when the editor is not handed stashes', () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Text') });
    renderWithProviders(<ChapterEditor {...chapterEditorProps(handle)} />);
    expect(screen.queryByRole('button', { name: 'Move to stash' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stashes' })).toBeNull();
  });
});
