/**
 * Words as a writer counts them — the same rule as the server's `quire-core` `count_words`
 * (crates/quire-core/src/manuscript/words.rs), so a chapter shows the count the server stores:
 * - a word is a run of letters and digits in any script, combining marks kept inside;
 * - an apostrophe (' ’ ʼ) or hyphen (- ‐ ‑) between two word characters joins them;
 * - a `.` or `,` between two ASCII digits joins them ("3.14", "1,000");
 * - every Han, hiragana and katakana character is a word of its own;
 * - punctuation, symbols and emoji are not words.
 */

const ALPHANUMERIC = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;

function isCjk(code: number): boolean {
  return (
    (code >= 0x3005 && code <= 0x3007) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x31f0 && code <= 0x31ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff66 && code <= 0xff9f) ||
    (code >= 0x20000 && code <= 0x2fa1f) ||
    (code >= 0x30000 && code <= 0x323af)
  );
}

function isCombiningMark(code: number): boolean {
  return (
    (code >= 0x0300 && code <= 0x036f) ||
    (code >= 0x1ab0 && code <= 0x1aff) ||
    (code >= 0x1dc0 && code <= 0x1dff) ||
    (code >= 0x20d0 && code <= 0x20ff) ||
    (code >= 0xfe20 && code <= 0xfe2f)
  );
}

/** ASCII letters and digits are by far the most common: decide them without a regex. */
function isAlphanumeric(code: number, char: string): boolean {
  if (code < 0x80) {
    return (
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    );
  }
  return ALPHANUMERIC.test(char);
}

const isDigit = (code: number | undefined) => code !== undefined && code >= 0x30 && code <= 0x39;

export function countWords(text: string): number {
  const chars = Array.from(text);
  const codes = chars.map((c) => c.codePointAt(0) ?? 0);
  const wordChar = (i: number) => {
    const code = codes[i];
    return code !== undefined && isAlphanumeric(code, chars[i] ?? '') && !isCjk(code);
  };
  let count = 0;
  let inWord = false;
  for (let i = 0; i < codes.length; i += 1) {
    const code = codes[i] ?? 0;
    if (isCjk(code)) {
      count += 1;
      inWord = false;
    } else if (isAlphanumeric(code, chars[i] ?? '')) {
      if (!inWord) {
        count += 1;
        inWord = true;
      }
    } else if (inWord && isCombiningMark(code)) {
      // Part of the letter before it.
    } else if (inWord && joins(code, i)) {
      // Keeps the word going across an apostrophe, a hyphen or a digit separator.
    } else {
      inWord = false;
    }
  }
  return count;

  function joins(code: number, i: number): boolean {
    if (i + 1 >= codes.length) return false;
    switch (code) {
      case 0x27:
      case 0x2019:
      case 0x02bc:
      case 0x2d:
      case 0x2010:
      case 0x2011:
        return wordChar(i - 1) && wordChar(i + 1);
      case 0x2e:
      case 0x2c:
        return isDigit(codes[i - 1]) && isDigit(codes[i + 1]);
      default:
        return false;
    }
  }
}
