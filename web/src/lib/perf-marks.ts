/**
 * The app's own `performance` marks of a page load's path to the first chapter on screen
 * (bench/editor prints them; the browser's performance panel shows them). Each is set once
 * per page load, the first time that point is reached:
 * `quire:app-start` (the app's modules evaluated), `quire:route-allowed` (the session is known
 * and the route's guard let it in), `quire:route-mounted` (the editor's page rendered),
 * `quire:workspace-loaded` (the manuscript's rows read from this device),
 * `quire:chapter-loaded` (the chapter's document opened), `quire:editor-bound` (the editor
 * created and bound to that document, the text in it), `quire:editor-shown` (the end of the
 * frame that first shows that text: what a writer waits for, and what bench/editor reads when no
 * DevTools client is attached to the page).
 */
export type AppMark =
  | 'quire:app-start'
  | 'quire:route-allowed'
  | 'quire:route-mounted'
  | 'quire:workspace-loaded'
  | 'quire:chapter-loaded'
  | 'quire:editor-bound'
  | 'quire:editor-shown';

export function markOnce(name: AppMark): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** Spans of work a benchmark reads: `quire:mention-convert`, a story element's names made mentions. */
export type AppSpan = 'quire:mention-convert';

/** Records `name` from `start` (a `performance.now()`) to now, with `detail` for the reader. */
export function measureSince(name: AppSpan, start: number, detail: unknown): void {
  if (typeof performance === 'undefined' || typeof performance.measure !== 'function') return;
  performance.measure(name, { start, end: performance.now(), detail });
}
