import { describe, expect, it } from 'vitest';

import { chapterText, htmlToText, wordDiff } from './html-text';

describe('htmlToText', () => {
  it('puts each block on a line of its own and joins inline elements', () => {
    expect(
      htmlToText(
        '<h1>One</h1><p>The <strong>night</strong> train<em>s</em> left.</p><ul><li><p>a</p></li><li>b</li></ul>',
      ),
    ).toBe('One\nThe night trains left.\na\nb');
  });

  it('breaks lines at <br>, decodes entities and collapses spaces', () => {
    expect(htmlToText('<p>Tom &amp; Jerry<br>ran   &quot;far&quot;&nbsp;away</p>')).toBe(
      'Tom & Jerry\nran "far" away',
    );
  });

  it('drops scripts, styles and empty blocks', () => {
    expect(htmlToText('<p></p><script>alert(1)</script><style>p{}</style><p>Kept.</p>')).toBe(
      'Kept.',
    );
  });

  it('reads plain text and an empty string', () => {
    expect(htmlToText('just words')).toBe('just words');
    expect(htmlToText('')).toBe('');
  });
});

describe('chapterText', () => {
  it('keeps the footnotes section out of the text and lists the bodies apart, in order', () => {
    const html =
      '<p>A claim.<sup data-type="footnote" class="footnote-ref" data-id="f1"></sup> More.</p>' +
      '<section data-type="footnotes"><ol><li data-id="f1"><p>Source:  me.</p></li>' +
      '<li data-id="f2"><p>Another &amp; last.</p></li></ol></section>';
    expect(chapterText(html)).toEqual({
      text: 'A claim. More.',
      footnotes: ['Source: me.', 'Another & last.'],
    });
    expect(chapterText('<p>No notes.</p>')).toEqual({ text: 'No notes.', footnotes: [] });
  });
});

describe('wordDiff', () => {
  it('shows words changed one after another as one phrase replaced by another', () => {
    expect(wordDiff('the quick brown fox jumps', 'the slow red fox jumps')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick brown' },
      { kind: 'added', text: 'slow red' },
      { kind: 'same', text: ' fox jumps' },
    ]);
  });

  it('never cuts a word: a changed word goes and comes whole', () => {
    expect(wordDiff('It was a great day.', 'It was a grey day.')).toEqual([
      { kind: 'same', text: 'It was a ' },
      { kind: 'removed', text: 'great' },
      { kind: 'added', text: 'grey' },
      { kind: 'same', text: ' day.' },
    ]);
    expect(wordDiff("don't stop", 'do not stop')).toEqual([
      { kind: 'removed', text: "don't" },
      { kind: 'added', text: 'do not' },
      { kind: 'same', text: ' stop' },
    ]);
  });

  it('marks the words added and removed, in reading order', () => {
    const parts = wordDiff('The cat sat down.', 'The dog sat down.');
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text)).toEqual([
      'cat',
    ]);
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual(['dog']);
    expect(parts.map((part) => part.text).join('')).toContain('sat down.');
  });

  it('finds nothing changed in the same text', () => {
    expect(wordDiff('Same words.', 'Same words.')).toEqual([{ kind: 'same', text: 'Same words.' }]);
  });
});
