/**
 * Find and replace in the footnote bodies (kept beside the text, in `footnotesStore`), so a search
 * of the chapter covers its footnotes too. Plain functions over the store: no editor, no React.
 */
import { needleOf, occurrences } from './extensions/find-replace';
import type { FootnotesStore } from './footnotes-store';

/** An occurrence in the body of footnote `id`, as offsets into that body's text. */
export interface FootnoteMatch {
  id: string;
  from: number;
  to: number;
}

/** Every occurrence of `query` in the bodies, footnotes in `order` (their order in the text). */
export function findInFootnotes(
  store: FootnotesStore,
  order: readonly string[],
  query: string,
  caseSensitive: boolean,
): FootnoteMatch[] {
  if (query === '') return [];
  const needle = needleOf(query, caseSensitive);
  return order.flatMap((id) =>
    occurrences(store.body(id), needle, caseSensitive).map((at) => ({
      id,
      from: at,
      to: at + query.length,
    })),
  );
}

/** Replaces `matches` (as found, any footnotes) with `replacement`, one edit per body. */
export function replaceInFootnotes(
  store: FootnotesStore,
  matches: readonly FootnoteMatch[],
  replacement: string,
): void {
  const byId = new Map<string, FootnoteMatch[]>();
  for (const match of matches) byId.set(match.id, [...(byId.get(match.id) ?? []), match]);
  for (const [id, found] of byId) {
    let body = store.body(id);
    // From the end, so earlier offsets stay valid.
    for (const match of [...found].sort((a, b) => b.from - a.from))
      body = body.slice(0, match.from) + replacement + body.slice(match.to);
    store.setBody(id, body);
  }
}
