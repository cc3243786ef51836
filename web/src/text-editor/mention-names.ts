/**
 * Where story elements' names stand in plain text: the matching rules a mention is made by,
 * shared by the conversion of existing text and the suggestion while typing. No DOM, no Yjs.
 */

/** What the editor needs of a story element. */
export interface MentionTarget {
  id: string;
  name: string;
  /** Other names the element goes by (its nicknames' labels). */
  nicknames: string[];
  /** A CSS colour, or '' for none. */
  color: string;
  /** The element's type (character, object, …), or '' when unknown. */
  kind: string;
}

/** An occurrence of an element's name or nickname in a text: `text.slice(from, to)`. */
export interface NameMatch {
  from: number;
  to: number;
  elementId: string;
}

interface Pattern {
  text: string;
  elementId: string;
}

/** Letters, digits (any script) and combining marks make words; a name stands as a whole word. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

export const isWordChar = (char: string | undefined): boolean =>
  char !== undefined && char !== '' && WORD_CHAR.test(char);

/** The labels an element goes by, trimmed, without blanks or repeats. */
export function labelsOf(element: MentionTarget): string[] {
  const labels = [element.name, ...element.nicknames].map((label) => label.trim());
  return [...new Set(labels.filter((label) => label !== ''))];
}

/**
 * The ways a label may be written and still mean the element: as written; with its first letter
 * capitalised (a nickname like "the captain" starting a sentence); in capitals (a screenplay's
 * character cue). A capitalised name written in lower case is another word ("Will" and "will",
 * "Rose" and "rose"), so never that.
 */
export function caseVariants(label: string): string[] {
  const capitalised = label.charAt(0).toLocaleUpperCase() + label.slice(1);
  return [...new Set([label, capitalised, label.toLocaleUpperCase()])];
}

/**
 * The patterns for `elements`, each first character to its patterns longest first (so the
 * longest name at a place wins: "Anna Karenina" over "Anna").
 */
export function namePatterns(elements: readonly MentionTarget[]): Map<string, Pattern[]> {
  const byFirst = new Map<string, Pattern[]>();
  for (const element of elements) {
    for (const label of labelsOf(element)) {
      for (const text of caseVariants(label)) {
        const first = text.charAt(0);
        const list = byFirst.get(first) ?? [];
        list.push({ text, elementId: element.id });
        byFirst.set(first, list);
      }
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.text.length - a.text.length);
  return byFirst;
}

/** A web address or an e-mail address: the run of text around a match that is not prose. */
const URL_LIKE = /^[("'<[]*(?:[a-z][a-z0-9+.-]*:\/\/|www\.)|[^\s@]+@[^\s@]+\.[^\s@]+/i;

/** Whether `text[from, to)` lies inside a web or e-mail address (its whitespace-delimited run). */
export function insideAddress(text: string, from: number, to: number): boolean {
  let start = from;
  while (start > 0 && !/\s/.test(text.charAt(start - 1))) start -= 1;
  let end = to;
  while (end < text.length && !/\s/.test(text.charAt(end))) end += 1;
  return URL_LIKE.test(text.slice(start, end));
}

/**
 * The occurrences of the patterns in `text`, left to right, never overlapping: at each place
 * the longest label that stands as a whole word. A label's edge that is not a word character
 * ("Dr.") needs no boundary there. Occurrences inside a web or e-mail address are left out.
 */
export function findNames(text: string, patterns: Map<string, Pattern[]>): NameMatch[] {
  const matches: NameMatch[] = [];
  let at = 0;
  while (at < text.length) {
    const found = patternAt(text, at, patterns);
    if (found && !insideAddress(text, at, at + found.text.length)) {
      matches.push({ from: at, to: at + found.text.length, elementId: found.elementId });
      at += found.text.length;
    } else {
      at += 1;
    }
  }
  return matches;
}

function patternAt(text: string, at: number, patterns: Map<string, Pattern[]>): Pattern | null {
  const candidates = patterns.get(text.charAt(at));
  if (!candidates) return null;
  for (const pattern of candidates) {
    const end = at + pattern.text.length;
    if (!text.startsWith(pattern.text, at)) continue;
    const startsWord = isWordChar(pattern.text.charAt(0));
    const endsWord = isWordChar(pattern.text.charAt(pattern.text.length - 1));
    if (startsWord && isWordChar(charBefore(text, at))) continue;
    if (endsWord && isWordChar(charAt(text, end))) continue;
    return pattern;
  }
  return null;
}

/** The character before `index` (a whole surrogate pair). */
function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return pair ? text.slice(index - 2, index) : text.charAt(index - 1);
}

/** The character at `index` (a whole surrogate pair). */
function charAt(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const code = text.codePointAt(index) ?? 0;
  return String.fromCodePoint(code);
}
