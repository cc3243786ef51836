#!/usr/bin/env node
// Story elements in the editor (issue 19; README "mentions.mjs" here): in the editor benchmark's
// 150,000-word manuscript with 500 story elements, (1) creating an element whose name the prose
// already uses turns every occurrence in every chapter into a mention, timed by the app's own
// `quire:mention-convert` measure; (2) typing into the 50,000-word chapter (now full of mentions,
// the suggestion matching 500 elements' names at each key) measured as run.mjs measures it,
// against the bare contenteditable in the same run.
//
//   node bench/editor/mentions.mjs [--keys=300] [--warmup=100] [--gap=100] [--profile]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { barePage, editorStyle, measureTyping } from './lib/measure.mjs';
import { NICE, reniceBrowser } from './lib/nice.mjs';
import { opened } from './lib/open.mjs';
import { probe } from './lib/probe.mjs';
import { appFunctions, byPackage, startProfile, topFunctions } from './lib/profile.mjs';
import { chapter, prng, toHtml, typingText } from './lib/prose.mjs';
import { ms, summary, table, verdict } from './lib/report.mjs';
import { logIn, newId, seedManuscript, signUp, startServer } from './lib/server.mjs';
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
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
};
const KEYS = flag('keys', 300);
// --profile: CPU profiles of the first conversion and of 100 more keys, printed (not figures).
const PROFILE = process.argv.includes('--profile');
const WARMUP = flag('warmup', 100);
const GAP_MS = flag('gap', 100);
const ELEMENTS = 500;
// Names the prose already uses (lib/prose.mjs), each created in turn as the run's new elements.
const CREATED = ['Nora', 'Elias', 'Marta'];
const LABEL = process.env.QUIRE_BENCH_LABEL ?? '';
const BIN = process.env.QUIRE_BIN ?? join(os.homedir(), '.cache/quire/target/release/quire');
const BUILT = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');
const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const log = (...a) => console.error(`[bench-mentions ${new Date().toISOString().slice(11, 19)}]`, ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
const target = chapters[1];
const middle = Math.floor(target.paragraphs.length / 2);
const lastOf = (c) => c.paragraphs.at(-1).slice(0, 80);
const typing = {
  middle,
  expectStart: target.paragraphs[middle].slice(0, 40),
  warmText: typingText(8, WARMUP),
  measuredText: typingText(7, KEYS),
  gapMs: GAP_MS,
  log,
};

/** Whole-word occurrences of `name` in `paragraphs` (the prose writes names one way only). */
const occurrences = (name, paragraphs) =>
  paragraphs.reduce((n, p) => n + (p.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0), 0);

/**
 * The manuscript's other elements: invented names of two or three syllables (none a word or
 * name of the prose, none holding one of CREATED), a nickname each, the five kinds in turn.
 */
function otherElements(count) {
  const syllables = 'al bar cor dan el fen gar hal ir jor kel lor mav nev ol pel quin ros sel tor ul var wyn yor zan'.split(' ');
  const rand = prng(19);
  const proseWords = new Set(chapters.flatMap((c) => c.paragraphs.join(' ').toLowerCase().split(/[^a-z]+/)));
  const names = new Set();
  const out = [];
  const kinds = ['character', 'object', 'group', 'research', 'other'];
  while (out.length < count) {
    const parts = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => syllables[Math.floor(rand() * syllables.length)]);
    const word = parts.join('');
    const name = word[0].toUpperCase() + word.slice(1);
    const nickname = parts[0][0].toUpperCase() + parts[0].slice(1) + parts.at(-1);
    if (names.has(name) || proseWords.has(word) || CREATED.some((c) => word.includes(c.toLowerCase()))) continue;
    names.add(name);
    out.push({ name, nickname, kind: kinds[out.length % kinds.length] });
  }
  return out;
}

async function seedElements(api, manuscriptId) {
  const elements = otherElements(ELEMENTS - CREATED.length);
  for (let i = 0; i < elements.length; i += 16) {
    await Promise.all(
      elements.slice(i, i + 16).map(({ name, nickname, kind }, j) =>
        api.call('PUT', `elements/put/${newId()}`, {
          manuscript_id: manuscriptId,
          name,
          _order: i + j + 1,
          meta: { type: kind, nicknames: [{ id: newId(), label: nickname }], tags: [] },
        }),
      ),
    );
  }
  return elements.length;
}

/** Opens chapter `index` in `page` and waits for its last paragraph (the device then holds it). */
async function visitChapter(page, url, c) {
  await page.goto(url);
  await page.waitForFunction(
    (last) => document.querySelector('.ProseMirror > p:last-child')?.textContent.startsWith(last),
    lastOf(c),
    { timeout: 120_000, polling: 100 },
  );
  await page.getByText('Synced', { exact: true }).first().waitFor({ timeout: 60_000 });
}

/**
 * Creates the element `name` on the elements board, as a writer does; answers the app's
 * `quire:mention-convert` measure (duration and detail) and the wall time from the click.
 */
