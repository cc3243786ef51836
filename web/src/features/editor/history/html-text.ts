import { diffWordsWithSpace } from 'diff';

/** Elements that start a new line of text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);

/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** The footnote bodies' list after a chapter's text, as the server derives it. */
const FOOTNOTES_SELECTOR = 'section[data-type="footnotes"]';

const isFootnotes = (element: Element) => element.matches(FOOTNOTES_SELECTOR);

/**
 * The text a reader sees in a chapter's HTML: one line per block (paragraph, heading, list
 * item, quote…), `<br>` a line break, inline elements joined, entities decoded, runs of spaces
 * collapsed, no empty lines. Parsed with `DOMParser` (inert: no script runs, nothing loads).
 */
export function htmlToText(html: string): string {
  return chapterText(html).text;
}

/** A chapter's text and, apart, its footnotes' bodies in order (each one line). */
export interface ChapterText {
  text: string;
  footnotes: string[];
}

/**
 * `htmlToText` of a chapter's HTML without its footnotes section, and the footnotes' bodies
 * from that section, so a text and its footnotes are compared each with its own.
 */
export function chapterText(html: string): ChapterText {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const footnotes = [...body.querySelectorAll(`${FOOTNOTES_SELECTOR} li`)].map((item) =>
    item.textContent.replace(/\s+/g, ' ').trim(),
  );
  return { text: textOf(body), footnotes };
}

function textOf(body: HTMLElement): string {
  const lines: string[] = [];
  let line = '';
  const breakLine = () => {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed !== '') lines.push(trimmed);
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    if (!(node instanceof Element) || SKIPPED.has(node.tagName) || isFootnotes(node)) return;
    if (node.tagName === 'BR') {
      breakLine();
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) breakLine();
    node.childNodes.forEach(walk);
    if (block) breakLine();
  };
  body.childNodes.forEach(walk);
  breakLine();
  return lines.join('\n');
}

/** One run of a word-level comparison. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

const isBlank = (part: DiffPart | undefined) => part?.kind === 'same' && part.text.trim() === '';

/**
 * A word-level comparison from `before` to `after` (plain texts), as a writer reads a change:
 * runs kept, then what went and what came as whole phrases. Words changed one after another
 * ("quick brown" → "slow red") are one removed phrase and one added phrase, never words of the
 * two interleaved. Line breaks count as whitespace between words.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const tokens: DiffPart[] = diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
  const parts: DiffPart[] = [];
  const push = (part: DiffPart) => {
    const last = parts.at(-1);
    if (last?.kind === 'same' && part.kind === 'same') last.text += part.text;
    else parts.push(part);
  };
  let removed = '';
  let added = '';
  const flush = () => {
    // Spaces that end both phrases are kept text, not part of the change.
    const [kept = ''] = /\s*$/.exec(removed.length <= added.length ? removed : added) ?? [];
    const tail = removed.endsWith(kept) && added.endsWith(kept) && removed !== '' ? kept : '';
    if (removed !== '')
      push({ kind: 'removed', text: removed.slice(0, removed.length - tail.length) });
    if (added !== '') push({ kind: 'added', text: added.slice(0, added.length - tail.length) });
    if (tail !== '') push({ kind: 'same', text: tail });
    removed = '';
    added = '';
  };
  tokens.forEach((token, i) => {
    const inChange = removed !== '' || added !== '';
    const next = tokens[i + 1];
    if (token.kind === 'removed') removed += token.text;
    else if (token.kind === 'added') added += token.text;
    // Spaces between two changes belong to both phrases.
    else if (inChange && isBlank(token) && next !== undefined && next.kind !== 'same') {
      removed += token.text;
      added += token.text;
    } else {
      flush();
      push(token);
    }
  });
  flush();
  return parts;
}
