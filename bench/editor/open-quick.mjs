#!/usr/bin/env node
// Iteration aid (not the benchmark): only the "open from the local store" part of run.mjs,
// N opens, printing each open with the app's marks; --trace adds the trace breakdown,
// --profile a CPU profile of one more open, --phases one more traced open broken down between
// the app's marks (lib/phases.mjs); --live lets the collab socket reach the server (held
// otherwise, as run.mjs holds it); --persistent opens in a persistent browser profile (as
// run.mjs measures) instead of a private one. Same server, seeding, browser and probe as run.mjs.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { reniceBrowser } from './lib/nice.mjs';
import { probe } from './lib/probe.mjs';
import { firstAndLocalOpens, profiledOpen, tracedOpen } from './lib/open.mjs';
import { PHASE_CATEGORIES, phases } from './lib/phases.mjs';
import { appFunctions, byPackage, topFunctions } from './lib/profile.mjs';
import { chapter, toHtml } from './lib/prose.mjs';
import { logIn, seedManuscript, signUp, startServer } from './lib/server.mjs';
import { busy, cpu, mainThread, selfTimeByName } from './lib/trace.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRequire = createRequire(join(root, 'web/package.json'));
const { chromium } = webRequire('playwright-core');
let traceMapping = null;
try { traceMapping = webRequire('@jridgewell/trace-mapping'); } catch {}
const N = Number((process.argv.find((a) => a.startsWith('--opens=')) ?? '--opens=5').split('=')[1]);
const TRACE = process.argv.includes('--trace');
const PROFILE = process.argv.includes('--profile');
const PERSISTENT = process.argv.includes('--persistent');
const PHASES = process.argv.includes('--phases');
const LIVE = process.argv.includes('--live');
const TOP = Number((process.argv.find((a) => a.startsWith('--top=')) ?? '--top=8').split('=')[1]);
const BIN = process.env.QUIRE_BIN;
const BUILT = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const lastParagraph = chapters[1].paragraphs.at(-1).slice(0, 80);
const f = (v) => (v === undefined ? '-' : v.toFixed(0));

const DIST = mkdtempSync(join(os.tmpdir(), 'quire-open-dist-'));
const PROFILE_DIR = mkdtempSync(join(os.tmpdir(), 'quire-open-profile-'));
cpSync(BUILT, DIST, { recursive: true });
const load0 = os.loadavg()[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
const renicing = setInterval(reniceBrowser, 500);
const server = await startServer({ bin: BIN, webDir: DIST });
try {
  const writer = { name: 'Bench Writer', email: `bench-${Date.now()}@example.com`, password: 'correct-horse-7' };
  const api = await signUp(server.baseURL, writer);
  const ids = await seedManuscript(api, 'The Long Manuscript', chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })));
  const url = `/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[1]}`;
  const options = { baseURL: server.baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' };
  const context = PERSISTENT
    ? await chromium.launchPersistentContext(PROFILE_DIR, { executablePath: '/usr/bin/chromium', headless: true, args: ARGS, ...options })
    : await browser.newContext(options);
  await context.addInitScript(probe, { lastParagraph });
  const page = await context.newPage();
  await logIn(page, writer);
  const { opens } = await firstAndLocalOpens(context, page, url, N, (o, n) => {
    if (n < 0) return console.log(`first open ${f(o.end)}`);
    const marks = o.marks.filter(([m]) => !m.startsWith('qb:')).map(([m, t]) => `${m.replace('quire:', '')} ${f(t)}`).join(', ');
    console.log(`open #${n}: ${f(o.end)} ms (worker ${f(o.nav?.workerStart)}, request ${f(o.nav?.requestStart)}, response ${f(o.nav?.responseStart)}-${f(o.nav?.responseEnd)}, dcl ${f(o.nav?.domContentLoaded)}, editor ${f(o.editorAt)}, dom ${f(o.dom)}) ${marks}`);
  }, { hold: !LIVE });
  const ends = opens.map((o) => o.end).sort((a, b) => a - b);
  console.log(`median ${f(ends[ends.length >> 1])} of ${ends.map(f).join(', ')}`);
  if (TRACE) {
    const { open: o, trace } = await tracedOpen(context, url);
    writeFileSync(process.env.OPEN_TRACE_OUT ?? join(os.tmpdir(), 'quire-open-trace.json'), JSON.stringify(trace));
    const { marks, tasks, timeline } = mainThread(trace);
    const at = marks.get('qb:open');
    const start = at - o.markAt * 1000;
    const end = at - (o.markAt - o.end) * 1000;
    console.log(`traced open ${f(o.end)}: busy ${f(busy(tasks, start, end) / 1000)} cpu ${f(cpu(tasks, start, end) / 1000)}; ` +
      selfTimeByName(timeline, [[start, end]]).slice(0, 12).map(([n, us]) => `${n} ${f(us / 1000)}`).join(' · '));
  }
  if (PHASES) {
    const { open: o, trace } = await tracedOpen(context, url, PHASE_CATEGORIES);
    for (const line of phases(trace, o, { distDir: BUILT, traceMapping, top: TOP })) console.log(line);
  }
  if (PROFILE) {
    const profile = await profiledOpen(context, url);
    writeFileSync(process.env.OPEN_PROFILE_OUT ?? join(os.tmpdir(), 'quire-open-profile.json'), JSON.stringify(profile));
    const opts = { distDir: BUILT, traceMapping };
    const top = topFunctions(profile, { ...opts, limit: 40 });
    for (const [l, v] of top.rows) console.log(`  ${v.toFixed(1)}  ${l}`);
    console.log('packages: ' + byPackage(profile, opts).slice(0, 20).map(([p, v]) => `${p} ${v.toFixed(0)}`).join(' · '));
    console.log('app: ' + appFunctions(profile, opts).map(([p, v]) => `${p} ${v.toFixed(0)}`).join(' · '));
  }
  await context.close();
} finally {
  server.stop();
  clearInterval(renicing);
  await browser.close();
  rmSync(DIST, { recursive: true, force: true });
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  console.log(`load ${load0.toFixed(2)} → ${os.loadavg()[0].toFixed(2)}`);
}
