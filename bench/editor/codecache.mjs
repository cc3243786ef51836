#!/usr/bin/env node
// Diagnostic (not the benchmark): does V8 read the app's chunks from a code cache when the
// editor's address is opened from the local store? Same server, seeding and probe as run.mjs.
// For each browser profile kind — `incognito` (Playwright's browser.newContext(), what run.mjs
// and open-quick.mjs use) and `persistent` (launchPersistentContext on a fresh user data
// directory: a writer's ordinary Chrome profile) — it logs in, opens the chapter from the server,
// then opens it N more times (new tab each, collab socket held) under a trace, and prints per
// open the open time and, per chunk, V8's compile event: bytes consumed from a code cache,
// cache rejected, or the reason it was not eligible. `--opens=N` (4), `--modes=incognito,persistent`,
// `--unheld` (N more opens without routeWebSocket), `--names` (every cache, parse and compile event of the trace: count, total ms, one args sample).
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { reniceBrowser } from './lib/nice.mjs';
import { opened } from './lib/open.mjs';
import { probe } from './lib/probe.mjs';
import { chapter } from './lib/prose.mjs';
import { logIn, seedLongManuscript, startServer } from './lib/server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRequire = createRequire(join(root, 'web/package.json'));
const { chromium } = webRequire('playwright-core');
const arg = (name, dflt) => (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `--${name}=${dflt}`).split('=')[1];
const N = Number(arg('opens', 4));
const MODES = arg('modes', 'incognito,persistent').split(',');
const UNHELD = process.argv.includes('--unheld');
const BUILT = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['v8', 'disabled-by-default-v8.compile', 'devtools.timeline', 'toplevel', 'blink.user_timing'];
const COLLAB = /\/api\/v4\/collab/;
const OPTIONS = { viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' };
const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const lastParagraph = chapters[1].paragraphs.at(-1).slice(0, 80);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Traces one page load through the page's own DevTools session (works for both profile kinds). */
async function traced(context, page, run) {
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  const result = await run();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return { result, events };
}

/** Per chunk of /assets/: how V8 compiled it in this trace. */
function compiles(events) {
  const rows = new Map();
  for (const e of events) {
    if (!/^v8\.(compile|compileModule|produceCache|produceModuleCache|deserializeCodeCache)/.test(e.name)) continue;
    const d = e.args?.data ?? e.args ?? {};
    const url = d.url ?? d.fileName ?? '';
    const m = /\/assets\/([^/?]+)/.exec(url);
    if (!m) continue;
    const name = m[1].replace(/-[\w-]{8}\.js$/, '');
    const row = rows.get(name) ?? [];
    const bits = [];
    if (d.consumedCacheSize) bits.push(`consumed ${d.consumedCacheSize}`);
    if (d.cacheRejected) bits.push('rejected');
    if (d.notEligibleReason) bits.push(`not eligible: ${d.notEligibleReason}`);
    if (d.producedCacheSize) bits.push(`produced ${d.producedCacheSize}`);
    if (d.cacheKind) bits.push(d.cacheKind);
    if (d.streamed !== undefined) bits.push(d.streamed ? 'streamed' : 'not streamed');
    row.push(`${e.name.replace('v8.', '')}${e.dur ? ` ${(e.dur / 1000).toFixed(0)}ms` : ''}${bits.length ? ` (${bits.join(', ')})` : ''}`);
    rows.set(name, row);
  }
  return [...rows.entries()].filter(([n]) => /^(index|editor|ui|useTranslation|manuscript-page|binder|Button|use-document-title)$/.test(n));
}

/** Every cache- or parse-related event in the trace: name ×count total ms, and one args sample. */
function cacheEvents(events) {
  const by = new Map();
  for (const e of events) {
    if (!/cache|serializ|stream|parse|compile/i.test(e.name)) continue;
    const v = by.get(e.name) ?? { n: 0, dur: 0, args: JSON.stringify(e.args ?? {}).slice(0, 160) };
    v.n += 1;
    v.dur += (e.dur ?? 0) / 1000;
    by.set(e.name, v);
  }
  return [...by.entries()].map(([k, v]) => `${k} ×${v.n} ${v.dur.toFixed(0)}ms ${v.args}`).join('\n      ');
}

/** Files and bytes in the profile's on-disk V8 code cache (Chromium's `Code Cache/js`, `wasm`). */
function codeCacheFiles(dir) {
  if (!existsSync(dir)) return 'none';
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const bytes = files.reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
  return `${files.length} files, ${(bytes / 1024).toFixed(0)} kB`;
}

async function runMode(mode, baseURL, writer, url) {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'quire-cc-profile-'));
  let browser = null;
  let context;
  if (mode === 'persistent') {
    context = await chromium.launchPersistentContext(dataDir, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS, baseURL, ...OPTIONS });
  } else {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
    context = await browser.newContext({ baseURL, ...OPTIONS });
  }
  const renicing = setInterval(reniceBrowser, 500);
  try {
    await context.addInitScript(probe, { lastParagraph });
    const page = await context.newPage();
    await logIn(page, writer);
    await page.goto(url);
    const first = await opened(page);
    console.log(`== ${mode}: first open ${first.end.toFixed(0)} ms`);
    await sleep(3000);
    await page.close();
    const ends = [];
    // --unheld: N more opens with the collab socket left alone (Playwright's routeWebSocket
    // installs its own machinery in the page; this shows whether it is what keeps the cache away).
    for (let n = 1; n <= (UNHELD ? 2 * N : N); n += 1) {
      const tab = await context.newPage();
      if (n <= N) await tab.routeWebSocket(COLLAB, () => {});
      else if (n === N + 1) console.log('  -- collab socket not held:');
      const { result: o, events } = await traced(context, tab, async () => {
        await tab.goto(url);
        return opened(tab);
      });
      ends.push(o.end);
      console.log(`  open #${n}: ${o.end.toFixed(0)} ms (dcl ${o.nav?.domContentLoaded?.toFixed(0)})`);
      for (const [name, row] of compiles(events)) console.log(`    ${name}: ${row.join(' · ')}`);
      if (process.argv.includes('--names')) console.log('    events: ' + cacheEvents(events));
      await sleep(1500);
      await tab.close();
    }
    ends.sort((a, b) => a - b);
    console.log(`  median ${ends[ends.length >> 1].toFixed(0)} of ${ends.map((v) => v.toFixed(0)).join(', ')}`);
  } finally {
    clearInterval(renicing);
    await context.close();
    if (mode === 'persistent') console.log(`  profile's code cache: ${codeCacheFiles(join(dataDir, 'Default', 'Code Cache'))}`);
    if (browser) await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const DIST = mkdtempSync(join(os.tmpdir(), 'quire-cc-dist-'));
cpSync(BUILT, DIST, { recursive: true });
const load0 = os.loadavg()[0];
const server = await startServer({ bin: process.env.QUIRE_BIN, webDir: DIST });
try {
  const { writer, path: url } = await seedLongManuscript(server.baseURL, chapters);
  for (const mode of MODES) await runMode(mode, server.baseURL, writer, url);
} finally {
  server.stop();
  rmSync(DIST, { recursive: true, force: true });
  console.log(`load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
}
