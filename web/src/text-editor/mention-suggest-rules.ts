/**
 * What the mention suggestion offers for the text before the caret: after `@`, the elements
 * whose name or nickname holds the query; after the start of a known name or nickname, written
 * as a mention would be matched (`caseVariants`), the elements it may be. Plain TypeScript.
 */
import { caseVariants, isWordChar, labelsOf, type MentionTarget } from './mention-names';

/** At most this many elements are offered. */
export const MAX_SUGGESTIONS = 8;
/** The start of a name offers elements once this many characters are typed. */
export const MIN_NAME_PREFIX = 3;
/** How far before the caret a query may start. */
export const QUERY_REACH = 48;

export interface Suggestion {
  element: MentionTarget;
  /** The name or nickname the mention will read. */
  label: string;
}

export interface SuggestionQuery {
  trigger: '@' | 'name';
  /** Where the replaced text starts, as an offset into `before`. */
  start: number;
  query: string;
  items: Suggestion[];
}

/** `@` at the start of a word, then the query (no line break, no second `@`). */
const AT_QUERY = /(?:^|[^\p{L}\p{N}_])@([^@\n\uFFFC]*)$/u;

/**
 * The suggestion for `before` (the block's text up to the caret; atoms as U+FFFC), or null.
 * `@` wins over a name's start.
 */
export function suggestFor(
  before: string,
  elements: readonly MentionTarget[],
): SuggestionQuery | null {
  const text = before.slice(-QUERY_REACH);
  const offset = before.length - text.length;
  const at = AT_QUERY.exec(text);
  if (at) {
    const query = at[1] ?? '';
    const start = offset + text.length - query.length - 1;
    if (query.startsWith(' ')) return null;
    const items = byQuery(query, elements);
    return items.length > 0 ? { trigger: '@', start, query, items } : null;
  }
  for (let start = 0; start <= text.length - MIN_NAME_PREFIX; start += 1) {
    if (!isWordChar(text.charAt(start)) || (start > 0 && isWordChar(text.charAt(start - 1))))
      continue;
    const query = text.slice(start);
    const items = byPrefix(query, elements);
    if (items.length > 0) return { trigger: 'name', start: offset + start, query, items };
  }
  return null;
}

/** Elements whose name or nickname holds `query` (any case), names starting with it first. */
function byQuery(query: string, elements: readonly MentionTarget[]): Suggestion[] {
  const wanted = query.trim().toLocaleLowerCase();
  const ranked: { suggestion: Suggestion; rank: number }[] = [];
  for (const element of elements) {
    let best: { suggestion: Suggestion; rank: number } | null = null;
    for (const [i, label] of labelsOf(element).entries()) {
      const at = label.toLocaleLowerCase().indexOf(wanted);
      if (at < 0) continue;
      const rank = (at === 0 ? 0 : 2) + (i === 0 ? 0 : 1);
      if (!best || rank < best.rank) best = { suggestion: { element, label }, rank };
    }
    if (best) ranked.push(best);
  }
  ranked.sort((a, b) => a.rank - b.rank || a.suggestion.label.localeCompare(b.suggestion.label));
  return ranked.slice(0, MAX_SUGGESTIONS).map((r) => r.suggestion);
}

/**
 * Every way the elements' labels may be written (`caseVariants`), sorted, each with its element
 * and the label's place among the element's labels: the variants a query begins are one run of
 * it. Made once per list of elements (the directory keeps one list until the elements change).
 */
interface PrefixIndex {
  variants: string[];
  entries: { element: MentionTarget; label: string; rank: number }[];
}

const prefixIndexes = new WeakMap<readonly MentionTarget[], PrefixIndex>();

function prefixIndexOf(elements: readonly MentionTarget[]): PrefixIndex {
  const known = prefixIndexes.get(elements);
  if (known) return known;
  const rows: { variant: string; element: MentionTarget; label: string; rank: number }[] = [];
  for (const element of elements) {
    for (const [rank, label] of labelsOf(element).entries()) {
      for (const variant of caseVariants(label)) rows.push({ variant, element, label, rank });
    }
  }
  rows.sort((a, b) => (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0));
  const index = { variants: rows.map((row) => row.variant), entries: rows };
  prefixIndexes.set(elements, index);
  return index;
}

/** The first place in `sorted` whose string is not below `query`. */
function lowerBound(sorted: readonly string[], query: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? '') < query) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Elements with a name or nickname that `query` begins, written as a mention is matched; each
 * with its first such label (the name before the nicknames).
 */
function byPrefix(query: string, elements: readonly MentionTarget[]): Suggestion[] {
  const { variants, entries } = prefixIndexOf(elements);
  const best = new Map<string, { element: MentionTarget; label: string; rank: number }>();
  for (let i = lowerBound(variants, query); i < variants.length; i += 1) {
    if (!(variants[i] ?? '').startsWith(query)) break;
    const entry = entries[i];
    if (!entry) break;
    const kept = best.get(entry.element.id);
    if (!kept || entry.rank < kept.rank) best.set(entry.element.id, entry);
  }
  const out = [...best.values()].map(({ element, label }) => ({ element, label }));
  out.sort((a, b) => a.label.length - b.label.length || a.label.localeCompare(b.label));
  return out.slice(0, MAX_SUGGESTIONS);
}
