// The variants behind perf-typing's A/B figures (README, Performance → Editor): the contained
// page scroller and side panels, and the CaretInView plugin, each undone at run time.
const css = (name, text) => ({
  name,
  apply: `(() => { const s = document.createElement('style'); s.id = 'ab-style'; s.textContent = ${JSON.stringify(text)}; document.head.append(s); })()`,
  revert: `document.getElementById('ab-style')?.remove()`,
});

export default [
  { name: 'base' },
  css('no-contain', '.chapter-pages, nav[aria-label], aside[aria-label] { contain: none !important; }'),
  css('no-contain-sides', 'nav[aria-label], aside[aria-label] { contain: none !important; }'),
  {
    name: 'no-caret-in-view',
    apply: `(() => { const e = document.querySelector('.ProseMirror').editor; window.__abPlugin = e.state.plugins.find((p) => p.key.startsWith('caretInView$')); e.unregisterPlugin('caretInView'); })()`,
    revert: `(() => { document.querySelector('.ProseMirror').editor.registerPlugin(window.__abPlugin); })()`,
  },
];
