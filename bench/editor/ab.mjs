#!/usr/bin/env node
// A diagnostic beside the benchmark (not a figure of it): variants of the editor screen compared
// in ONE page, so that the machine's run-to-run spread (of the p99 of work between runs) does not
// hide a change far smaller than it. Each variant is a pair of page-evaluated JS strings that
// apply and revert it at run time (a style override, an editor plugin unregistered: the editor
// is `document.querySelector('.ProseMirror').editor`). Rounds of KEYS keys per variant, in turn,
// each traced and measured with the benchmark's own definition of (a) work.
//
//   cd web && VARIANTS=/path/variants.mjs [ROUNDS=2] [KEYS=100] [SHOT=dir] node ../bench/editor/ab.mjs
//   variants.mjs: export default [{ name: 'base' }, { name, apply: 'js', revert: 'js' }, …]
// A variant may instead name another build of the app, `{ name, webDir: '/path/to/dist' }` (a
// change that cannot be undone at run time, such as a patched dependency): it is typed into in
// a page of its own (its own server and browser, opened the same way), in the same rounds.
// Hold the benchmark lock as for run.mjs (QUIRE_WEB_DIR, QUIRE_BIN as there).
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { typingText } from './lib/prose.mjs';
import { summary } from './lib/report.mjs';
import { openTypingPage } from './lib/typing-page.mjs';
import { TRACE_CATEGORIES, perKeystroke, typeSteadily } from './lib/typing.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const KEYS = Number(process.env.KEYS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
if (!process.env.VARIANTS) throw new Error('VARIANTS=/path/to/variants.mjs is required');
const variants = (await import(pathToFileURL(resolve(process.env.VARIANTS)).href)).default;
const pages = new Map();
try {
  for (const v of variants) if (!pages.has(v.webDir)) pages.set(v.webDir, await openTypingPage('AB', v.webDir));
  const results = new Map(variants.map((v) => [v.name, { work: [], where: new Map() }]));
  let seed = 20;
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const v of variants) {
      const { browser, page } = pages.get(v.webDir);
      if (v.apply) await page.evaluate(v.apply);
      if (r === 0 && process.env.SHOT) await page.screenshot({ path: join(process.env.SHOT, `ab-${v.name}.png`) });
      await page.evaluate(() => {
        const s = getSelection();
        (s.focusNode.nodeType === 1 ? s.focusNode : s.focusNode.parentElement).scrollIntoView({ block: 'center' });
      });
      await sleep(500);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const data = await typeSteadily(page, typingText(seed++, KEYS), 100);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
      const f = perKeystroke(data, trace);
      const res = results.get(v.name);
      res.work.push(...f.work);
      for (const [n, ms] of f.where) res.where.set(n, (res.where.get(n) ?? 0) + ms / ROUNDS);
      const s = summary(f.work);
      console.error(`round ${r} ${v.name}: p50 ${s[0].toFixed(1)} p95 ${s[1].toFixed(1)} p99 ${s[2].toFixed(1)}`);
      if (v.revert) await page.evaluate(v.revert);
    }
  }
  for (const [name, res] of results) {
    const s = summary(res.work);
    const mean = res.work.reduce((a, b) => a + b, 0) / res.work.length;
    console.log(`${name}: n ${res.work.length} mean ${mean.toFixed(2)} p50 ${s[0].toFixed(1)} p95 ${s[1].toFixed(1)} p99 ${s[2].toFixed(1)} max ${s[3].toFixed(1)}`);
    console.log('   ' + [...res.where.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([n, v]) => `${n} ${v.toFixed(2)}`).join(' · '));
  }
} finally {
  for (const { close } of pages.values()) await close();
}
