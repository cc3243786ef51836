import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { FIRST_LINES, LINE_CHARS, lineAround, summarizeMentions } from './mention-summary';
import { chapterEditor } from './testing/editor-harness';

/** A chapter's document holding `html` as the chapter editor writes it. */
function chapter(html: string): Y.XmlFragment {
  const written = chapterEditor();
  written.editor.commands.setContent(html);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(written.doc));
  written.editor.destroy();
  return doc.getXmlFragment('default');
}

const mention = (id: string, label: string) =>
  `<span data-type="mention" data-id="${id}" data-label="${label}">${label}</span>`;
const ANNA = mention('anna', 'Anna');
const VRONSKY = mention('vronsky', 'Vronsky');

/** The line with the mention in brackets, to read the places at a glance. */
const marked = (line: { text: string; from: number; to: number }) =>
  `${line.text.slice(0, line.from)}[${line.text.slice(line.from, line.to)}]${line.text.slice(line.to)}`;

describe('what a chapter says of its story elements', () => {
  it('counts each element’s mentions and keeps the lines they are in', () => {
    const summary = summarizeMentions(
      chapter(
        `<h2>${ANNA} arrives</h2><p>The train stopped. ${ANNA} met ${VRONSKY}; ${ANNA} smiled.</p>` +
          `<p>Nobody is mentioned here.</p>`,
      ),
    );
    expect([...summary.keys()]).toEqual(['anna', 'vronsky']);
    const anna = summary.get('anna');
    expect(anna?.count).toBe(3);
    // One line per paragraph, at its first mention of the element.
    expect(anna?.lines.map(marked)).toEqual([
      '[Anna] arrives',
      'The train stopped. [Anna] met Vronsky; Anna smiled.',
    ]);
    expect(summary.get('vronsky')?.lines.map(marked)).toEqual([
      'The train stopped. Anna met [Vronsky]; Anna smiled.',
    ]);
  });

  it('keeps only the first three lines, and counts every mention', () => {
    const paragraphs = Array.from({ length: 5 }, (_, i) => `<p>Scene ${String(i)}: ${ANNA}.</p>`);
    const anna = summarizeMentions(chapter(paragraphs.join(''))).get('anna');
    expect(anna?.count).toBe(5);
    expect(anna?.lines).toHaveLength(FIRST_LINES);
    expect(anna?.lines.map((line) => line.text)).toEqual([
      'Scene 0: Anna.',
      'Scene 1: Anna.',
      'Scene 2: Anna.',
    ]);
  });

  it('finds mentions in lists, quotes and tables, and reads formatted text as text', () => {
    const summary = summarizeMentions(
      chapter(
        `<ul><li><p>First, <strong>bold</strong> ${ANNA}</p></li></ul>` +
          `<blockquote><p>“${ANNA},” he said.</p></blockquote>`,
      ),
    );
    expect(summary.get('anna')?.lines.map(marked)).toEqual([
      'First, bold [Anna]',
      '“[Anna],” he said.',
    ]);
  });

  it('reads nothing from a chapter without mentions', () => {
    expect(summarizeMentions(chapter('<p>Anna, written as plain text.</p>')).size).toBe(0);
    expect(summarizeMentions(new Y.Doc().getXmlFragment('default')).size).toBe(0);
  });

  it('cuts a long paragraph around the mention, between words', () => {
    const before = 'Happy families are all alike; every unhappy family is unhappy in its own way. ';
    const after =
      ' Everything was in confusion in the Oblonskys’ house, and the wife had discovered.';
    const anna = summarizeMentions(chapter(`<p>${before.repeat(3)}${ANNA}${after.repeat(3)}</p>`));
    const line = anna.get('anna')?.lines[0];
    expect(line).toBeDefined();
    if (!line) return;
    expect(line.text.slice(line.from, line.to)).toBe('Anna');
    expect(line.text.startsWith('…')).toBe(true);
    expect(line.text.endsWith('…')).toBe(true);
    expect(line.text.length).toBeLessThanOrEqual(LINE_CHARS + 2);
    expect(line.text.length).toBeGreaterThan(LINE_CHARS - 40);
    // Cut at spaces: whole words at both ends.
    expect(line.text.charAt(1)).not.toBe(' ');
    expect(`${before.repeat(3)}Anna${after.repeat(3)}`).toContain(line.text.slice(1, -1));
  });

  it('collapses runs of spaces and keeps the mention’s place', () => {
    expect(marked(lineAround('  Oh,   there   Anna  goes ', 16, 20))).toBe('Oh, there [Anna] goes');
    expect(marked(lineAround('Anna', 0, 4))).toBe('[Anna]');
  });

  it('keeps the start of a long paragraph whose mention is near its start', () => {
    const text = `Anna ${'walked along the platform '.repeat(10)}`;
    const line = lineAround(text, 0, 4);
    expect(marked(line).startsWith('[Anna] walked')).toBe(true);
    expect(line.text.endsWith('…')).toBe(true);
  });
});
