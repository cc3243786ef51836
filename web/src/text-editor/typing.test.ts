import { getSchema } from '@tiptap/core';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { createChapterExtensions } from './extensions';
import { checkChapterContent } from './load-check';
import { chapterEditor, connect, separateUndoSteps, type } from './testing/editor-harness';

describe('smart quotes', { timeout: 30_000 }, () => {
  it('curls quotes while the manuscript setting is on, and not once it is off', () => {
    let smartQuotes = true;
    const { editor } = chapterEditor(new Y.Doc(), { smartQuotes: () => smartQuotes });
    editor.commands.setContent('<p></p>');
    editor.commands.focus('end');
    type(editor, `"Hi," she said. It's 'fine'`);
    expect(editor.getText()).toBe('“Hi,” she said. It’s ‘fine’');
    smartQuotes = false;
    editor.commands.setContent('<p></p>');
    type(editor, `"Hi," it's`);
    expect(editor.getText()).toBe(`"Hi," it's`);
    editor.destroy();
  });
});

describe('undo', { timeout: 30_000 }, () => {
  it('undoes only this device’s edits: a remote change stays', () => {
    const local = chapterEditor();
    const remote = chapterEditor();
    connect(local.doc, remote.doc);
    local.editor.commands.setContent('<p>Base.</p>');
    separateUndoSteps(local.editor);

    local.editor.commands.insertContentAt(6, ' Mine.');
    remote.editor.commands.insertContentAt(1, 'Theirs. ');
    expect(local.editor.getText()).toBe('Theirs. Base. Mine.');

    local.editor.commands.undo();
    expect(local.editor.getText()).toBe('Theirs. Base.');
    expect(remote.editor.getText()).toBe('Theirs. Base.');
    local.editor.commands.redo();
    expect(local.editor.getText()).toBe('Theirs. Base. Mine.');
    local.editor.destroy();
    remote.editor.destroy();
  });
});

describe('typing', { timeout: 30_000 }, () => {
  it('writes to the shared fragment', () => {
    const { editor, fragment } = chapterEditor();
    editor.commands.focus('end');
    type(editor, 'Hello');
    expect(fragment.toJSON()).toBe('<paragraph>Hello</paragraph>');
    editor.destroy();
  });

  it('a 1 MB paste goes in and the chapter stays editable', () => {
    const { editor } = chapterEditor();
    const paragraph = `${'word '.repeat(199)}word`;
    const html = Array.from({ length: 1050 }, () => `<p>${paragraph}</p>`).join('');
    expect(html.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    editor.commands.insertContent(html);
    const elapsed = performance.now() - started;
    expect(editor.state.doc.childCount).toBeGreaterThanOrEqual(1050);
    expect(elapsed).toBeLessThan(20_000);
    editor.commands.focus('end');
    type(editor, '!');
    expect(editor.getText().endsWith('word!')).toBe(true);
    editor.destroy();
  });
});

describe('load check', { timeout: 30_000 }, () => {
  it('accepts what the editor writes, and an empty chapter', () => {
    const { editor, doc, fragment } = chapterEditor();
    expect(checkChapterContent(doc, fragment, createChapterExtensions({ fragment })).ok).toBe(true);
    editor.commands.setContent(
      '<h1>T</h1><p><strong>b</strong></p><div data-type="page-break"></div>',
    );
    expect(checkChapterContent(doc, fragment, createChapterExtensions({ fragment }))).toEqual({
      ok: true,
    });
    editor.destroy();
  });

  it('refuses content outside the schema without touching the document', () => {
    const doc = new Y.Doc();
    const fragment = doc.getXmlFragment('default');
    const unknown = new Y.XmlElement('spaceship');
    unknown.insert(0, [new Y.XmlText('Kept words')]);
    fragment.insert(0, [unknown]);
    const before = Y.encodeStateAsUpdate(doc);
    const result = checkChapterContent(doc, fragment, createChapterExtensions({ fragment }));
    expect(result.ok).toBe(false);
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
    expect(fragment.toJSON()).toContain('Kept words');
  });

  /** What binding would do: y-tiptap's own conversion, on a copy; did it change the copy? */
  function bindingChanges(doc: Y.Doc): boolean {
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    let changed = false;
    copy.on('update', () => {
      changed = true;
    });
    const fragment = copy.getXmlFragment('default');
    try {
      yXmlFragmentToProseMirrorRootNode(fragment, getSchema(extensionsFor(fragment))).check();
    } catch {
      return true;
    }
    return changed;
  }

  function extensionsFor(fragment: Y.XmlFragment) {
    return createChapterExtensions({ fragment });
  }

  function docWith(build: (fragment: Y.XmlFragment) => void): Y.Doc {
    const doc = new Y.Doc();
    build(doc.getXmlFragment('default'));
    return doc;
  }

  function paragraph(text: string, attributes?: Record<string, unknown>): Y.XmlElement {
    const element = new Y.XmlElement('paragraph');
    const content = new Y.XmlText();
    content.insert(0, text, attributes);
    element.insert(0, [content]);
    return element;
  }

  const cases: [string, Y.Doc][] = [
    ['plain paragraphs', docWith((f) => f.insert(0, [paragraph('One.'), paragraph('Two.')]))],
    ['a known mark', docWith((f) => f.insert(0, [paragraph('Bold.', { bold: {} })]))],
    [
      'an overlapping mark kept under a hashed name',
      docWith((f) => f.insert(0, [paragraph('Said.', { 'comment--AbCd1234': { id: 'c1' } })])),
    ],
    ['an unknown mark', docWith((f) => f.insert(0, [paragraph('Odd.', { sparkle: {} })]))],
    [
      'an unknown node inside a known one',
      docWith((f) => {
        const quote = new Y.XmlElement('blockquote');
        quote.insert(0, [new Y.XmlElement('spaceship')]);
        f.insert(0, [quote]);
      }),
    ],
    [
      'a paragraph inside a paragraph (content the schema refuses)',
      docWith((f) => {
        const outer = new Y.XmlElement('paragraph');
        outer.insert(0, [paragraph('Nested.')]);
        f.insert(0, [outer]);
      }),
    ],
    ['text outside any block', docWith((f) => f.insert(0, [new Y.XmlText('Loose.')]))],
    [
      'a heading with its level',
      docWith((f) => {
        const h = new Y.XmlElement('heading');
        h.setAttribute('level', 2 as unknown as string);
        h.insert(0, [new Y.XmlText('Title')]);
        f.insert(0, [h, paragraph('After.')]);
      }),
    ],
  ];

  it.each(cases)('agrees with what binding would do: %s', (_name, doc) => {
    const fragment = doc.getXmlFragment('default');
    const before = Y.encodeStateAsUpdate(doc);
    const result = checkChapterContent(doc, fragment, extensionsFor(fragment));
    expect(result.ok).toBe(!bindingChanges(doc));
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it('refuses a fragment that is not the document’s', () => {
    const fragment = new Y.Doc().getXmlFragment('default');
    const other = new Y.Doc();
    expect(checkChapterContent(other, fragment, extensionsFor(fragment)).ok).toBe(false);
  });
});
