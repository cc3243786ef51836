/**
 * Mentions written straight into a chapter's Yjs document (the editor's y-prosemirror tree),
 * open in an editor or not: existing names turned into mentions, and mentions turned back into
 * text. Each is one Yjs transaction, so it merges with anyone typing meanwhile and one undo
 * step of the chapter reverses it.
 */
import * as Y from 'yjs';

import { findNames, namePatterns, type MentionTarget, type NameMatch } from './mention-names';

/** The mention node's name in the document, and its attributes. */
export const MENTION = 'mention';

/**
 * The origin of the transactions here: the chapter editor's undo tracks it (`extensions.ts`),
 * so a conversion made while the chapter is open is one undo step there.
 */
export const MENTION_ORIGIN = Symbol('quire:mentions');

/**
 * Text under these marks stays text: a mention carries no marks, so converting would drop a
 * link, turn code into prose, or take a comment's anchor away.
 */
const KEPT_MARKS = new Set(['link', 'code', 'comment']);
/** Blocks whose text is literal. */
const LITERAL_BLOCKS = new Set(['codeBlock']);

/** y-tiptap stores marks that may overlap under `name--hash`. */
const markName = (attribute: string) =>
  /^(.*)--[a-zA-Z0-9+/=]{8}$/.exec(attribute)?.[1] ?? attribute;

type Attributes = Record<string, unknown>;
interface DeltaOp {
  insert: unknown;
  attributes?: Attributes;
}

export interface ConvertOptions {
  /** Convert only these elements' names; the others still claim their own (longer) names. */
  only?: ReadonlySet<string>;
  /** The transaction's origin (default `MENTION_ORIGIN`). */
  origin?: unknown;
}

/**
 * Turns the names and nicknames of `elements` in `fragment`'s text into mentions, in one
 * transaction; returns how many. Whole words, case-aware (`mention-names.ts`); never inside a
 * link, code, a comment's anchor or a web address. The label kept is the text as written.
 */
export function convertNames(
  fragment: Y.XmlFragment,
  elements: readonly MentionTarget[],
  options: ConvertOptions = {},
): number {
  const patterns = namePatterns(elements);
  if (patterns.size === 0) return 0;
  const edits: { text: Y.XmlText; matches: NameMatch[]; ops: DeltaOp[] }[] = [];
  forEachText(fragment, (text) => {
    const ops = text.toDelta() as DeltaOp[];
    const matches = convertible(ops, findNames(plainOf(ops), patterns), options.only);
    if (matches.length > 0) edits.push({ text, matches, ops });
  });
  if (edits.length === 0) return 0;
  const doc = requireDoc(fragment);
  doc.transact(() => {
    for (const edit of edits) splitAround(edit.text, edit.ops, edit.matches);
  }, options.origin ?? MENTION_ORIGIN);
  return edits.reduce((sum, edit) => sum + edit.matches.length, 0);
}

/** The mentions in `fragment` of the elements `elementIds`, in document order. */
export function mentionsOf(
  fragment: Y.XmlFragment,
  elementIds: ReadonlySet<string>,
): Y.XmlElement[] {
  const found: Y.XmlElement[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement) => {
    for (const child of parent.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      if (child.nodeName === MENTION) {
        const id = child.getAttribute('id');
        if (typeof id === 'string' && elementIds.has(id)) found.push(child);
      } else walk(child);
    }
  };
  walk(fragment);
  return found;
}

/**
 * Turns the mentions of `elementIds` back into plain text (`label(id, stored)`, by default the
 * label they keep), in one transaction; returns how many. `which`, when given, picks among them.
 */
export function mentionsToText(
  fragment: Y.XmlFragment,
  elementIds: ReadonlySet<string>,
  label: (id: string, stored: string) => string = (_, stored) => stored,
  origin: unknown = MENTION_ORIGIN,
  which: (mention: Y.XmlElement) => boolean = () => true,
): number {
  const found = mentionsOf(fragment, elementIds).filter(which);
  if (found.length === 0) return 0;
  requireDoc(fragment).transact(() => {
    for (const mention of found) {
      const parent = mention.parent as Y.XmlElement;
      const index = parent.toArray().indexOf(mention);
      const text = label(mention.getAttribute('id') ?? '', mention.getAttribute('label') ?? '');
      parent.delete(index, 1);
      // Into the text before it, else the text after it, else a run of its own: two runs side
      // by side are not the editor's shape.
      const before = index > 0 ? parent.get(index - 1) : null;
      const after = parent.length > index ? parent.get(index) : null;
      if (before instanceof Y.XmlText) before.insert(before.length, text, {});
      else if (after instanceof Y.XmlText) after.insert(0, text, {});
      else parent.insert(index, [new Y.XmlText(text)]);
    }
  }, origin);
  return found.length;
}

