// The desk's panel half: in Chromium, a writer with 5,000 to-dos and 5,000 notes opens the to-do
// panel and Quick Notes, switches tabs, filters, searches and sorts; each step is timed in the
// page from the click until the frame showing its list has painted. Uses the editor bench's
// server and browser helpers (bench/editor/lib). See ../README.md.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { reniceBrowser } from '../../editor/lib/nice.mjs';
import { logIn, newId, signUp, startServer } from '../../editor/lib/server.mjs';
import { LAUNCH_ARGS, CHROMIUM } from './browser.js';
import { seedDesk } from './seed.js';

const VIEWPORT = { width: 1280, height: 900 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installed in the page: times from `t0` until `until()` holds and the next frame has painted. */
function deskProbe() {
  const tick = () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(0);
    });
  window.__desk = {
    async painted(t0, until, timeoutMs = 30_000, describe = () => '') {
      while (!until()) {
        if (performance.now() - t0 > timeoutMs) throw new Error(`the list did not show: ${describe()}`);
        await tick();
      }
      // A task queued from inside the next animation frame runs once that frame is painted.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - t0;
    },
    /** Times from `t0` until `scope` says `attr` is `value`, shows one of `rows`, and painted. */
    shown(t0, [scope, attr, value, rows]) {
      const root = () => document.querySelector(scope);
      return this.painted(
        t0,
        () => root() !== null && root().getAttribute(attr) === value && root().querySelector(rows) !== null,
        30_000,
        () => (root()?.outerHTML ?? `no ${scope}`).slice(0, 1500),
      );
    },
  };
}

/** Clicks the element of `selector` (whose text is `text`, when given) in the page and times it. */
function clickAndTime(page, selector, text, until) {
  return page.evaluate(
    ([css, label, wanted]) => {
      const target = [...document.querySelectorAll(css)].find((el) => label === null || el.textContent.trim() === label);
      if (!target) throw new Error(`nothing to click: ${css} ${label ?? ''}`);
      const t0 = performance.now();
      target.click();
      return window.__desk.shown(t0, wanted);
    },
    [selector, text, until],
  );
}

/** Types `value` into the input of `selector` as one change and times it until `until` holds. */
function inputAndTime(page, selector, value, until) {
  return page.evaluate(
    ([css, text, wanted]) => {
      const input = document.querySelector(css);
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const t0 = performance.now();
      set.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return window.__desk.shown(t0, wanted);
    },
    [selector, value, until],
  );
}

/** Opens a Mantine select (not timed), then times choosing its option `name`. */
async function chooseAndTime(page, scope, comboboxName, name, until) {
  await page.locator(scope).getByRole('combobox', { name: comboboxName, exact: true }).click();
  await page.getByRole('option', { name, exact: true }).waitFor();
  return clickAndTime(page, '[role="option"]', name, until);
}

const TODO = '[data-testid="todo-panel"]';
const NOTES = '[data-testid="quick-notes-list"]';
// What shows a list is drawn: its first row, or the words saying it has none.
const TASKS = '[data-testid="task-block"], [data-testid="todos-empty"]';
const NOTE_ROWS = '[data-testid="quick-note-item"], [data-testid="quick-notes-empty"]';
/** A step is done once `scope` says `attr` is `value` and shows its rows. */
const todoShows = (attr, value) => [TODO, attr, value, TASKS];
const notesShow = (attr, value) => [NOTES, attr, value, NOTE_ROWS];

/** One pass over the to-do panel: open, tabs, filters, close; answers each step's time. */
async function todoPass(page) {
  const times = {};
  times['open the panel'] = await clickAndTime(page, '[data-testid="todo-panel-button"]', null, todoShows('data-filter', 'all'));
  times['tab: All Chapters'] = await clickAndTime(page, '[data-testid="todo-tab-chapters"]', null, todoShows('data-tab', 'chapters'));
  times['tab: Global'] = await clickAndTime(page, '[data-testid="todo-tab-user"]', null, todoShows('data-tab', 'user'));
  times['filter: Due Date, This Week'] = await chooseAndTime(page, TODO, 'Filter', 'This Week', todoShows('data-filter', 'due:this_week'));
  times['filter: Priority, High'] = await chooseAndTime(page, TODO, 'Filter', 'High', todoShows('data-filter', 'priority:high'));
  times['filter: All'] = await chooseAndTime(page, TODO, 'Filter', 'All', todoShows('data-filter', 'all'));
  await page.locator('.mantine-Drawer-close').click();
  await page.locator(TODO).waitFor({ state: 'detached' });
  return times;
}

