#!/usr/bin/env node
// The editor benchmark (README.md here): types into the middle of a 50,000-word chapter of a
// 150,000-word manuscript in the full Quire editor and, in the same run and browser, into a bare
// contenteditable holding the same text; prints per-keystroke figures and the open time.
//
//   node bench/editor/run.mjs [--bare-only] [--keys=300] [--warmup=100] [--gap=100]
//                             [--profile | --no-profile]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { NICE, reniceBrowser } from './lib/nice.mjs';
import { probe } from './lib/probe.mjs';
import { appFunctions, byPackage, labeler, startProfile, topFunctions } from './lib/profile.mjs';
import { DEFAULT_STYLE, barePage, editorStyle, measureTyping as measureTypingIn } from './lib/measure.mjs';
import { chapter, toHtml, typingText } from './lib/prose.mjs';
import { ms, percentile, summary, table, verdict } from './lib/report.mjs';
import { firstAndLocalOpens, opened, profiledOpen, tracedOpen } from './lib/open.mjs';
import { logIn, seedManuscript, signUp, startServer } from './lib/server.mjs';
import { APP_MARKS, codeCache, oneOpen } from './lib/undriven.mjs';
import { busy, cpu, mainThread, selfTimeByName } from './lib/trace.mjs';
import { TRACE_CATEGORIES, typeSteadily } from './lib/typing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webRequire = createRequire(join(root, 'web/package.json'));
const { chromium } = webRequire('playwright-core');
let traceMapping = null;
try {
  traceMapping = webRequire('@jridgewell/trace-mapping');
} catch {
  // profiles then name minified positions
}

const flag = (name, fallback) => {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  return arg.includes('=') ? Number(arg.split('=')[1]) : true;
};
const BARE_ONLY = flag('bare-only', false);
const KEYS = flag('keys', 300);
const WARMUP = flag('warmup', 100);
const GAP_MS = flag('gap', 100);
// --profile always, --no-profile never; by default only when one of Quire's own targets is missed.
const PROFILE = flag('profile', false) ? 'always' : flag('no-profile', false) ? 'never' : 'missed';
const OPENS = 3;
// A label names a variant run (e.g. a prototype build): editor-<date>-<label>.md.
const LABEL = process.env.QUIRE_BENCH_LABEL ?? '';

const BIN = process.env.QUIRE_BIN ?? join(os.homedir(), '.cache/quire/target/release/quire');
const BUILT = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');
// The server serves a copy taken at the start: others may rebuild web/dist during a run.
let DIST = BUILT;
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };
// As web/playwright.config.ts launches it.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const log = (...a) => console.error(`[bench-editor ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the manuscript: 3 chapters of 50,000 words; we type into the second ----------------------
const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const target = chapters[1];
const middle = Math.floor(target.paragraphs.length / 2);
const lastParagraph = target.paragraphs.at(-1).slice(0, 80);
const warmText = typingText(8, WARMUP);
const measuredText = typingText(7, KEYS);

/** Warm-up pass, then the measured pass under a trace (lib/measure.mjs), in the target chapter. */
function measureTyping(browser, page, label) {
  return measureTypingIn(browser, page, label, {
    middle,
    expectStart: target.paragraphs[middle].slice(0, 40),
    warmText,
    measuredText,
    gapMs: GAP_MS,
    log,
    keepDir: process.env.QUIRE_BENCH_KEEP ? join(root, 'bench/results/tmp') : undefined,
  });
}