async function createElement(page, name) {
  await page.getByRole('button', { name: 'Story elements' }).click();
  const board = page.getByTestId('elements-board');
  await board.waitFor();
  await board.getByRole('button', { name: 'New element' }).click();
  const dialog = page.getByRole('dialog', { name: 'New story element' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const before = await page.evaluate(() => performance.getEntriesByName('quire:mention-convert', 'measure').length);
  const clicked = Date.now();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForFunction((n) => performance.getEntriesByName('quire:mention-convert', 'measure').length > n, before, {
    timeout: 120_000,
    polling: 20,
  });
  const wall = Date.now() - clicked;
  const measure = await page.evaluate(() => {
    const m = performance.getEntriesByName('quire:mention-convert', 'measure').at(-1);
    return { ms: m.duration, detail: m.detail };
  });
  await page.getByTestId('element-page').waitFor();
  const view = page.getByRole('dialog', { name: 'Story elements' });
  await view.getByRole('button', { name: 'Close', exact: true }).first().click();
  await view.waitFor({ state: 'hidden' });
  return { ...measure, wall };
}

function printProfile(profile, distDir, what) {
  const opts = { distDir, traceMapping };
  const top = topFunctions(profile, { ...opts, limit: 30 });
  log(`CPU profile of ${what} (self time, ${top.totalMs.toFixed(0)} ms sampled):`);
  for (const [label, v] of top.rows) console.error(`  ${v.toFixed(1).padStart(7)}  ${label}`);
  console.error('  by package: ' + byPackage(profile, opts).slice(0, 12).map(([p, v]) => `${p} ${v.toFixed(0)}`).join(' · '));
  console.error('  app (inclusive): ' + appFunctions(profile, { ...opts, limit: 25 }).map(([p, v]) => `${p} ${v.toFixed(0)}`).join(' · '));
}

async function quireSide(browser, dist) {
  const server = await startServer({ bin: BIN, webDir: dist });
  log(`quire ${server.baseURL} (pid ${server.pid})`);
  try {
    const writer = { name: 'Bench Writer', email: `bench-${Date.now()}@example.com`, password: 'correct-horse-7' };
    const api = await signUp(server.baseURL, writer);
    const ids = await seedManuscript(api, 'The Long Manuscript', chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })));
    const seeded = await seedElements(api, ids.manuscriptId);
    log(`seeded ${chapters.map((c) => c.words).join(' + ')} words and ${seeded} elements`);
    const url = (i) => `/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[i]}`;

    const context = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
    await context.addInitScript(probe, { lastParagraph: lastOf(target) });
    const page = await context.newPage();
    await logIn(page, writer);
    // A writer's device holds the chapters it has opened: all three, as after a day's work.
    for (const i of [0, 2, 1]) {
      await visitChapter(page, url(i), chapters[i]);
      log(`chapter ${i + 1} opened and synced`);
    }
    await page.goto(url(1));
    await opened(page);
    await sleep(1000);

    const conversions = [];
    for (const name of CREATED) {
      const expected = chapters.reduce((n, c) => n + occurrences(name, c.paragraphs), 0);
      const stop = PROFILE && conversions.length === 0 ? await startProfile(page) : null;
      const result = await createElement(page, name);
      if (stop) printProfile(await stop(), dist, 'the first conversion');
      const shown = page.locator(`.ProseMirror span[data-type=mention][data-label="${name}"]`);
      const inChapter = occurrences(name, target.paragraphs);
      await page.waitForFunction(
        ([label, n]) => document.querySelectorAll(`.ProseMirror span[data-type=mention][data-label="${label}"]`).length === n,
        [name, inChapter],
        { timeout: 60_000 },
      );
      conversions.push({ name, expected, inChapter, shown: await shown.count(), ...result });
      log(`created ${name}: ${ms(result.ms)} ms (wall from the click ${result.wall} ms), ${result.detail?.mentions} mentions of ${expected} occurrences`);
      await sleep(2000);
    }

    await sleep(1000);
    const style = await editorStyle(page);
    const typed = await measureTyping(browser, page, 'quire', typing);
    if (PROFILE) {
      const stop = await startProfile(page);
      await typeSteadily(page, typingText(9, 100), GAP_MS);
      printProfile(await stop(), dist, '100 more keys typed');
    }
    const mentionsInChapter = await page.locator('.ProseMirror span[data-type=mention]').count();
    await context.close();
    return { conversions, typed, style, mentionsInChapter, elements: seeded + CREATED.length };
  } finally {
    server.stop();
  }
}

