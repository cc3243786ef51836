#!/usr/bin/env node
// A diagnostic beside the benchmark (not a figure of it): variants of the editor screen compared
// in ONE page, so that the machine's run-to-run spread (±5 ms of work p99 between runs) does not
// hide a change of half a millisecond. Each variant is a pair of page-evaluated JS strings that
// apply and revert it at run time (a style override, an editor plugin unregistered: the editor
// is `document.querySelector('.ProseMirror').editor`). Rounds of KEYS keys per variant, in turn,
// each traced and measured with the benchmark's own definition of (a) work.
//
//   cd web && VARIANTS=/path/variants.mjs [ROUNDS=2] [KEYS=100] [SHOT=dir] node ../bench/editor/ab.mjs
//   variants.mjs: export default [{ name: 'base' }, { name, apply: 'js', revert: 'js' }, …]
// Hold the benchmark lock as for run.mjs (QUIRE_WEB_DIR, QUIRE_BIN as there).
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { reniceBrowser } from './lib/nice.mjs';
import { probe } from './lib/probe.mjs';
import { chapter, toHtml, typingText } from './lib/prose.mjs';
import { summary } from './lib/report.mjs';
import { logIn, seedManuscript, signUp, startServer } from './lib/server.mjs';
import { TRACE_CATEGORIES, perKeystroke, placeCaret, typeSteadily } from './lib/typing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const req = createRequire(join(root, 'web/package.json'));
const { chromium } = req('playwright-core');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const KEYS = Number(process.env.KEYS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
if (!process.env.VARIANTS) throw new Error('VARIANTS=/path/to/variants.mjs is required');
const variants = (await import(pathToFileURL(resolve(process.env.VARIANTS)).href)).default;
const webDir = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');
const bin = process.env.QUIRE_BIN ?? join(os.homedir(), '.cache/quire/target/release/quire');
const server = await startServer({ bin, webDir });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const renicing = setInterval(reniceBrowser, 500);
try {
  const writer = { name: 'AB', email: `ab-${Date.now()}@example.com`, password: 'correct-horse-7' };
  const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
  const ids = await seedManuscript(await signUp(server.baseURL, writer), 'AB', chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })));
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' });
  await context.addInitScript(probe, { lastParagraph: chapters[1].paragraphs.at(-1).slice(0, 80) });
  const page = await context.newPage();
  await logIn(page, writer);
  await page.goto(`/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[1]}`);
  await page.waitForFunction(() => window.__bench?.open?.end !== undefined, null, { timeout: 60_000 });
  await sleep(1500);
  await placeCaret(page, Math.floor(chapters[1].paragraphs.length / 2));
  await typeSteadily(page, typingText(8, 100), 100);
  const results = new Map(variants.map((v) => [v.name, { work: [], where: new Map() }]));
  let seed = 20;
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const v of variants) {
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
  clearInterval(renicing);
  await browser.close();
  server.stop();
}