// ---- the Quire side ----------------------------------------------------------------------------
async function quireSide(browser) {
  const server = await startServer({ bin: BIN, webDir: DIST });
  log(`quire ${server.baseURL} (pid ${server.pid})`);
  try {
    const writer = { name: 'Bench Writer', email: `bench-${Date.now()}@example.com`, password: 'correct-horse-7' };
    const api = await signUp(server.baseURL, writer);
    const t0 = Date.now();
    const ids = await seedManuscript(
      api,
      'The Long Manuscript',
      chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })),
    );
    log(`seeded ${chapters.map((c) => c.words).join(' + ')} words in ${Date.now() - t0} ms`);
    const url = `/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[1]}`;

    const options = { baseURL: server.baseURL, viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' };

    // The opens from the local store, in a writer's own (persistent) browser profile: with
    // Playwright attached (the probe sees the text), then as the writer's browser opens it.
    const profileDir = mkdtempSync(join(os.tmpdir(), 'quire-bench-profile-'));
    let driven;
    let undriven;
    try {
      driven = await drivenOpens(profileDir, options, writer, url);
      undriven = await undrivenOpens(profileDir, server.baseURL + url);
    } finally {
      rmSync(profileDir, { recursive: true, force: true });
    }

    // The same opens in a private (incognito) profile, as this benchmark measured them before
    // 2026-11-26; and the typing.
    const context = await browser.newContext(options);
    await context.addInitScript(probe, { lastParagraph });
    let page = await context.newPage();
    await logIn(page, writer);
    const { opens: privateOpens } = await firstAndLocalOpens(context, page, url, OPENS, (open, n) =>
      log(`open from the local store, private profile${n < 0 ? ' (first, from the server)' : n ? ` #${n}` : ' (warm-up)'}: ${ms(open.end)} ms`));

    // Typing, with the socket live (collaboration bound and syncing).
    page = await context.newPage();
    await page.goto(url);
    await opened(page);
    await sleep(1000);
    const style = await editorStyle(page);
    const typing = await measureTyping(browser, page, 'quire');
    let profile = null;
    const p99 = (values) => summary(values)[2];
    const missed = p99(typing.work) > 16 || (p99(typing.et) ?? 0) > 33;
    if (PROFILE === 'always' || (PROFILE === 'missed' && missed)) profile = await profileTyping(page);
    await context.close();
    return { typing, ...driven, ...undriven, privateOpens, style, profile };
  } finally {
    server.stop();
  }
}

/**
 * In the persistent profile `profileDir`, with Playwright attached: log in, the first open (from
 * the server, which stores the chapter), one warm-up and OPENS from the local store, one more
 * traced and, when the target is missed (or --profile), one profiled.
 */
async function drivenOpens(profileDir, options, writer, url) {
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args: ARGS, ...options });
  try {
    await context.addInitScript(probe, { lastParagraph });
    const page = await context.newPage();
    await logIn(page, writer);
    const { first, opens } = await firstAndLocalOpens(context, page, url, OPENS, (open, n) =>
      log(n < 0 ? `first open (from the server): ${ms(open.end)} ms`
        : `open from the local store #${n}${n ? '' : ' (warm-up)'}: ${ms(open.end)} ms`));
    // One more open under a trace: where the main thread's time goes before the text shows.
    const traced = await tracedOpen(context, url);
    const openTrace = openBreakdown(traced.trace, traced.open);
    let openProfile = null;
    const openMedian = opens.map((o) => o.end).sort((a, b) => a - b)[opens.length >> 1];
    if (PROFILE === 'always' || (PROFILE === 'missed' && openMedian > 500)) {
      openProfile = summarize(await profiledOpen(context, url));
    }
    return { first, opens, openTrace, openProfile };
  } finally {
    await context.close();
  }
}

/**
 * The same profile opened by a browser with no DevTools client during the load (lib/undriven.mjs):
 * two loads that let it write its code cache, then OPENS. Answers their marks and the cache's size.
 */
async function undrivenOpens(profileDir, url) {
  const undriven = [];
  for (let n = -1; n <= OPENS; n += 1) {
    const marks = await oneOpen(chromium, { profile: profileDir, url, args: ARGS });
    if (n > 0) undriven.push(marks);
    log(`open without DevTools attached${n > 0 ? ` #${n}` : ' (warm-up)'}: ${ms(marks['editor-shown'])} ms`);
  }
  return { undriven, cache: codeCache(profileDir) };
}

/** The main thread from navigation start to the end of the frame showing the text. */
function openBreakdown(trace, open) {
  const { marks, tasks, timeline } = mainThread(trace);
  const at = marks.get('qb:open');
  const start = at - open.markAt * 1000;
  const end = at - (open.markAt - open.end) * 1000;
  return {
    ms: open.end,
    cpu: cpu(tasks, start, end) / 1000,
    busy: busy(tasks, start, end) / 1000,
    where: selfTimeByName(timeline, [[start, end]]).slice(0, 10).map(([name, us]) => [name, us / 1000]),
  };
}

/** A CPU profile of 100 more keystrokes in the Quire editor (not part of the figures). */
async function profileTyping(page) {
  log('quire: CPU profile of 100 keys');
  const stop = await startProfile(page);
  await typeSteadily(page, typingText(9, 100), GAP_MS);
  return summarize(await stop());
}

function summarize(profile) {
  const opts = { distDir: DIST, traceMapping };
  return {
    top: topFunctions(profile, { ...opts, limit: 25 }),
    packages: byPackage(profile, opts).slice(0, 15),
    app: appFunctions(profile, opts),
  };
}

// ---- the bare side -----------------------------------------------------------------------------
async function bareSide(browser, style) {
  const html = barePage(style, target.paragraphs);
  const http = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
    await context.addInitScript(probe, { lastParagraph, root: '[contenteditable]' });
    const bareURL = `http://127.0.0.1:${http.address().port}/`;
    const opens = [];
    for (let n = 0; n <= OPENS; n += 1) {
      const tab = await context.newPage();
      await tab.goto(bareURL);
      const open = await opened(tab);
      if (n > 0) opens.push(open);
      await tab.close();
    }
    const page = await context.newPage();
    await page.goto(bareURL);
    await opened(page);
    await sleep(1000);
    const typing = await measureTyping(browser, page, 'bare');
    await context.close();
    return { typing, opens };
  } finally {
    http.close();
  }
}

