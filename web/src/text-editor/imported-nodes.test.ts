import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { commandById } from './commands';
import { chapterEditor, connect } from './testing/editor-harness';

const editors: Editor[] = [];

/** An editor showing `html`, and a second device's editor that received it through Yjs. */
function twoDevices(html: string): { a: Editor; b: Editor; fragment: Y.XmlFragment } {
  const docA = new Y.Doc();
  const docB = new Y.Doc();
  connect(docA, docB);
  const first = chapterEditor(docA);
  const second = chapterEditor(docB);
  editors.push(first.editor, second.editor);
  first.editor.commands.setContent(html);
  return { a: first.editor, b: second.editor, fragment: first.fragment };
}

function firstElement(fragment: Y.XmlFragment): Y.XmlElement {
  const node = fragment.get(0);
  if (!(node instanceof Y.XmlElement)) throw new Error('no element');
  return node;
}

afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

describe('what an import brings, in the editor', { timeout: 30_000 }, () => {
  it('small caps parse from a styled span, sync as the smallCaps mark and render back', () => {
    const { a, b, fragment } = twoDevices(
      '<p>In the <span style="font-variant: small-caps">Year One</span> of it.</p>',
    );
    expect(a.getHTML()).toBe(
      '<p>In the <span style="font-variant: small-caps;">Year One</span> of it.</p>',
    );
    const text = firstElement(fragment).get(0) as Y.XmlText;
    expect(text.toDelta()).toContainEqual(
      expect.objectContaining({
        insert: 'Year One',
        attributes: expect.objectContaining({ smallCaps: {} }) as unknown,
      }),
    );
    expect(b.getHTML()).toBe(a.getHTML());
  });

  it('the small caps command marks the selection and reports itself active', () => {
    const { a, b } = twoDevices('<p>Call me Ishmael.</p>');
    a.commands.setTextSelection({ from: 1, to: 5 });
    const command = commandById('smallCaps');
    expect(command?.labelKey).toBe('chapter_editor.commands.smallCaps');
    expect(command?.isEnabled(a)).toBe(true);
    command?.run(a);
    expect(command?.isActive(a)).toBe(true);
    expect(b.getHTML()).toBe(
      '<p><span style="font-variant: small-caps;">Call</span> me Ishmael.</p>',
    );
  });

  it('an image is a block with its source, alternative text and title', () => {
    const { b, fragment } = twoDevices(
      '<p>Before</p><img src="https://quire.example/a.png" alt="A map" title="The coast">',
    );
    const image = fragment.get(1) as Y.XmlElement;
    expect(image.nodeName).toBe('image');
    expect(image.getAttributes()).toEqual({
      src: 'https://quire.example/a.png',
      alt: 'A map',
      title: 'The coast',
    });
    expect(b.getHTML()).toBe(
      '<p>Before</p><img src="https://quire.example/a.png" alt="A map" title="The coast">',
    );
  });

  it('a table keeps its rows, header and cells, each cell holding paragraphs', () => {
    const { a, b, fragment } = twoDevices(
      '<table><tbody><tr><th><p>Name</p></th><th><p>Age</p></th></tr>' +
        '<tr><td><p>Ana</p></td><td><p>41</p></td></tr></tbody></table>',
    );
    const table = firstElement(fragment);
    expect(table.nodeName).toBe('table');
    const rows = table.toArray() as Y.XmlElement[];
    expect(rows.map((row) => row.nodeName)).toEqual(['tableRow', 'tableRow']);
    const cells = rows.map((row) => (row.toArray() as Y.XmlElement[]).map((c) => c.nodeName));
    expect(cells).toEqual([
      ['tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell'],
    ]);
    expect(a.getText({ blockSeparator: '\n' }).split('\n').filter(Boolean)).toEqual([
      'Name',
      'Age',
      'Ana',
      '41',
    ]);
    expect(b.getHTML()).toBe(a.getHTML());
    expect(a.getHTML()).not.toContain('column-resize');
  });

  it('the scene break is the horizontal rule, labelled as a scene break', () => {
    const { a, b, fragment } = twoDevices('<p>One</p>');
    a.commands.setTextSelection(4);
    const command = commandById('horizontalRule');
    expect(command?.labelKey).toBe('chapter_editor.commands.horizontalRule');
    command?.run(a);
    expect((fragment.get(1) as Y.XmlElement).nodeName).toBe('horizontalRule');
    expect(b.getHTML()).toContain('<hr>');
  });
});
