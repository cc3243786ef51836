/**
 * Where a chapter's text mentions story elements: for each element, how many mentions and the
 * first lines that hold one. Reads the chapter's Yjs tree and changes nothing; no I/O.
 */
import * as Y from 'yjs';

import { MENTION } from './mention-convert';

/** Lines kept per element: the first paragraphs (in text order) that mention it. */
export const FIRST_LINES = 3;
/** A line longer than this is cut to about this many characters around the mention. */
export const LINE_CHARS = 120;
/** How far a cut may move to fall between two words rather than inside one. */
const WORD_SLACK = 16;
const ELLIPSIS = '…';

/** One line: a paragraph's text (cut around the mention), and where the mention is in it. */
export interface MentionLine {
  text: string;
  from: number;
  to: number;
}

export interface ElementMentions {
  count: number;
  /** At most `FIRST_LINES`, in text order; a paragraph gives one line per element. */
  lines: MentionLine[];
}

/** Element id → its mentions in one chapter. */
export type MentionSummary = ReadonlyMap<string, ElementMentions>;

/** The parts of one paragraph: its text, and each mention's element and place. */
interface Paragraph {
  text: string;
  mentions: { id: string; from: number; to: number }[];
}

/** The mentions of each element in `fragment` (a chapter's body), in text order. */
export function summarizeMentions(fragment: Y.XmlFragment): MentionSummary {
  const summary = new Map<string, ElementMentions>();
  forEachParagraph(fragment, (paragraph) => {
    const seen = new Set<string>();
    for (const mention of paragraph.mentions) {
      let entry = summary.get(mention.id);
      if (!entry) {
        entry = { count: 0, lines: [] };
        summary.set(mention.id, entry);
      }
      entry.count += 1;
      if (seen.has(mention.id) || entry.lines.length >= FIRST_LINES) continue;
      seen.add(mention.id);
      entry.lines.push(lineAround(paragraph.text, mention.from, mention.to));
    }
  });
  return summary;
}

/** Whether the element holds inline content (text or a mention): then it is a paragraph. */
function isParagraph(element: Y.XmlElement): boolean {
  return element
    .toArray()
    .some(
      (child) =>
        child instanceof Y.XmlText || (child instanceof Y.XmlElement && child.nodeName === MENTION),
    );
}

/** Every paragraph (heading, list item's paragraph …) holding at least one mention. */
function forEachParagraph(
  parent: Y.XmlFragment | Y.XmlElement,
  visit: (paragraph: Paragraph) => void,
) {
  for (const child of parent.toArray()) {
    if (!(child instanceof Y.XmlElement)) continue;
    if (!isParagraph(child)) {
      forEachParagraph(child, visit);
      continue;
    }
    const paragraph = readParagraph(child);
    if (paragraph.mentions.length > 0) visit(paragraph);
  }
}

function readParagraph(element: Y.XmlElement): Paragraph {
  let text = '';
  const mentions: Paragraph['mentions'] = [];
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) {
      for (const op of child.toDelta() as { insert: unknown }[]) {
        text += typeof op.insert === 'string' ? op.insert : ' ';
      }
    } else if (child instanceof Y.XmlElement && child.nodeName === MENTION) {
      const id = child.getAttribute('id');
      const label = child.getAttribute('label') ?? '';
      const from = text.length;
      text += label;
      if (typeof id === 'string' && id !== '') mentions.push({ id, from, to: text.length });
    } else {
      // A line break, a footnote's marker, an image: a space between the words around it.
      text += ' ';
    }
  }
  return { text, mentions };
}

/**
 * The paragraph's text as one line: spaces collapsed, and a long one cut to about `LINE_CHARS`
 * around the mention (between words where one is near), an ellipsis where it was cut.
 */
export function lineAround(raw: string, rawFrom: number, rawTo: number): MentionLine {
  const { text, from, to } = collapseSpaces(raw, rawFrom, rawTo);
  if (text.length <= LINE_CHARS) return { text, from, to };
  const room = Math.max(0, LINE_CHARS - (to - from));
  let start = Math.max(0, from - Math.floor(room / 2));
  let end = Math.min(text.length, start + Math.max(LINE_CHARS, to - from));
  start = Math.max(0, Math.min(start, end - LINE_CHARS));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < from && space - start <= WORD_SLACK) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= to && end - space <= WORD_SLACK) end = space;
  }
  while (start < from && text.charAt(start) === ' ') start += 1;
  while (end > to && text.charAt(end - 1) === ' ') end -= 1;
  const head = start > 0 ? ELLIPSIS : '';
  const tail = end < text.length ? ELLIPSIS : '';
  return {
    text: head + text.slice(start, end) + tail,
    from: from - start + head.length,
    to: to - start + head.length,
  };
}

/** Runs of white space as one space, and none at the ends; the mention's place kept. */
function collapseSpaces(raw: string, rawFrom: number, rawTo: number): MentionLine {
  let text = '';
  let from = 0;
  let to = 0;
  for (let i = 0; i <= raw.length; i += 1) {
    if (i === rawFrom) from = text.length;
    if (i === rawTo) to = text.length;
    if (i === raw.length) break;
    const char = raw.charAt(i);
    if (/\s/.test(char)) {
      // Inside the mention, its spaces stay as they are.
      if (i >= rawFrom && i < rawTo) text += ' ';
      else if (text.length > 0 && !text.endsWith(' ')) text += ' ';
    } else text += char;
  }
  const trimmed = text.trimEnd();
  return { text: trimmed, from: Math.min(from, trimmed.length), to: Math.min(to, trimmed.length) };
}
