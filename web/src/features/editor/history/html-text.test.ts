import { describe, expect, it } from 'vitest';

import { htmlToText, wordDiff } from './html-text';

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

describe('wordDiff', () => {
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
