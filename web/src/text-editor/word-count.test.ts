import { describe, expect, it } from 'vitest';

import { countWords } from './word-count';

// The same cases as quire-core's `count_words` tests: client and server must agree.
describe('countWords', () => {
  it('counts runs of letters and digits separated by anything else', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords('It was a dark and stormy night.')).toBe(7);
    expect(countWords('Chapter 12:\n\n“Run!” she said… and ran.')).toBe(7);
    expect(countWords('— ! ? 🙂 …')).toBe(0);
  });

  it('counts hyphenated and apostrophe words as one', () => {
    expect(countWords("don't stop the well-known rock’n’roll")).toBe(5);
    expect(countWords("She said 'no' - twice")).toBe(4);
    expect(countWords('before—after')).toBe(2);
  });

  it('counts numbers with decimal and thousands separators as one word', () => {
    expect(countWords('pi is 3.14, about 1,000 times.')).toBe(6);
    expect(countWords('End.3')).toBe(2);
  });

  it('counts letters of any script, with combining accents', () => {
    expect(countWords('Ölçü Ελληνικά русский')).toBe(3);
    expect(countWords('cafe\u0301 noir')).toBe(2);
    expect(countWords('안녕하세요 세계')).toBe(2);
  });

  it('counts every Han, hiragana and katakana character', () => {
    expect(countWords('我爱你')).toBe(3);
    expect(countWords('東京へ行きます。')).toBe(7);
    expect(countWords('Tokyo東京')).toBe(3);
    expect(countWords('ひらがな and カタカナ')).toBe(9);
  });
});