function requireDoc(fragment: Y.XmlFragment): Y.Doc {
  if (!fragment.doc) throw new Error('the fragment is not in a document');
  return fragment.doc;
}

/** Every run of text in a block whose text is prose, in document order. */
function forEachText(parent: Y.XmlFragment | Y.XmlElement, visit: (text: Y.XmlText) => void) {
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) visit(child);
    else if (child instanceof Y.XmlElement && !LITERAL_BLOCKS.has(child.nodeName)) {
      if (child.nodeName !== MENTION) forEachText(child, visit);
    }
  }
}

/** A run's text; an embed (not the editor's shape) stands as one character that is no word. */
function plainOf(ops: DeltaOp[]): string {
  return ops.map((op) => (typeof op.insert === 'string' ? op.insert : '\uFFFC')).join('');
}

/** The matches to convert: of the wanted elements, on text without a kept mark. */
function convertible(ops: DeltaOp[], matches: NameMatch[], only?: ReadonlySet<string>) {
  const kept: { from: number; to: number }[] = [];
  let at = 0;
  for (const op of ops) {
    const length = typeof op.insert === 'string' ? op.insert.length : 1;
    const marks = Object.keys(op.attributes ?? {}).map(markName);
    if (marks.some((mark) => KEPT_MARKS.has(mark))) kept.push({ from: at, to: at + length });
    at += length;
  }
  return matches.filter(
    (match) =>
      (!only || only.has(match.elementId)) &&
      !kept.some((range) => range.from < match.to && match.from < range.to),
  );
}

/** The part of `ops` in `[from, to)`, formatting kept. */
function sliceOps(ops: DeltaOp[], from: number, to: number): DeltaOp[] {
  const out: DeltaOp[] = [];
  let at = 0;
  for (const op of ops) {
    const length = typeof op.insert === 'string' ? op.insert.length : 1;
    const start = Math.max(from, at);
    const end = Math.min(to, at + length);
    if (start < end) {
      const insert =
        typeof op.insert === 'string' ? op.insert.slice(start - at, end - at) : op.insert;
      out.push(op.attributes ? { insert, attributes: op.attributes } : { insert });
    }
    at += length;
  }
  return out;
}

/**
 * Splits `text` at the matches: the text between them, a mention for each. The stretch after
 * the last match stays in `text` itself and only the ones before move to new runs, so what
 * someone appends to the paragraph meanwhile lands where they typed it; text typed meanwhile
 * into a stretch that moved is never lost, it stays in `text`, before the kept stretch.
 */
function splitAround(text: Y.XmlText, ops: DeltaOp[], matches: NameMatch[]): void {
  const parent = text.parent as Y.XmlElement;
  const plain = plainOf(ops);
  const bounds = [0, ...matches.flatMap((m) => [m.from, m.to]), plain.length];
  const stretches = Array.from({ length: matches.length + 1 }, (_, i) => ({
    from: bounds[2 * i] ?? 0,
    to: bounds[2 * i + 1] ?? 0,
  }));
  const moved: (Y.XmlText | Y.XmlElement)[] = [];
  matches.forEach((match, i) => {
    const stretch = stretches[i];
    if (stretch && stretch.to > stretch.from) moved.push(runOf(ops, stretch));
    moved.push(mentionOf(plain, match));
  });
  const kept = stretches[matches.length] ?? { from: plain.length, to: plain.length };
  if (kept.from > 0) text.delete(0, kept.from);
  parent.insert(parent.toArray().indexOf(text), moved);
  // An emptied run stays: deleting it would drop what someone is typing into it meanwhile.
}

function runOf(ops: DeltaOp[], stretch: { from: number; to: number }): Y.XmlText {
  const run = new Y.XmlText();
  run.applyDelta(sliceOps(ops, stretch.from, stretch.to));
  return run;
}

function mentionOf(plain: string, match: NameMatch): Y.XmlElement {
  const mention = new Y.XmlElement(MENTION);
  mention.setAttribute('id', match.elementId);
  mention.setAttribute('label', plain.slice(match.from, match.to));
  return mention;
}
