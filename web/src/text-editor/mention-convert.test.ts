import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { convertNames, MENTION_ORIGIN, mentionsToText } from './mention-convert';
import { findNames, namePatterns, type MentionTarget } from './mention-names';
import { chapterEditor } from './testing/editor-harness';
import { ANNA, element } from './testing/mention-elements';

const KARENINA = element('karenina', 'Anna Karenina');
const CAPTAIN = element('captain', 'Ahab', ['the captain']);
const WILL = element('will', 'Will');

/** The names `elements` would turn into mentions in `text`, as written. */
const found = (text: string, elements: MentionTarget[]) =>
  findNames(text, namePatterns(elements)).map((m) => `${m.elementId}:${text.slice(m.from, m.to)}`);

/** A document holding `html` as the chapter editor writes it (then no editor bound to it). */
function chapterDoc(html: string): { doc: Y.Doc; fragment: Y.XmlFragment } {
  const written = chapterEditor();
  written.editor.commands.setContent(html);
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(written.doc));
  written.editor.destroy();
  return { doc, fragment: doc.getXmlFragment('default') };
}

describe('finding names in text', () => {
  it('takes whole words only', () => {
    expect(found('Anna met Annabel and Hanna. Anna!', [ANNA])).toEqual(['anna:Anna', 'anna:Anna']);
    expect(found('Anna’s hat, (Anna) and Anna-Maria.', [ANNA])).toEqual([
      'anna:Anna',
      'anna:Anna',
      'anna:Anna',
    ]);
  });

  it('is case-aware: as written, capitalised or in capitals, never a lower-cased name', () => {
    expect(found('Will will come. WILL enters.', [WILL])).toEqual(['will:Will', 'will:WILL']);
    expect(found('The captain smiled; the captain left.', [CAPTAIN])).toEqual([
      'captain:The captain',
      'captain:the captain',
    ]);
    expect(found('the Captain', [CAPTAIN])).toEqual([]);
  });

  it('finds nicknames and prefers the longest name at a place', () => {
    expect(found('Anna Karenina, or Anna, or Annie.', [ANNA, KARENINA])).toEqual([
      'karenina:Anna Karenina',
      'anna:Anna',
      'anna:Annie',
    ]);
  });

  it('leaves web and e-mail addresses alone', () => {
    expect(
      found('See https://anna.example/Anna, www.Anna.org or Anna@example.com; Anna.', [ANNA]),
    ).toEqual(['anna:Anna']);
  });

  it('matches names in any script and names ending in punctuation', () => {
    const zoe = element('zoe', 'Zoë', ['Dr.']);
    expect(found('Zoë and Zoëlle. Dr. Who', [zoe])).toEqual(['zoe:Zoë', 'zoe:Dr.']);
  });
});

