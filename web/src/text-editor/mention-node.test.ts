import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { createChapterExtensions } from './extensions';
import type { MentionFocus } from './extensions/mention-node';
import type { MentionSuggestView } from './extensions/mention-suggest';
import { checkChapterContent } from './load-check';
import { convertNames } from './mention-convert';
import { createMentionDirectory } from './mention-directory';
import type { MentionTarget } from './mention-names';
import { suggestFor } from './mention-suggest-rules';
import { chapterEditor, separateUndoSteps, type } from './testing/editor-harness';
import { ANNA, element } from './testing/mention-elements';
import { editorText } from './text';

const AHAB = element('ahab', 'Ahab');
const ANDES = element('andes', 'Andes');

// jsdom lays nothing out: where the suggestion opens is the screen's concern, not measured here.
beforeAll(() => {
  const none = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect = none;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

let editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

function open(html: string, elements: MentionTarget[] = [ANNA, AHAB, ANDES]) {
  const directory = createMentionDirectory(elements);
  const onOpen = vi.fn<(id: string) => void>();
  const suggestions: (MentionSuggestView | null)[] = [];
  const focus: (MentionFocus | null)[] = [];
  const made = chapterEditor(new Y.Doc(), {
    mentions: directory,
    onOpenMention: onOpen,
    onMentionSuggest: (view) => suggestions.push(view),
    onMentionFocus: (f) => focus.push(f),
  });
  made.editor.commands.setContent(html);
  separateUndoSteps(made.editor);
  editors.push(made.editor);
  return { ...made, directory, onOpen, suggestions, focus };
}

const mentions = (editor: Editor) =>
  [...editor.view.dom.querySelectorAll('[data-type="mention"]')].map((dom) => ({
    text: dom.textContent,
    className: dom.className,
    color: (dom as HTMLElement).style.getPropertyValue('--mention-color'),
  }));

const press = (editor: Editor, key: string) =>
  editor.view.someProp('handleKeyDown', (handle) =>
    handle(editor.view, new KeyboardEvent('keydown', { key })),
  ) ?? false;

describe('a mention in the chapter', { timeout: 30_000 }, () => {
  it('shows the element’s current name and colour, and follows a rename', () => {
    const { editor, fragment, directory } = open('<p>Anna met Ahab.</p><p>Anna</p>');
    expect(convertNames(fragment, [ANNA])).toBe(2);
    expect(mentions(editor)).toEqual([
      { text: 'Anna', className: 'mention', color: '#aa3355' },
      { text: 'Anna', className: 'mention', color: '#aa3355' },
    ]);
    directory.set([{ ...ANNA, name: 'Anne', color: 'blue' }, AHAB]);
    expect(mentions(editor).map((m) => [m.text, m.color])).toEqual([
      ['Anne', 'blue'],
      ['Anne', 'blue'],
    ]);
    expect(editorText(editor)).toBe('Anne met Ahab.\nAnne');
    expect(editor.getHTML()).toBe(
      '<p><span data-id="anna" data-label="Anna" data-type="mention">Anne</span> met Ahab.</p>' +
        '<p><span data-id="anna" data-label="Anna" data-type="mention">Anne</span></p>',
    );
  });

  it('reads as plain text once the element is gone, and keeps a nickname as written', () => {
    const { editor, fragment, directory } = open('<p>Annie and ANNA.</p>');
    convertNames(fragment, [ANNA]);
    expect(mentions(editor).map((m) => m.text)).toEqual(['Annie', 'ANNA']);
    directory.set([{ ...ANNA, name: 'Anne' }]);
    expect(mentions(editor).map((m) => m.text)).toEqual(['Annie', 'ANNE']);
    directory.set([]);
    expect(mentions(editor)).toEqual([
      { text: 'Annie', className: 'mention mention-missing', color: '' },
      { text: 'ANNA', className: 'mention mention-missing', color: '' },
    ]);
  });

  it('is a document the editor loads and writes back unchanged', () => {
    const { doc, fragment, editor } = open('<p>Anna</p><p>See Anna go.</p>');
    convertNames(fragment, [ANNA]);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    const extensions = createChapterExtensions({ fragment: copy.getXmlFragment('default') });
    expect(checkChapterContent(copy, copy.getXmlFragment('default'), extensions)).toEqual({
      ok: true,
    });
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    type(editor, ' Fine.');
    expect(editorText(editor)).toBe('Anna\nSee Anna go. Fine.');
  });

  it('made while the chapter is open is one undo step of its editor', () => {
    const { editor, fragment } = open('<p>Anna met Ahab.</p>');
    type(editor, 'x');
    separateUndoSteps(editor);
    convertNames(fragment, [ANNA, AHAB]);
    expect(mentions(editor)).toHaveLength(2);
    editor.commands.undo();
    expect(mentions(editor)).toHaveLength(0);
    expect(editorText(editor)).toBe('Anna met Ahab.x');
  });

  it('opens its element on a click, or on Enter while selected', () => {
    const { editor, fragment, onOpen } = open('<p>Hello Anna.</p>');
    convertNames(fragment, [ANNA]);
    const dom = editor.view.dom.querySelector('[data-type="mention"]');
    const pos = editor.view.posAtDOM(dom as Node, 0);
    const node = editor.state.doc.nodeAt(pos);
    if (!node) throw new Error('no mention node');
    editor.view.someProp('handleClickOn', (handle) =>
      handle(editor.view, pos, node, pos, new MouseEvent('click'), true),
    );
    expect(onOpen).toHaveBeenCalledWith('anna');
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, pos)));
    expect(press(editor, 'Enter')).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('reports the mention selected, for its card, and none once the selection leaves it', () => {
    const { editor, fragment, focus } = open('<p>Hello Anna.</p>');
    convertNames(fragment, [ANNA]);
    const dom = editor.view.dom.querySelector('[data-type="mention"]');
    const pos = editor.view.posAtDOM(dom as Node, 0);
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, pos)));
    expect(focus.at(-1)?.id).toBe('anna');
    editor.commands.setTextSelection(1);
    expect(focus.at(-1)).toBeNull();
  });
});