// ---- report ------------------------------------------------------------------------------------
function machine(browserVersion) {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? 'unknown';
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--', 'web/src', 'crates'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean).length;
    if (dirty) commit += ` with ${dirty} uncommitted paths under web/src and crates/ (the build is of the working tree)`;
  } catch {
    // not a checkout
  }
  return { cores: os.availableParallelism(), cpu, memGiB: Math.round(os.totalmem() / 2 ** 30), chromium: browserVersion, commit };
}

function report({ quire, bare, env }) {
  const metrics = [
    ['work', '(a) main-thread work (CPU)'],
    ['et', '(b) Event Timing duration'],
    ['busy', 'main thread in a task (wall), same window'],
    ['latency', 'keydown → end of its frame (wall, idle incl.)'],
    ['interval', 'main-thread CPU, keydown → next keydown'],
  ];
  const sides = { bare: bare.typing, ...(quire ? { quire: quire.typing } : {}) };
  const q = quire ? summary(quire.typing.work) : null;
  const b = summary(bare.typing.work);
  const qEt = quire ? summary(quire.typing.et)[2] : undefined;
  const median = (values) => percentile(values.filter((v) => v !== undefined), 50);
  const openMedian = quire ? median(quire.opens.map((o) => o.end)) : undefined;
  const undrivenMedian = quire ? median(quire.undriven.map((m) => m['editor-shown'])) : undefined;
  const privateMedian = quire ? median(quire.privateOpens.map((o) => o.end)) : undefined;
  const targets = [
    ['work p99 ≤ 16 ms', q ? `${ms(q[2])} ms` : 'n/a', verdict(q ? q[2] <= 16 : undefined)],
    ['work p99 ≤ 1.3 × bare p99', q ? `${(q[2] / b[2]).toFixed(2)}× (bare ${ms(b[2])} ms)` : `bare ${ms(b[2])} ms`, verdict(q ? q[2] <= 1.3 * b[2] : undefined)],
    ['Event Timing p99 ≤ 33 ms', quire ? `${ms(qEt)} ms` : 'n/a', verdict(quire ? qEt === null || qEt <= 33 : undefined)],
    ['open from the local store ≤ 500 ms (median; writer\'s profile, Playwright attached)', openMedian !== undefined ? `${ms(openMedian)} ms` : 'n/a', verdict(openMedian !== undefined ? openMedian <= 500 : undefined)],
    ['the same open as a writer\'s browser makes it (no DevTools client: code cache)', undrivenMedian !== undefined ? `${ms(undrivenMedian)} ms` : 'n/a', verdict(undrivenMedian !== undefined ? undrivenMedian <= 500 : undefined)],
  ];
  const lines = [];
  lines.push(`# Editor benchmark — ${new Date().toISOString().slice(0, 10)}${LABEL ? ` — ${LABEL}` : ''}`, '');
  if (LABEL) lines.push(`Web app: ${BUILT}.`, '');
  lines.push(
    `Machine: ${env.cores} cores (${env.cpu}), ${env.memGiB} GiB; Chromium ${env.chromium}, headless, GPU disabled ` +
      `(software raster), viewport ${VIEWPORT.width}×${VIEWPORT.height}${NICE ? `, browser's threads at nice ${NICE}` : ''}; ` +
      `load average ${env.load.map((l) => l.toFixed(1)).join(' → ')} (start → end of run); commit ${env.commit}; release server, built web app.`,
    '',
    `Typed: ${KEYS} characters of prose, one keydown every ${GAP_MS} ms, into paragraph ${middle + 1} of ${target.paragraphs.length} ` +
      `of a ${target.words}-word chapter (manuscript ${chapters.reduce((s, c) => s + c.words, 0)} words in ${chapters.length} chapters), ` +
      `after a ${WARMUP}-key warm-up in the same place; measured pass traced (${TRACE_CATEGORIES.join(', ')}). ` +
      `Compared against: a bare contenteditable holding the same chapter HTML, same font/size/line height/width, same run and browser.`,
    '',
  );
  if (!quire) lines.push('**The Quire side did not run** (`--bare-only`): only the bare contenteditable figures below.', '');
  lines.push(table(metrics, sides), '');
  lines.push(
    '(b): Event Timing reports only durations ≥ 16 ms (the API\'s smallest threshold) rounded to 8 ms; "<16" means no entry for that keystroke reached 16 ms.',
    '',
  );
  for (const [name, side] of Object.entries(sides)) {
    const t = side;
    lines.push(
      `- ${name}: ${t.keys} keys recorded, ${t.work.length} with a frame (${t.skipped} without, ${t.viaKeyup} via keyup), ` +
        `Event Timing entries ≥ 16 ms for ${t.et.filter((v) => v !== null).length}, long animation frames (> 50 ms) while typing: ${t.longFrames}; ` +
        `caret in view before/after: ${t.inViewBefore}/${t.inViewAfter}; text landed in the paragraph: ${t.typedIn}.`,
    );
  }
  lines.push('');
  if (quire) {
    lines.push(
      `Open from the local store (navigation start → end of the first frame whose \`.ProseMirror\` shows the chapter's last paragraph; ` +
        `collab socket held so the text comes from IndexedDB; full page load of the app, service worker as the app has it), ` +
        `in a writer's own browser profile (persistent: Playwright's \`launchPersistentContext\`), with Playwright attached: ` +
        `${quire.opens.map((o) => ms(o.end)).join(', ')} ms (median ${ms(openMedian)}); of which DOMContentLoaded at ${quire.opens.map((o) => ms(o.nav?.domContentLoaded)).join(', ')} ms ` +
        `and an (empty) \`.ProseMirror\` in the page at ${quire.opens.map((o) => ms(o.editorAt)).join(', ')} ms; ` +
        `the app's own \`quire:editor-shown\` mark (the end of that frame as the app sees it) at ${quire.opens.map((o) => ms(o.marks?.find(([n]) => n === 'quire:editor-shown')?.[1])).join(', ')} ms. ` +
        `First open from the server (before anything was stored): ${ms(quire.first.end)} ms. ` +
        `Compared against: the bare page (static HTML with the same text, from loopback) shows its last paragraph at ` +
        `${bare.opens.map((o) => ms(o.end)).join(', ')} ms.`,
      '',
      `The same profile opened by Chromium with no DevTools client attached during the load (\`lib/undriven.mjs\`: as a writer's browser, ` +
        `it keeps V8's code cache, which a page driven over DevTools never writes nor reads; after two warm-up loads; socket live; ` +
        `the app's \`quire:editor-shown\` mark): ${quire.undriven.map((m) => ms(m['editor-shown'])).join(', ')} ms (median ${ms(undrivenMedian)}); ` +
        `marks of the first: ${APP_MARKS.map((n) => `${n} ${ms(quire.undriven[0]?.[n])}`).join(', ')} ms; ` +
        `the profile's code cache afterwards: ${quire.cache.files} files, ${(quire.cache.bytes / 1024).toFixed(0)} kB.`,
      '',
      `The same opens in a private (incognito) profile, as this benchmark measured them until 2026-11-26: ` +
        `${quire.privateOpens.map((o) => ms(o.end)).join(', ')} ms (median ${ms(privateMedian)}). A private profile keeps IndexedDB ` +
        `and the service worker's cache only until the browser closes, so a writer's returning open is the persistent one above.`,
      '',
    );
    const appMarks = (quire.opens[0].marks ?? []).filter(([n]) => !n.startsWith('qb:'));
    lines.push(`The app's own performance marks during an open: ${appMarks.length ? appMarks.map(([n, t]) => `${n} ${ms(t)} ms`).join(', ') : 'none (so the probe\'s own detection above is the measure)'}.`, '');
    const o = quire.openTrace;
    lines.push(
      `One more open under a trace (${ms(o.ms)} ms): main thread in tasks ${ms(o.busy)} ms (CPU ${ms(o.cpu)} ms); by event (self time, ms): ` +
        o.where.map(([n, v]) => `${n} ${v.toFixed(0)}`).join(' · '),
      '',
    );
  }
  lines.push('| target | measured | |', '| --- | --- | --- |', ...targets.map((t) => `| ${t.join(' | ')} |`), '');
  for (const [name, side] of Object.entries(sides)) {
    lines.push(`Where the main thread's time went per keystroke window, ${name} (trace self time, ms per keystroke):`, '');
    lines.push(side.where.map(([n, v]) => `${n} ${v.toFixed(2)}`).join(' · '), '');
    if (name === 'quire' && side.calls.length) {
      const label = labeler({ distDir: DIST, traceMapping });
      // The trace's positions are 1-based, the profiler's 0-based.
      const fn = ([url, line, column, functionName]) => label({ url, lineNumber: line - 1, columnNumber: column - 1, functionName });
      lines.push('Its JS entry points (FunctionCall self time, ms per keystroke, through the source maps): ' +
        side.calls.map(([call, v]) => `${fn(call)} ${v.toFixed(2)}`).join(' · '), '');
    }
  }
  for (const [what, profile] of [['100 further keys typed', quire?.profile], ['one more open from the local store', quire?.openProfile]]) {
    if (!profile) continue;
    lines.push(`CPU profile of ${what} in Quire (self time, ${profile.top.totalMs.toFixed(0)} ms sampled):`, '');
    lines.push('| function — source | self ms |', '| --- | --- |', ...profile.top.rows.map(([l, v]) => `| ${l.replace(/\|/g, '\\|')} | ${v.toFixed(1)} |`), '');
    lines.push('By package/folder: ' + profile.packages.map(([p, v]) => `${p} ${v.toFixed(0)} ms`).join(' · '), '');
    lines.push('Inclusive time under the app\'s own functions (web/src): ' + profile.app.map(([p, v]) => `${p} ${v.toFixed(0)} ms`).join(' · '), '');
  }
  const date = new Date().toISOString().slice(0, 10);
  if (existsSync(join(root, 'bench/results', `editor-${date}-analysis.md`))) {
    lines.push(`Analysis and suggested fixes, written by hand: [editor-${date}-analysis.md](editor-${date}-analysis.md).`, '');
  }
  return { text: lines.join('\n'), targets };
}

