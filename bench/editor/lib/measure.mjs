// Typing measured the benchmark's way (README "Definitions"), shared by run.mjs and
// mentions.mjs: the bare contenteditable page, the editor's look it copies, and one warm-up plus
// one traced pass of steady typing into a chapter's middle paragraph.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { toHtml } from './prose.mjs';
import { TRACE_CATEGORIES, caretInView, perKeystroke, placeCaret, typeSteadily } from './typing.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The bare page: `paragraphs` in a contenteditable, laid out like the editor's page (`style`). */
export function barePage(style, paragraphs) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title><style>
  html, body { margin: 0; height: 100%; }
  #scroller { height: 100vh; overflow: auto; background: #f1f3f5; }
  #page { width: ${style.width}; margin: 24px auto; background: #fff; box-sizing: border-box; padding: ${style.padding}; }
  [contenteditable] { outline: none; white-space: pre-wrap; word-wrap: break-word; font-variant-ligatures: none;
    font-family: ${style.fontFamily}; font-size: ${style.fontSize}; line-height: ${style.lineHeight}; color: #000; }
  p { margin: ${style.paragraphMargin}; }
  </style></head><body><div id="scroller" data-testid="chapter-scroller"><div id="page">
  <div contenteditable="true" spellcheck="false">${toHtml(paragraphs)}</div></div></div></body></html>`;
}

export const DEFAULT_STYLE = { width: '816px', padding: '38px', fontFamily: 'Arial, sans-serif', fontSize: '14.63px', lineHeight: '1.4', paragraphMargin: '0 0 0.8em' };

/** The Quire editor's own look, so the bare page is laid out the same. */
export function editorStyle(page) {
  return page.evaluate(() => {
    const root = document.querySelector('.ProseMirror');
    const p = root.querySelector(':scope > p');
    const cs = getComputedStyle(root);
    const ps = getComputedStyle(p);
    return {
      width: `${root.getBoundingClientRect().width}px`,
      padding: cs.padding,
      fontFamily: ps.fontFamily,
      fontSize: ps.fontSize,
      lineHeight: ps.lineHeight,
      paragraphMargin: ps.margin,
      spellcheck: root.spellcheck,
    };
  });
}

/**
 * Warm-up pass, then the measured pass under a trace, typed into block `middle`, which must
 * start with `expectStart`; the caret is brought into view first. `keepDir` keeps the trace.
 */
export async function measureTyping(browser, page, label, { middle, expectStart, warmText, measuredText, gapMs, log, keepDir }) {
  const blockText = await placeCaret(page, middle);
  if (!blockText.startsWith(expectStart)) {
    throw new Error(`${label}: block ${middle} is not the chapter's middle paragraph`);
  }
  const inViewBefore = await caretInView(page);
  log(`${label}: warm-up, ${warmText.length} keys`);
  await typeSteadily(page, warmText, gapMs);
  await page.evaluate(() => {
    const s = getSelection();
    (s.focusNode.nodeType === 1 ? s.focusNode : s.focusNode.parentElement).scrollIntoView({ block: 'center' });
  });
  await sleep(500);
  log(`${label}: measured pass, ${measuredText.length} keys, one every ${gapMs} ms, traced`);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const data = await typeSteadily(page, measuredText, gapMs);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const inViewAfter = await caretInView(page);
  const typedIn = await page.evaluate(
    ([i, probeText]) => document.querySelector('[contenteditable="true"]').querySelectorAll(':scope > p')[i].textContent.includes(probeText),
    [middle, measuredText.slice(-40)],
  );
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(join(keepDir, `editor-${label}-trace.json`), JSON.stringify(trace));
    writeFileSync(join(keepDir, `editor-${label}-data.json`), JSON.stringify(data));
  }
  const figures = perKeystroke(data, trace);
  return { ...figures, keys: data.keys.length, inViewBefore, inViewAfter, typedIn };
}
