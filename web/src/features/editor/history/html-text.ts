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

/**
 * The text a reader sees in a chapter's HTML: one line per block (paragraph, heading, list
 * item, quote…), `<br>` a line break, inline elements joined, entities decoded, runs of spaces
 * collapsed, no empty lines. Parsed with `DOMParser` (inert: no script runs, nothing loads).
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
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
    if (!(node instanceof Element) || SKIPPED.has(node.tagName)) return;
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

/**
 * A word-level comparison from `before` to `after` (plain texts): runs kept, added and removed,
 * in reading order. Line breaks count as whitespace between words.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