describe('the mention suggestion', { timeout: 30_000 }, () => {
  it('opens on @, moves with the arrows and makes the mention on Enter', () => {
    const { editor, suggestions } = open('<p>Then</p>');
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    type(editor, ' @an');
    const shown = suggestions.at(-1);
    expect(shown?.items.map((item) => item.label)).toEqual(['Andes', 'Anna']);
    expect(editor.view.dom.getAttribute('aria-activedescendant')).toBe(`${shown?.listId}-0`);
    expect(press(editor, 'ArrowDown')).toBe(true);
    expect(suggestions.at(-1)?.active).toBe(1);
    expect(press(editor, 'Enter')).toBe(true);
    expect(editor.getHTML()).toBe(
      '<p>Then <span data-id="anna" data-label="Anna" data-type="mention">Anna</span> </p>',
    );
    expect(suggestions.at(-1)).toBeNull();
    expect(editor.view.dom.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('opens on the start of a known name as a mention would match it, and Escape closes it', () => {
    const { editor, suggestions } = open('<p></p>');
    type(editor, 'and ');
    expect(suggestions.filter(Boolean)).toHaveLength(0);
    type(editor, 'Ann');
    expect(suggestions.at(-1)?.items.map((item) => item.label)).toEqual(['Anna']);
    expect(press(editor, 'Escape')).toBe(true);
    expect(suggestions.at(-1)).toBeNull();
    type(editor, 'a');
    expect(suggestions.at(-1)).toBeNull();
    press(editor, 'Enter');
    expect(editor.getHTML()).toBe('<p>and Anna</p><p></p>');
    type(editor, ' saw Ah');
    expect(suggestions.at(-1)).toBeNull();
    type(editor, 'a');
    expect(suggestions.at(-1)?.items.map((item) => item.element.id)).toEqual(['ahab']);
  });

  it('after a plain name, Enter ends the paragraph; Tab, or Enter once the arrows chose, mentions', () => {
    const { editor, suggestions } = open('<p></p>');
    type(editor, 'Ann');
    expect(suggestions.at(-1)?.items.map((item) => item.label)).toEqual(['Anna']);
    press(editor, 'Enter');
    expect(editor.getHTML()).toBe('<p>Ann</p><p></p>');
    expect(suggestions.at(-1)).toBeNull();

    type(editor, 'Ann');
    expect(press(editor, 'Tab')).toBe(true);
    expect(editor.getHTML()).toContain('data-label="Anna" data-type="mention">Anna</span>');

    type(editor, ' Aha');
    expect(press(editor, 'ArrowDown')).toBe(true);
    expect(press(editor, 'Enter')).toBe(true);
    expect(editor.getHTML()).toContain('data-label="Ahab" data-type="mention">Ahab</span>');
  });
});

describe('what the suggestion offers', () => {
  it('finds @ queries anywhere in a name or nickname, starts first', () => {
    expect(suggestFor('hi @nie', [ANNA, AHAB])?.items.map((i) => i.label)).toEqual(['Annie']);
    expect(suggestFor('hi @', [ANNA, AHAB])?.items.map((i) => i.label)).toEqual(['Ahab', 'Anna']);
    expect(suggestFor('mail@an', [ANNA])).toBeNull();
    expect(suggestFor('@ an', [ANNA])).toBeNull();
  });

  it('needs three characters of a name, starting a word', () => {
    expect(suggestFor('An', [ANNA])).toBeNull();
    expect(suggestFor('Hann', [ANNA])).toBeNull();
    expect(suggestFor('ANN', [ANNA])?.query).toBe('ANN');
  });
});