/** One pass over Quick Notes: open, the manuscript tab, search, sort, filter, close. */
async function notesPass(page) {
  const times = {};
  times['open Quick Notes (global)'] = await clickAndTime(page, '[data-testid="quick-notes-button"]', null, notesShow('data-scope', 'global'));
  times['search: "lighthouse"'] = await inputAndTime(page, `${NOTES} input[type="search"]`, 'lighthouse', notesShow('data-search', 'lighthouse'));
  times['search cleared'] = await inputAndTime(page, `${NOTES} input[type="search"]`, '', notesShow('data-search', ''));
  times['sort: Title'] = await chooseAndTime(page, NOTES, 'Sort by', 'Title', notesShow('data-sort', 'title'));
  times['tab: Manuscript'] = await clickAndTime(page, '[data-testid="quick-notes-modal"] [role="tab"]', 'Manuscript', notesShow('data-scope', 'manuscript'));
  times['filter: Chapter'] = await clickAndTime(page, `${NOTES} label`, 'Chapter', notesShow('data-filter', 'chapter'));
  times['sort: Date Created'] = await chooseAndTime(page, NOTES, 'Sort by', 'Date Created', notesShow('data-sort', 'created'));
  await page.locator('.mantine-Modal-close').click();
  await page.locator(NOTES).waitFor({ state: 'detached' });
  return times;
}

/** Counts of this device's stored to-dos and notes (IndexedDB), to wait for the first load. */
function storedCounts(page) {
  return page.evaluate(async () => {
    const open = (name) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const all = (db, store) =>
      new Promise((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    let todos = 0;
    let notes = 0;
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('quire')) continue;
      const db = await open(name);
      const stores = [...db.objectStoreNames];
      for (const store of stores) {
        if (store !== 'contents' && store !== 'notes') continue;
        const rows = await all(db, store);
        todos += rows.filter((row) => row.kind === 'to_dos').length;
        notes += rows.filter((row) => store === 'notes' && (row.kind === undefined || row.kind === 'notes')).length;
      }
      db.close();
    }
    return { todos, notes };
  });
}

/** Repeats `pass` `warmup` + `reps` times; answers every step's timings of the measured passes. */
async function repeat(pass, page, warmup, reps, log, label) {
  const steps = {};
  for (let n = -warmup; n < reps; n += 1) {
    const times = await pass(page);
    if (n >= 0) for (const [step, value] of Object.entries(times)) (steps[step] ??= []).push(value);
    log(`panels: ${label} pass ${n < 0 ? 'warm-up' : n + 1}: ${Object.values(times).map((v) => v.toFixed(0)).join(' / ')} ms`);
    await sleep(200);
  }
  return steps;
}

/**
 * The whole panel half against the server `binary` serving the built app `webDir`; answers
 * `{ todo, notes, seeded, browser }`, each of the first two `{ step: ms[] }`.
 */
export async function benchPanels({ binary, webDir, quick, log }) {
  if (!existsSync(join(webDir, 'index.html'))) throw new Error(`no built web app in ${webDir} (make web-build)`);
  const require = createRequire(new URL('../../../web/package.json', import.meta.url));
  const { chromium } = require('playwright-core');
  // The server serves a copy taken at the start: others may rebuild web/dist during a run.
  const dist = mkdtempSync(join(tmpdir(), 'quire-bench-desk-dist-'));
  cpSync(webDir, dist, { recursive: true });
  const server = await startServer({ bin: binary, webDir: dist });
  log(`panels: quire ${server.baseURL} (pid ${server.pid})`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS });
  const renicing = setInterval(reniceBrowser, 500);
  try {
    const writer = { name: 'Desk Writer', email: `desk-${Date.now()}@example.com`, password: 'correct-horse-7' };
    const api = await signUp(server.baseURL, writer);
    const t0 = Date.now();
    const seeded = await seedDesk(api, newId, { todos: quick ? 2000 : 5000, notes: quick ? 2000 : 5000 });
    log(`panels: seeded ${seeded.todos} to-dos and ${seeded.notes} notes in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    const context = await browser.newContext({ baseURL: server.baseURL, viewport: VIEWPORT, locale: 'en-US', colorScheme: 'light' });
    await context.addInitScript(deskProbe);
    const page = await context.newPage();
    await logIn(page, writer);
    await page.goto(`/manuscript/${seeded.manuscriptId}?chapter=${seeded.chapterId}`);
    await page.getByTestId('todo-panel-button').waitFor();
    const loadFrom = Date.now();
    for (;;) {
      const counts = await storedCounts(page);
      if (counts.todos >= seeded.todos && counts.notes >= seeded.notes) break;
      if (Date.now() - loadFrom > 180_000) throw new Error(`the device did not load the desk: ${JSON.stringify(counts)}`);
      await sleep(1000);
    }
    log(`panels: the device stored them in ${((Date.now() - loadFrom) / 1000).toFixed(1)} s`);
    const reps = quick ? 5 : 20;
    const todo = await repeat(todoPass, page, 2, reps, log, 'to-do panel');
    const notes = await repeat(notesPass, page, 2, reps, log, 'Quick Notes');
    await context.close();
    return { todo, notes, seeded, browser: browser.version() };
  } finally {
    clearInterval(renicing);
    await browser.close();
    server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}