async function main() {
  if (!BARE_ONLY && !existsSync(join(BUILT, 'index.html'))) throw new Error(`no built web app in ${BUILT} (cd web && npm run build)`);
  const snapshot = mkdtempSync(join(os.tmpdir(), 'quire-bench-dist-'));
  if (!BARE_ONLY) {
    cpSync(BUILT, snapshot, { recursive: true });
    DIST = snapshot;
  }
  if (!BARE_ONLY && !existsSync(BIN)) throw new Error(`no release server at ${BIN} (make server-release)`);
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const renicing = setInterval(reniceBrowser, 500);
  try {
    const quire = BARE_ONLY ? null : await quireSide(browser);
    const bare = await bareSide(browser, quire?.style ?? DEFAULT_STYLE);
    const env = { ...machine(browser.version()), load: [loadBefore, os.loadavg()[0]] };
    const { text } = report({ quire, bare, env });
    console.log(text);
    // An earlier run's file is never overwritten: -2, -3, … is added instead (as bench/collab).
    const base = join(root, 'bench/results', `editor-${new Date().toISOString().slice(0, 10)}${LABEL ? `-${LABEL}` : ''}`);
    let out = `${base}.md`;
    for (let n = 2; existsSync(out); n += 1) out = `${base}-${n}.md`;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${text}\nRun time: ${((Date.now() - started) / 1000).toFixed(0)} s (\`make bench-editor\`).\n`);
    log(`written ${out}`);
  } finally {
    clearInterval(renicing);
    await browser.close();
    rmSync(snapshot, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