describe('converting names in a chapter document', () => {
  it('turns each occurrence into a mention bound to the element, keeping the text around it', () => {
    const { fragment } = chapterDoc(
      '<p>Anna saw <strong>Ahab</strong> and the captain.</p><h2>Anna</h2>',
    );
    expect(convertNames(fragment, [ANNA, CAPTAIN])).toBe(4);
    expect(fragment.toJSON()).toBe(
      '<paragraph><mention id="anna" label="Anna"></mention> saw <mention id="captain" label="Ahab"></mention> and <mention id="captain" label="the captain"></mention>.</paragraph>' +
        '<heading level="2"><mention id="anna" label="Anna"></mention></heading>',
    );
  });

  it('keeps formatting of the text around, never converts inside a link, code or comment', () => {
    const { fragment } = chapterDoc(
      '<p><em>Dear Anna, </em><a href="https://x.example">Anna</a> <code>Anna</code> ' +
        '<span data-comment-id="c1">Anna</span></p><pre><code>Anna</code></pre>',
    );
    expect(convertNames(fragment, [ANNA])).toBe(1);
    expect(fragment.toJSON()).toContain(
      '<italic>Dear </italic><mention id="anna" label="Anna"></mention><italic>, </italic><link',
    );
    expect(fragment.toJSON()).toContain('<codeblock>Anna</codeblock>');
  });

  it('converts only the new element when asked, while other elements keep their longer names', () => {
    const { fragment } = chapterDoc('<p>Anna Karenina and Anna.</p>');
    expect(convertNames(fragment, [ANNA, KARENINA], { only: new Set(['anna']) })).toBe(1);
    expect(fragment.toJSON()).toBe(
      '<paragraph>Anna Karenina and <mention id="anna" label="Anna"></mention>.</paragraph>',
    );
    // Existing mentions are not text: a second run finds nothing new.
    expect(convertNames(fragment, [ANNA, KARENINA], { only: new Set(['anna']) })).toBe(0);
  });

  it('converts inside lists, quotes and tables', () => {
    const { fragment } = chapterDoc(
      '<ul><li><p>Ask Anna</p></li></ul><blockquote><p>Anna</p></blockquote>' +
        '<table><tr><td><p>Anna</p></td></tr></table>',
    );
    expect(convertNames(fragment, [ANNA])).toBe(3);
  });

  it('is one undo step', () => {
    const { fragment } = chapterDoc('<p>Anna and Annie.</p><p>Then Anna left.</p>');
    const before = fragment.toJSON();
    const undo = new Y.UndoManager(fragment, { trackedOrigins: new Set([MENTION_ORIGIN]) });
    convertNames(fragment, [ANNA]);
    expect(fragment.toJSON()).not.toBe(before);
    expect(undo.undoStack).toHaveLength(1);
    undo.undo();
    expect(fragment.toJSON()).toBe(before);
  });

  it('merges with a concurrent edit made on another replica', () => {
    const { doc: here, fragment } = chapterDoc(
      '<p>First Anna paragraph is long.</p><p>Second has Anna too.</p>',
    );
    const there = new Y.Doc();
    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    // Offline at the same time: a co-author types at the end of both paragraphs.
    const theirs = there.getXmlFragment('default');
    const first = (theirs.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    first.insert(first.length, ' Typed there.');
    const second = (theirs.get(1) as Y.XmlElement).get(0) as Y.XmlText;
    second.insert(second.length, ' More.');
    convertNames(fragment, [ANNA]);

    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    Y.applyUpdate(here, Y.encodeStateAsUpdate(there));
    expect(theirs.toJSON()).toBe(fragment.toJSON());
    expect(fragment.toJSON()).toBe(
      '<paragraph>First <mention id="anna" label="Anna"></mention> paragraph is long. Typed there.</paragraph>' +
        '<paragraph>Second has <mention id="anna" label="Anna"></mention> too. More.</paragraph>',
    );
  });

  it('keeps a word typed meanwhile into a stretch that moved', () => {
    const { doc: here, fragment } = chapterDoc('<p>Hi Anna, here is the rest.</p>');
    const there = new Y.Doc();
    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    const run = (there.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    run.insert(2, ' there');
    convertNames(fragment, [ANNA]);
    Y.applyUpdate(here, Y.encodeStateAsUpdate(there));
    expect(fragment.toJSON()).toBe(
      '<paragraph>Hi <mention id="anna" label="Anna"></mention> there, here is the rest.</paragraph>',
    );
  });
});

describe('turning mentions back into text', () => {
  it('writes the label into the text around it, in one step', () => {
    const { fragment } = chapterDoc('<p>Anna met Ahab.</p><p>Anna</p>');
    convertNames(fragment, [ANNA, CAPTAIN]);
    const undo = new Y.UndoManager(fragment, { trackedOrigins: new Set([MENTION_ORIGIN]) });
    expect(mentionsToText(fragment, new Set(['anna']))).toBe(2);
    expect(fragment.toJSON()).toBe(
      '<paragraph>Anna met <mention id="captain" label="Ahab"></mention>.</paragraph>' +
        '<paragraph>Anna</paragraph>',
    );
    expect(undo.undoStack).toHaveLength(1);
  });

  it('can write the name the element has now', () => {
    const { fragment } = chapterDoc('<p>Anna met Ahab.</p>');
    convertNames(fragment, [ANNA]);
    mentionsToText(fragment, new Set(['anna']), () => 'Anne');
    expect(fragment.toJSON()).toBe('<paragraph>Anne met Ahab.</paragraph>');
  });
});
