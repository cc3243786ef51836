import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { chapterEditorProps } from '@/testing/chapter-editor-props';
import { docWithParagraphs, fakeChapterHandle } from '@/testing/fake-chapter-handle';
import { renderWithProviders } from '@/testing/render-with-providers';
import { convertNames, createMentionDirectory, type MentionTarget } from '@/text-editor';
import { type } from '@/text-editor/testing/editor-harness';
import { ANNA, element } from '@/text-editor/testing/mention-elements';

import { ChapterEditor } from './index';
import { cssColor, mentionTargetsFrom } from './mention-elements';

beforeAll(() => {
  // jsdom lays nothing out: a range has no boxes.
  const empty = () => new DOMRect();
  Range.prototype.getBoundingClientRect = empty;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

const RING = element('ring', 'Andes ring');

function renderEditor(text: string[], elements: MentionTarget[] = [ANNA, RING]) {
  const handle = fakeChapterHandle({ doc: docWithParagraphs(...text) });
  const directory = createMentionDirectory(elements);
  convertNames(handle.fragment, elements);
  renderWithProviders(<ChapterEditor {...chapterEditorProps(handle, { mentions: directory })} />);
  const dom = screen.getByRole<HTMLElement & { editor?: Editor }>('textbox', {
    name: 'Chapter text',
  });
  if (!dom.editor) throw new Error('no editor on the view');
  return { editor: dom.editor, dom, directory };
}

describe('mentions in the chapter editor', { timeout: 30_000 }, () => {
  it('draws the element’s name and follows a rename', () => {
    const { dom, directory } = renderEditor(['Anna sat down.']);
    const mention = dom.querySelector('[data-type="mention"]');
    expect(mention).toHaveTextContent('Anna');
    expect(mention).toHaveClass('mention');
    act(() => {
      directory.set([{ ...ANNA, name: 'Anne' }]);
    });
    expect(dom).toHaveTextContent('Anne sat down.');
  });

  it('offers elements after @ as a listbox the text points into; Enter makes the mention', async () => {
    const { editor, dom } = renderEditor(['Then']);
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      type(editor, ' @an');
    });
    const list = await screen.findByRole('listbox', { name: 'Story elements' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Andes ringStory element',
      'AnnaCharacter',
    ]);
    expect(dom).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolations()).toEqual([]);

    fireEvent.keyDown(dom, { key: 'ArrowDown' });
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(dom).toHaveAttribute('aria-activedescendant', options[1]?.id);
    fireEvent.keyDown(dom, { key: 'Enter' });
    await waitFor(() => {
      expect(screen.queryByRole('listbox')).toBeNull();
    });
    expect(editor.getHTML()).toBe(
      '<p>Then <span data-id="anna" data-label="Anna" data-type="mention">Anna</span> </p>',
    );
  });

  it('closes the suggestion on Escape and leaves the text as typed', async () => {
    const { editor, dom } = renderEditor(['']);
    act(() => {
      type(editor, 'Ann');
    });
    await screen.findByRole('listbox');
    fireEvent.keyDown(dom, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('listbox')).toBeNull();
    });
    expect(dom).not.toHaveAttribute('aria-activedescendant');
    expect(editor.getText()).toBe('Ann');
  });

  it('shows the element’s card while a mention is pointed at', async () => {
    const { dom } = renderEditor(['Ask Anna.']);
    const mention = dom.querySelector('[data-type="mention"]');
    if (!mention) throw new Error('no mention');
    fireEvent.mouseOver(mention);
    const card = await screen.findByRole('tooltip');
    expect(card).toHaveTextContent('Anna');
    expect(card).toHaveTextContent('Character');
    expect(card).toHaveTextContent('Also: Annie');
    expect(await axeViolations()).toEqual([]);
    fireEvent.mouseOut(mention);
    await waitFor(() => {
      expect(screen.queryByRole('tooltip')).toBeNull();
    });
  });
});

describe('the elements mentions are made of', () => {
  const row = (fields: Partial<LocalRecord>): LocalRecord => ({
    id: 'e1',
    kind: 'elements',
    manuscript_id: 'm1',
    name: 'Anna',
    meta: {},
    ...fields,
  });

  it('reads name, nicknames (objects or older strings), colour and type', () => {
    expect(
      mentionTargetsFrom([
        row({
          meta: {
            type: 'character',
            color: 'AA3355',
            nicknames: [{ id: 'n1', label: 'Annie' }, 'Ann', { id: 'n2', label: ' ' }],
          },
        }),
        row({ id: 'e2', name: 'Tower', meta: { type: 'other', type_other: 'Place' } }),
      ]),
    ).toEqual([
      { id: 'e1', name: 'Anna', nicknames: ['Annie', 'Ann'], color: '#AA3355', kind: 'character' },
      { id: 'e2', name: 'Tower', nicknames: [], color: '', kind: 'Place' },
    ]);
  });

  it('leaves out elements in the trash and without a name', () => {
    expect(mentionTargetsFrom([row({ deleted_at: 5 }), row({ id: 'e2', name: '  ' })])).toEqual([]);
  });

  it('takes only colours CSS can draw', () => {
    expect(cssColor('#fff')).toBe('#fff');
    expect(cssColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(cssColor('red')).toBe('red');
    expect(cssColor('url(x)')).toBe('');
    expect(cssColor(7)).toBe('');
  });
});
