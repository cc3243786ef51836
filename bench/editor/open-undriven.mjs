#!/usr/bin/env node
// Diagnostic (not the benchmark): the open from the local store with and without a DevTools
// client attached during the load, in one persistent profile, alternating. Under Playwright V8
// neither writes nor reads its code cache (codecache-plain.mjs); a writer's browser does. The
// profile is prepared by Playwright (log in, first open from the server), then each open is a
// fresh headless Chromium on that profile with `--remote-debugging-port`:
// - `undriven`: the editor's address on the command line; the harness connects only ~8 s later
//   and reads the app's own marks (performance marks `quire:*`, navigation timing);
// - `driven`: the harness connects first (Playwright over CDP) and navigates; same reading.
// The collab socket is not held (no Playwright in the page to hold it); the marks up to
// `editor-bound` come from IndexedDB before it matters. `--opens=N` (4 per side, after 2 warm-up
// loads that let the plain browser write its cache). Run under the bench lock.
// Both sides navigate 3 s after the browser started (the first version raced the undriven open
// against the browser's start-up). No trace confirms that the undriven opens read the code cache.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { reniceBrowser } from './lib/nice.mjs';
import { opened } from './lib/open.mjs';
import { probe } from './lib/probe.mjs';
import { chapter } from './lib/prose.mjs';
import { freePort, logIn, seedLongManuscript, startServer } from './lib/server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRequire = createRequire(join(root, 'web/package.json'));
const { chromium } = webRequire('playwright-core');
const N = Number((process.argv.find((a) => a.startsWith('--opens=')) ?? '--opens=4').split('=')[1]);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const START_MS = 3000;
const MARKS = ['app-start', 'route-mounted', 'chapter-loaded', 'editor-bound'];

/** The app's marks and DOMContentLoaded of the page at `url` in this browser. */
async function readMarks(page) {
  await page.waitForFunction(() => performance.getEntriesByName('quire:editor-bound').length > 0, null, { timeout: 60_000, polling: 100 });
  return page.evaluate((names) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const out = { dcl: nav?.domContentLoadedEventEnd };
    for (const n of names) out[n] = performance.getEntriesByName(`quire:${n}`)[0]?.startTime;
    return out;
  }, MARKS);
}

async function oneOpen(profile, url, driven) {
  const port = await freePort();
  // Both sides navigate 3 s after the browser started, so neither races its start-up: the
  // undriven one from a data: page's timer, the driven one by Playwright.
  const later = `data:text/html,<script>setTimeout(() => { location.href = ${JSON.stringify(url)}; }, ${START_MS})</script>`;
  const args = [...ARGS, '--headless', `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, '--window-size=1280,900', driven ? 'about:blank' : later];
  const proc = spawn('/usr/bin/chromium', args, { stdio: 'ignore' });
  const renicing = setInterval(reniceBrowser, 500);
  try {
    let browser = null;
    if (!driven) await sleep(START_MS + 8000);
    for (let i = 0; i < 100 && !browser; i += 1) {
      await sleep(100);
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
    }
    if (!browser) throw new Error('no browser');
    const context = browser.contexts()[0];
    let page;
    if (driven) {
      page = context.pages()[0] ?? (await context.newPage());
      await sleep(START_MS);
      await page.goto(url);
    } else {
      for (let i = 0; i < 100 && !page; i += 1) {
        page = context.pages().find((p) => p.url().includes('/manuscript/'));
        if (!page) await sleep(100);
      }
    }
    const marks = await readMarks(page);
    await browser.close().catch(() => undefined);
    return marks;
  } finally {
    clearInterval(renicing);
    proc.kill();
    await new Promise((r) => (proc.exitCode === null ? proc.once('exit', r) : r()));
  }
}

const DIST = mkdtempSync(join(os.tmpdir(), 'quire-undriven-dist-'));
cpSync(process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist'), DIST, { recursive: true });
const profile = mkdtempSync(join(os.tmpdir(), 'quire-undriven-profile-'));
const load0 = os.loadavg()[0];
const server = await startServer({ bin: process.env.QUIRE_BIN, webDir: DIST });
try {
  const { writer, path } = await seedLongManuscript(server.baseURL, chapters);
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS, baseURL: server.baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(probe, { lastParagraph: chapters[1].paragraphs.at(-1).slice(0, 80) });
  const page = await context.newPage();
  await logIn(page, writer);
  await page.goto(path);
  await opened(page);
  await sleep(3000);
  await context.close();
  const url = server.baseURL + path;
  const f = (v) => (v === undefined ? '-' : v.toFixed(0));
  const line = (m) => `editor-bound ${f(m['editor-bound'])} (dcl ${f(m.dcl)}, app-start ${f(m['app-start'])}, route-mounted ${f(m['route-mounted'])}, chapter-loaded ${f(m['chapter-loaded'])})`;
  for (let w = 1; w <= 2; w += 1) console.log(`warm-up undriven #${w}: ${line(await oneOpen(profile, url, false))}`);
  const bound = { driven: [], undriven: [] };
  for (let n = 1; n <= N; n += 1) {
    for (const side of n % 2 ? ['undriven', 'driven'] : ['driven', 'undriven']) {
      const m = await oneOpen(profile, url, side === 'driven');
      bound[side].push(m['editor-bound']);
      console.log(`${side} #${n}: ${line(m)}`);
    }
  }
  for (const [side, v] of Object.entries(bound)) {
    v.sort((a, b) => a - b);
    console.log(`${side}: editor-bound median ${f(v[v.length >> 1])} of ${v.map(f).join(', ')}`);
  }
} finally {
  server.stop();
  rmSync(profile, { recursive: true, force: true });
  rmSync(DIST, { recursive: true, force: true });
  console.log(`load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
}
