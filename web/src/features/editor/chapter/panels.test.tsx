import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { chapterEditorProps } from '@/testing/chapter-editor-props';
import {
  docWithParagraphs,
  fakeChapterHandle,
  type FakeChapterHandle,
} from '@/testing/fake-chapter-handle';
import { renderWithProviders } from '@/testing/render-with-providers';
import { commentsStore, footnotesStore, pageDimensions, pageSetupFrom } from '@/text-editor';

import type { ChapterEditorProps } from './chapter-editor';
import { ChapterEditor } from './index';
import { MM_PX, pageFit, sheetStyle } from './page-sheet';

function renderEditor(
  handle: FakeChapterHandle,
  overrides: Partial<ChapterEditorProps> = {},
  strict = false,
) {
  const props = chapterEditorProps(handle, overrides);
  renderWithProviders(
    strict ? (
      <StrictMode>
        <ChapterEditor {...props} />
      </StrictMode>
    ) : (
      <ChapterEditor {...props} />
    ),
  );
  const dom = screen.getByRole<HTMLElement & { editor?: Editor }>('textbox', {
    name: 'Chapter text',
  });
  if (!dom.editor) throw new Error('no editor on the view');
  return { props, editor: dom.editor };
}

describe('chapter editor panels', { timeout: 30_000 }, () => {
  it('adds a comment on the selection, replies, resolves and deletes it', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Anchor this word') });
    const { editor } = renderEditor(handle);
    act(() => {
      editor.commands.setTextSelection({ from: 8, to: 12 });
    });
    // The toolbar follows the selection a frame later.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Comment' })).toBeEnabled();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    // The comments panel's code loads when it first opens.
    fireEvent.change(await screen.findByRole('textbox', { name: 'New comment' }), {
      target: { value: 'Vague?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));

    const [thread] = commentsStore(handle.doc).list();
    expect(thread).toMatchObject({
      body: 'Vague?',
      authorId: 'u1',
      authorName: 'Ana',
      resolved: false,
    });
    expect(editor.getHTML()).toContain(
      `<span data-comment-id="${thread?.id ?? ''}" class="comment-anchor">this</span>`,
    );

    const card = await screen.findByTestId('comment-thread');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Reply' }), {
      target: { value: 'Yes' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    await waitFor(() => {
      expect(
        commentsStore(handle.doc)
          .list()[0]
          ?.replies.map((r) => r.body),
      ).toEqual(['Yes']);
    });

    fireEvent.click(within(card).getByRole('button', { name: 'Resolve' }));
    expect(commentsStore(handle.doc).list()[0]?.resolved).toBe(true);
    await waitFor(() => {
      expect(screen.queryByTestId('comment-thread')).not.toBeInTheDocument();
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show resolved' }));
    fireEvent.click(
      within(await screen.findByTestId('comment-thread')).getByRole('button', { name: 'Delete' }),
    );
    expect(commentsStore(handle.doc).list()).toEqual([]);
    expect(editor.getHTML()).toBe('<p>Anchor this word</p>');
  });

  it('lets a Commenter comment on a text it cannot change, and delete only its own threads', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Anchor this word') });
    commentsStore(handle.doc).add({ id: 'u9', name: 'Writer' }, 'A note of the writer');
    const { editor } = renderEditor(handle, { canWrite: false, canComment: true });
    expect(editor.isEditable).toBe(false);
    act(() => {
      editor.commands.setTextSelection({ from: 8, to: 12 });
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Comment' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    // The comments panel's code loads when it first opens.
    fireEvent.change(await screen.findByRole('textbox', { name: 'New comment' }), {
      target: { value: 'Vague?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));

    const mine = commentsStore(handle.doc)
      .list()
      .find((thread) => thread.authorId === 'u1');
    expect(mine?.body).toBe('Vague?');
    expect(editor.getHTML()).toContain(
      `<span data-comment-id="${mine?.id ?? ''}" class="comment-anchor">this</span>`,
    );
    const cards = await screen.findAllByTestId('comment-thread');
    const deletable = cards.filter((card) =>
      within(card).queryByRole('button', { name: 'Delete' }),
    );
    expect(deletable).toHaveLength(1);
    expect(deletable[0]).toHaveTextContent('Vague?');
  });

  it('gives a Viewer no comment button', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Anchor this word') });
    const { editor } = renderEditor(handle, { canWrite: false, canComment: false });
    act(() => {
      editor.commands.setTextSelection({ from: 8, to: 12 });
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();
    });
  });

  it('inserts a footnote at the caret and lists its body, numbered, editable', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('A claim.') });
    const { editor } = renderEditor(handle);
    act(() => {
      editor.commands.setTextSelection(9);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Footnote' }));
    const body = await screen.findByRole('textbox', { name: 'Footnote 1' }, { timeout: 3000 });
    fireEvent.change(body, { target: { value: 'Source: me.' } });
    const store = footnotesStore(handle.doc);
    const [id] = store.ids();
    expect(id).toBeDefined();
    expect(store.body(id ?? '')).toBe('Source: me.');
    expect(editor.getHTML()).toContain(
      `<sup data-id="${id ?? ''}" data-type="footnote" class="footnote-ref"></sup>`,
    );
  });

  it('opens find and replace and replaces every match', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('grey sky, grey sea') });
    const { editor } = renderEditor(handle);
    fireEvent.click(screen.getByRole('button', { name: 'Find and replace' }));
    // The find panel's code loads when it first opens.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Find' }), {
      target: { value: 'grey' },
    });
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Replace with' }), {
      target: { value: 'gray' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Replace all' }));
    expect(editor.getText()).toBe('gray sky, gray sea');
    fireEvent.click(screen.getByRole('button', { name: 'Close find and replace' }));
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('finds and replaces in the footnotes too, after the text', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('grey sky') });
    const { editor } = renderEditor(handle);
    act(() => {
      editor.commands.setTextSelection(9);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Footnote' }));
    const note = await screen.findByRole('textbox', { name: 'Footnote 1' }, { timeout: 3000 });
    fireEvent.change(note, { target: { value: 'A grey morning, grey again.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Find and replace' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Find' }), {
      target: { value: 'GREY' },
    });
    expect(await screen.findByText('1 of 3')).toBeInTheDocument();
    expect(note).not.toHaveAttribute('data-find-current');
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    expect(note).toHaveAttribute('data-find-current');
    expect([
      (note as HTMLTextAreaElement).selectionStart,
      (note as HTMLTextAreaElement).selectionEnd,
    ]).toEqual([2, 6]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Replace with' }), {
      target: { value: 'gray' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(footnotesStore(handle.doc).body(footnotesStore(handle.doc).ids()[0] ?? '')).toBe(
      'A gray morning, grey again.',
    );
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Replace all' }));
    expect(editor.getText()).toBe('gray sky');
    expect(note).toHaveValue('A gray morning, gray again.');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('closes the find bar with Escape wherever the focus is, then leaves focus mode', async () => {
    const onFocusModeChange = vi.fn();
    renderEditor(fakeChapterHandle({ doc: docWithParagraphs('text') }), {
      focusMode: true,
      onFocusModeChange,
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chapter text' }), {
      key: 'f',
      ctrlKey: true,
    });
    const matchCase = await screen.findByRole('checkbox', { name: 'Match case' });
    matchCase.focus();
    fireEvent.keyDown(matchCase, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('search')).not.toBeInTheDocument();
    });
    expect(onFocusModeChange).not.toHaveBeenCalled();

    // The button that turned focus mode on is gone: the focus is nowhere in the editor.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onFocusModeChange).toHaveBeenCalledWith(false);
  });

  it('opens replace with Mod-h inside the editor', async () => {
    renderEditor(fakeChapterHandle({ doc: docWithParagraphs('text') }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chapter text' }), {
      key: 'h',
      ctrlKey: true,
    });
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Replace with' })).toBeInTheDocument();
  });

  it('opens find with Mod-f in a read-only chapter, without replace', async () => {
    renderEditor(fakeChapterHandle({ doc: docWithParagraphs('text'), status: 'read-only' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chapter text' }), {
      key: 'f',
      ctrlKey: true,
    });
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Replace with' })).not.toBeInTheDocument();
  });

  it('shows the floating toolbar only when the setting is on', () => {
    renderEditor(fakeChapterHandle(), { floatingToolbar: true });
    expect(screen.getByRole('toolbar', { name: 'Quick formatting' })).toBeInTheDocument();
  });

  it('undo works after React’s strict double mount, and undoes only local edits', () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Base.') });
    const { editor } = renderEditor(handle, {}, true);
    act(() => {
      editor.commands.insertContentAt(6, ' Mine.');
    });
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(handle.doc));
    const paragraph = remote.getXmlFragment('default').get(0) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert(0, 'Theirs. ');
    act(() => {
      Y.applyUpdate(handle.doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(handle.doc)));
    });
    expect(editor.getText()).toBe('Theirs. Base. Mine.');
    act(() => {
      editor.commands.undo();
    });
    expect(editor.getText()).toBe('Theirs. Base.');
  });

  it('saves the page setup as settings.page and draws the sheet from it', async () => {
    const onPageSetupChange = vi.fn();
    renderEditor(fakeChapterHandle(), {
      onPageSetupChange,
      settings: {
        page: { paper_size: 'a4', orientation: 'portrait', margins: 20, page_color: '#fdf6e3' },
      },
    });
    const sheet = screen.getByTestId('chapter-sheet');
    expect(sheet.style.width).toBe('210mm');
    expect(sheet.style.padding).toBe('20mm');
    fireEvent.click(screen.getByRole('button', { name: 'Page setup' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Landscape'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Top' }), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onPageSetupChange).toHaveBeenCalledWith({
      orientation: 'landscape',
      paper_size: 'a4',
      page_color: '#fdf6e3',
      margins: { top: 25, right: 20, bottom: 20, left: 20 },
    });
  });
});

describe('page drawing', () => {
  it('defaults to letter portrait with 10 mm margins and a line every page height', () => {
    const setup = pageSetupFrom(undefined);
    expect(pageDimensions(setup)).toEqual({ width: 215.9, height: 279.4 });
    const style = sheetStyle(setup);
    expect(style.width).toBe('215.9mm');
    expect(style.padding).toBe('10mm 10mm 10mm 10mm');
    expect(String(style.backgroundImage)).toContain('279.4mm');
  });

  it('scales the whole page to fit, so portrait and landscape keep their shapes', () => {
    const portrait = pageSetupFrom({ paper_size: 'a4', orientation: 'portrait' });
    const landscape = pageSetupFrom({ paper_size: 'a4', orientation: 'landscape' });
    // The room beside the sidebars on a 1280-pixel-wide window.
    const room = 640;
    const tall = pageFit(portrait, room);
    const wide = pageFit(landscape, room);
    expect(tall).toEqual({ mode: 'print', scale: room / (210 * MM_PX) });
    expect(wide).toEqual({ mode: 'print', scale: room / (297 * MM_PX) });
    const tallStyle = sheetStyle(portrait, tall);
    const wideStyle = sheetStyle(landscape, wide);
    expect(tallStyle).toMatchObject({ width: '210mm', minHeight: '297mm', maxWidth: 'none' });
    expect(wideStyle).toMatchObject({ width: '297mm', minHeight: '210mm', maxWidth: 'none' });
    expect(tallStyle.transform).toBe(`scale(${String(tall.scale)})`);
    expect(wideStyle.transform).toBe(`scale(${String(wide.scale)})`);
  });

  it('draws the page at full size when it fits, and fills a phone’s width with its shape and margins scaled', () => {
    const setup = pageSetupFrom({
      paper_size: 'letter',
      orientation: 'portrait',
      margins: { top: 20, right: 25, bottom: 20, left: 25 },
    });
    expect(pageFit(setup, 1200)).toEqual({ mode: 'print', scale: 1 });
    expect(pageFit(setup, null)).toEqual({ mode: 'print', scale: 1 });
    expect(sheetStyle(setup, pageFit(setup, 1200)).transform).toBeUndefined();
    const phone = pageFit(setup, 358);
    expect(phone.mode).toBe('reflow');
    const style = sheetStyle(setup, phone);
    expect(style).toMatchObject({ width: '100%', aspectRatio: '215.9 / 279.4' });
    const mm = (value: number) =>
      `${String(Math.round(value * MM_PX * phone.scale * 100) / 100)}px`;
    expect(style.padding).toBe(`${mm(20)} ${mm(25)} ${mm(20)} ${mm(25)}`);
    expect(style.transform).toBeUndefined();
  });
});
