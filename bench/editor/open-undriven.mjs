#!/usr/bin/env node
// Diagnostic (not the benchmark): the open from the local store with and without a DevTools
// client attached during the load, in one persistent profile, alternating. Under Playwright V8
// neither writes nor reads its code cache (codecache-plain.mjs); a writer's browser does. The
// profile is prepared by Playwright (log in, first open from the server), then each open is a
// fresh headless Chromium on that profile with `--remote-debugging-port`:
// - `undriven`: the editor's address opened by the browser itself; the harness connects only
//   ~8 s later and reads the app's own marks (performance marks `quire:*`, navigation timing);
// - `driven`: the harness connects first (Playwright over CDP) and navigates; same reading.
// The figure is the app's `quire:editor-shown` mark (the end of the frame that first shows the
// chapter). `--opens=N` (4 per side, after 2 warm-up loads that let the plain browser write its
// cache). Run under the bench lock. lib/undriven.mjs has the details; run.mjs measures the
// undriven open too, and this alternates the two sides in one profile.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { opened } from './lib/open.mjs';
import { probe } from './lib/probe.mjs';
import { chapter } from './lib/prose.mjs';
import { logIn, seedLongManuscript, startServer } from './lib/server.mjs';
import { APP_MARKS, oneOpen } from './lib/undriven.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRequire = createRequire(join(root, 'web/package.json'));
const { chromium } = webRequire('playwright-core');
const N = Number((process.argv.find((a) => a.startsWith('--opens=')) ?? '--opens=4').split('=')[1]);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  const line = (m) => `editor-shown ${f(m['editor-shown'])} (dcl ${f(m.dcl)}, ${APP_MARKS.slice(0, -1).map((k) => `${k} ${f(m[k])}`).join(', ')})`;
  for (let w = 1; w <= 2; w += 1) console.log(`warm-up undriven #${w}: ${line(await oneOpen(chromium, { profile, url, args: ARGS }))}`);
  const bound = { driven: [], undriven: [] };
  for (let n = 1; n <= N; n += 1) {
    for (const side of n % 2 ? ['undriven', 'driven'] : ['driven', 'undriven']) {
      const m = await oneOpen(chromium, { profile, url, args: ARGS, driven: side === 'driven' });
      bound[side].push(m['editor-shown']);
      console.log(`${side} #${n}: ${line(m)}`);
    }
  }
  for (const [side, v] of Object.entries(bound)) {
    v.sort((a, b) => a - b);
    console.log(`${side}: editor-shown median ${f(v[v.length >> 1])} of ${v.map(f).join(', ')}`);
  }
} finally {
  server.stop();
  rmSync(profile, { recursive: true, force: true });
  rmSync(DIST, { recursive: true, force: true });
  console.log(`load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
}
