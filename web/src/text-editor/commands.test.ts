import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';

import {
  type ChapterCommandId,
  commandById,
  currentFontSize,
  normalizeLink,
  setFontFamily,
  setFontSize,
  setLink,
} from './commands';
import { chapterEditor } from './testing/editor-harness';

let editor: Editor;

function start(html: string): Editor {
  editor = chapterEditor().editor;
  editor.commands.setContent(html);
  return editor;
}

function run(id: ChapterCommandId): void {
  const command = commandById(id);
  if (!command) throw new Error(`no command ${id}`);
  expect(command.isEnabled(editor)).toBe(true);
  command.run(editor);
}

afterEach(() => {
  editor.destroy();
});

describe('chapter commands', { timeout: 30_000 }, () => {
  it('bold marks the selection and reports itself active', () => {
    start('<p>Call me Ishmael.</p>');
    editor.commands.setTextSelection({ from: 1, to: 5 });
    run('bold');
    expect(editor.getHTML()).toBe('<p><strong>Call</strong> me Ishmael.</p>');
    expect(commandById('bold')?.isActive(editor)).toBe(true);
  });

  it('heading 2 turns the paragraph into an h2, and paragraph turns it back', () => {
    start('<p>Chapter One</p>');
    run('heading2');
    expect(editor.getHTML()).toBe('<h2>Chapter One</h2>');
    expect(currentFontSize(editor)).toBe(16);
    run('paragraph');
    expect(editor.getHTML()).toBe('<p>Chapter One</p>');
  });

  it('align center sets the text-align of the block', () => {
    start('<p>The end</p>');
    run('alignCenter');
    expect(editor.getHTML()).toBe('<p style="text-align: center;">The end</p>');
    expect(commandById('alignCenter')?.isActive(editor)).toBe(true);
  });

  it('page break inserts the node the server renders as div[data-type=page-break]', () => {
    start('<p>One</p>');
    editor.commands.setTextSelection(4);
    run('pageBreak');
    expect(editor.getJSON().content.map((n) => n.type)).toContain('pageBreak');
    expect(editor.getHTML()).toContain('<div data-type="page-break" class="page-break"></div>');
  });

  it('font size and family are text styles in points', () => {
    start('<p>Small print</p>');
    editor.commands.setTextSelection({ from: 1, to: 6 });
    setFontSize(editor, 12);
    setFontFamily(editor, 'georgia');
    expect(editor.getHTML()).toBe(
      '<p><span style="font-family: georgia; font-size: 12pt;">Small</span> print</p>',
    );
    expect(currentFontSize(editor)).toBe(12);
  });

  it('a link is set on the selection and removed with an empty address', () => {
    start('<p>See here</p>');
    editor.commands.setTextSelection({ from: 5, to: 9 });
    setLink(editor, 'https://example.com');
    expect(editor.getHTML()).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">here</a>',
    );
    setLink(editor, '');
    expect(editor.getHTML()).toBe('<p>See here</p>');
  });

  it('link addresses must be valid https URLs', () => {
    editor = chapterEditor().editor;
    expect(normalizeLink('example.com/a b')).toBe('https://example.com/a%20b');
    expect(normalizeLink(' https://quire.app ')).toBe('https://quire.app/');
    expect(normalizeLink('http://example.com')).toBeNull();
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('localhost')).toBeNull();
    expect(normalizeLink('')).toBeNull();
  });

  it('commands are disabled in a read-only editor', () => {
    start('<p>Text</p>');
    editor.setEditable(false);
    expect(commandById('bold')?.isEnabled(editor)).toBe(false);
    expect(commandById('pageBreak')?.isEnabled(editor)).toBe(false);
  });
});