async function bareSide(browser, style) {
  const html = barePage(style, target.paragraphs);
  const http = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
    await context.addInitScript(probe, { lastParagraph: lastOf(target), root: '[contenteditable]' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${http.address().port}/`);
    await opened(page);
    await sleep(1000);
    const typed = await measureTyping(browser, page, 'bare', typing);
    await context.close();
    return typed;
  } finally {
    http.close();
  }
}

function commit() {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function report({ quire, bare, env }) {
  const worst = Math.max(...quire.conversions.map((c) => c.ms));
  const complete = quire.conversions.every((c) => c.detail?.outcome === 'converted' && c.detail.mentions === c.expected && c.shown === c.inChapter);
  const q = summary(quire.typed.work);
  const b = summary(bare.work);
  const ratio = q[2] / b[2];
  const lines = [
    `# Mentions benchmark — ${new Date().toISOString().slice(0, 10)}${LABEL ? ` — ${LABEL}` : ''}`,
    '',
    `Machine: ${env.cores} cores (${env.cpu}), Chromium ${env.chromium}, headless, GPU disabled, viewport ${VIEWPORT.width}×${VIEWPORT.height}` +
      `${NICE ? `, browser's threads at nice ${NICE}` : ''}; load average ${env.load.map((l) => l.toFixed(1)).join(' → ')}; commit ${env.commit}; server ${BIN}.`,
    '',
    `A manuscript of ${chapters.reduce((s, c) => s + c.words, 0)} words in ${chapters.length} chapters (lib/prose.mjs) with ${quire.elements} story elements ` +
      `(${quire.elements - CREATED.length} seeded over the API with a nickname each, ${CREATED.length} created in the run). The device has opened every chapter first.`,
    '',
    '## Creating an element converts the manuscript',
    '',
    'Each name below is used by the prose; the element is created on the elements board, and the app\'s `quire:mention-convert` measure ' +
      '(every chapter opened, converted in one transaction, closed) is read. Compared against: the occurrences counted in the prose.',
    '',
    '| element | occurrences | mentions made | shown in chapter 2 | convert (ms) | click → done, wall (ms) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...quire.conversions.map((c) => `| ${c.name} | ${c.expected} | ${c.detail?.mentions} | ${c.shown} of ${c.inChapter} | ${ms(c.ms)} | ${c.wall} |`),
    '',
    `## Typing with ${quire.elements} elements`,
    '',
    `${KEYS} keys, one every ${GAP_MS} ms after a ${WARMUP}-key warm-up, into paragraph ${middle + 1} of the ${target.words}-word chapter 2, ` +
      `which holds ${quire.mentionsInChapter} mentions; the suggestion matches the start of each word against ${quire.elements} elements' names and nicknames. ` +
      `Measured as run.mjs measures (traced: ${TRACE_CATEGORIES.join(', ')}). Compared against: the bare contenteditable with the same chapter, same run and browser.`,
    '',
    table([['work', '(a) main-thread work (CPU)'], ['et', '(b) Event Timing duration'], ['latency', 'keydown → end of its frame (wall)']], { quire: quire.typed, bare }),
    '',
    '| target | measured | |',
    '| --- | --- | --- |',
    `| every occurrence converted | ${complete ? 'yes' : 'no'} | ${verdict(complete)} |`,
    `| converting ≤ 1 s (slowest of ${CREATED.length}) | ${ms(worst)} ms | ${verdict(worst <= 1000)} |`,
    `| typing work p99 ≤ 1.3 × bare p99 | ${ratio.toFixed(2)}× (${ms(q[2])} / ${ms(b[2])} ms) | ${verdict(ratio <= 1.3)} |`,
    '',
    `SUMMARY mention_convert_ms=${worst.toFixed(0)} typing_ratio_500_elements=${ratio.toFixed(2)}`,
  ];
  return lines.join('\n');
}

async function main() {
  if (!existsSync(join(BUILT, 'index.html'))) throw new Error(`no built web app in ${BUILT} (cd web && npm run build)`);
  if (!existsSync(BIN)) throw new Error(`no server at ${BIN} (make server-release, or QUIRE_BIN)`);
  const dist = mkdtempSync(join(os.tmpdir(), 'quire-bench-dist-'));
  cpSync(BUILT, dist, { recursive: true });
  const started = Date.now();
  const loadBefore = os.loadavg()[0];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const renicing = setInterval(reniceBrowser, 500);
  try {
    const quire = await quireSide(browser, dist);
    const bare = await bareSide(browser, quire.style);
    const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? 'unknown';
    const env = { cores: os.availableParallelism(), cpu, chromium: browser.version(), commit: commit(), load: [loadBefore, os.loadavg()[0]] };
    const text = report({ quire, bare, env });
    console.log(text);
    const base = join(root, 'bench/results', `mentions-${new Date().toISOString().slice(0, 10)}${LABEL ? `-${LABEL}` : ''}`);
    let out = `${base}.md`;
    for (let n = 2; existsSync(out); n += 1) out = `${base}-${n}.md`;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${text}\n\nRun time: ${((Date.now() - started) / 1000).toFixed(0)} s (\`make bench-mentions\`).\n`);
    log(`written ${out}`);
  } finally {
    clearInterval(renicing);
    await browser.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
