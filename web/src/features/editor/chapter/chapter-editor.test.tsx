import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { chapterEditorProps } from '@/testing/chapter-editor-props';
import {
  docWithParagraphs,
  fakeChapterHandle,
  type FakeChapterHandle,
} from '@/testing/fake-chapter-handle';
import { renderWithProviders } from '@/testing/render-with-providers';

import type { ChapterEditorProps } from './chapter-editor';
import { ChapterEditor, ChapterLoadError } from './index';

function renderEditor(handle: FakeChapterHandle, overrides: Partial<ChapterEditorProps> = {}) {
  const props = chapterEditorProps(handle, overrides);
  return { props, ...renderWithProviders(<ChapterEditor {...props} />) };
}

function textbox(): HTMLElement {
  return screen.getByRole('textbox', { name: 'Chapter text' });
}

describe('ChapterEditor', { timeout: 30_000 }, () => {
  it('shows the text of the chapter’s Y.Doc', () => {
    renderEditor(fakeChapterHandle({ doc: docWithParagraphs('It was a dark night.', 'The end.') }));
    expect(textbox()).toHaveTextContent('It was a dark night.The end.');
    expect(textbox()).toHaveAttribute('contenteditable', 'true');
  });

  it('writes what is typed into the fragment, and reports words after a pause', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Hello') });
    const onWordsChange = vi.fn();
    let api: { getText(): string } | null = null;
    renderEditor(handle, {
      onWordsChange,
      onEditorReady: (ready) => {
        api = ready;
      },
    });
    await waitFor(() => {
      expect(onWordsChange).toHaveBeenCalledWith(1);
    });
    const text = handle.fragment.firstChild as Y.XmlElement;
    act(() => {
      (text.firstChild as Y.XmlText).insert(5, ' brave new world');
    });
    expect(textbox()).toHaveTextContent('Hello brave new world');
    await waitFor(() => {
      expect(onWordsChange).toHaveBeenLastCalledWith(4);
    });
    expect(api).not.toBeNull();
  });

  it('puts the caret at an element’s first mention when asked', async () => {
    const doc = docWithParagraphs('Opening line.', 'Then ');
    const second = doc.getXmlFragment('default').get(1) as Y.XmlElement;
    const mention = new Y.XmlElement('mention');
    mention.setAttribute('id', 'anna');
    mention.setAttribute('label', 'Anna');
    second.insert(1, [mention, new Y.XmlText(' arrived.')]);
    let api: { revealMention(id: string): boolean } | null = null;
    renderEditor(fakeChapterHandle({ doc }), {
      onEditorReady: (ready) => {
        api = ready;
      },
    });
    await waitFor(() => {
      expect(api).not.toBeNull();
    });
    const ready = api as unknown as { revealMention(id: string): boolean };
    expect(ready.revealMention('nobody')).toBe(false);
    act(() => {
      expect(ready.revealMention('anna')).toBe(true);
    });
    await waitFor(() => {
      expect(textbox()).toHaveFocus();
    });
    // The caret sits right before the mention, in the second paragraph.
    expect(window.getSelection()?.anchorNode?.textContent).toContain('Then');
  });

  it('typing in the page changes the shared fragment', async () => {
    const handle = fakeChapterHandle({ doc: docWithParagraphs('Start') });
    renderEditor(handle);
    const paragraph = textbox().querySelector('p');
    const text = paragraph?.firstChild;
    if (!(text instanceof Text)) throw new Error('no text node');
    // What a keystroke does to the DOM; ProseMirror reads it back through its MutationObserver.
    act(() => {
      text.data = 'Start!';
    });
    await waitFor(() => {
      expect(handle.fragment.toJSON()).toBe('<paragraph>Start!</paragraph>');
    });
  });

  it('is read-only when the writer may not write, or the handle is not writable', async () => {
    const { unmount } = renderEditor(fakeChapterHandle({ doc: docWithParagraphs('Text') }), {
      canWrite: false,
    });
    expect(textbox()).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
    unmount();

    const handle = fakeChapterHandle({ doc: docWithParagraphs('Text') });
    renderEditor(handle);
    expect(textbox()).toHaveAttribute('contenteditable', 'true');
    act(() => {
      handle.setStatus('read-only');
    });
    expect(textbox()).toHaveAttribute('contenteditable', 'false');
    // The indicator follows the status a frame later.
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Read only');
    });
  });

  it('says how the text is saved, and nothing when the indicator is hidden', async () => {
    const handle = fakeChapterHandle({ status: 'saved-locally' });
    const { unmount } = renderEditor(handle);
    expect(screen.getByRole('status')).toHaveTextContent('Saved on this device');
    act(() => {
      handle.setStatus('synced');
    });
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Synced');
    });
    act(() => {
      handle.setStatus('saving');
    });
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    });
    unmount();
    renderEditor(fakeChapterHandle(), { hideSavingIndicator: true });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses to bind a document it cannot show, leaving it untouched', () => {
    const doc = new Y.Doc();
    const strange = new Y.XmlElement('hologram');
    strange.insert(0, [new Y.XmlText('Precious words')]);
    doc.getXmlFragment('default').insert(0, [strange]);
    const before = Y.encodeStateAsUpdate(doc);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderEditor(fakeChapterHandle({ doc }));
    expect(screen.getByRole('alert')).toHaveTextContent('This chapter could not be opened');
    expect(screen.queryByRole('textbox', { name: 'Chapter text' })).not.toBeInTheDocument();
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
    expect(spy).toHaveBeenCalled();
  });

  it('hides comments when the manuscript turns them off', () => {
    renderEditor(fakeChapterHandle(), {
      settings: { comments_enabled: false },
    });
    expect(screen.queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comments' })).not.toBeInTheDocument();
  });

  it('shows a toolbar button’s tooltip once the text has been painted', async () => {
    renderEditor(fakeChapterHandle({ doc: docWithParagraphs('Hello') }));
    // The first frame has the bare buttons; their tooltips mount after it.
    await waitFor(() => {
      fireEvent.mouseEnter(screen.getByRole('button', { name: 'Bold' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Bold (Ctrl+B)');
    });
  });

  it('toggles focus mode from its button', () => {
    const onFocusModeChange = vi.fn();
    renderEditor(fakeChapterHandle(), { onFocusModeChange });
    fireEvent.click(screen.getByRole('button', { name: 'Focus mode' }));
    expect(onFocusModeChange).toHaveBeenCalledWith(true);
  });
});

describe('ChapterLoadError', { timeout: 30_000 }, () => {
  it('explains and offers a retry', () => {
    const onRetry = vi.fn();
    renderWithProviders(<ChapterLoadError onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This chapter could not be opened');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
