#!/usr/bin/env node
// A diagnostic beside the benchmark (not a figure of it): what React re-renders, and what the
// page writes to IndexedDB, while 40 keys are typed into the middle of a 50,000-word chapter.
// It installs a stand-in React DevTools hook before the app loads and counts, per commit, the
// components whose function ran (a fiber new in this commit with React's PerformedWork flag).
//
//   cd web && node ../bench/editor/renders.mjs      (QUIRE_WEB_DIR, QUIRE_BIN as for run.mjs)
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chapter, toHtml, typingText } from './lib/prose.mjs';
import { logIn, seedManuscript, signUp, startServer } from './lib/server.mjs';
import { placeCaret } from './lib/typing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { chromium } = createRequire(join(root, 'web/package.json'))('playwright-core');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function hook() {
  const d = (window.__renders = { armed: false, commits: [], keys: [], status: 0, idb: {} });
  let previous = new WeakSet();
  const nameOf = (f) => {
    const t = f.type;
    if (!t || typeof t === 'string') return null;
    return t.displayName || t.name || t.render?.displayName || t.render?.name || t.type?.displayName || t.type?.name || null;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, fiberRoot) {
      const seen = new WeakSet();
      const names = {};
      let rendered = 0;
      const walk = (first) => {
        for (let f = first; f; f = f.sibling) {
          seen.add(f);
          // PerformedWork (1) on a fiber that was not in the last commit's tree: it ran now.
          if (f.flags & 1 && !previous.has(f)) {
            const name = nameOf(f);
            if (name) {
              names[name] = (names[name] ?? 0) + 1;
              rendered += 1;
            }
          }
          if (f.child) walk(f.child);
        }
      };
      walk(fiberRoot.current);
      previous = seen;
      if (d.armed) d.commits.push({ rendered, names });
    },
  };
  for (const method of ['put', 'add', 'delete']) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (...args) {
      if (d.armed) d.idb[`${this.name}.${method}`] = (d.idb[`${this.name}.${method}`] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  new MutationObserver((records) => {
    if (d.armed) d.status += records.length;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  addEventListener('keydown', () => d.armed && d.keys.push(performance.now()), true);
}

const server = await startServer({
  bin: process.env.QUIRE_BIN ?? join(os.homedir(), '.cache/quire/target/release/quire'),
  webDir: process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist'),
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const writer = { name: 'Render Counter', email: `renders-${Date.now()}@example.com`, password: 'correct-horse-7' };
  const text = chapter(2, 50_000);
  const ids = await seedManuscript(await signUp(server.baseURL, writer), 'Renders', [{ name: 'One', html: toHtml(text.paragraphs) }]);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(hook);
  const page = await context.newPage();
  await logIn(page, writer);
  await page.goto(`/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[0]}`);
  await page.waitForFunction((t) => document.querySelector('.ProseMirror')?.lastElementChild?.textContent.startsWith(t), text.paragraphs.at(-1).slice(0, 40), { timeout: 60_000 });
  await sleep(2000);
  await placeCaret(page, Math.floor(text.paragraphs.length / 2));
  await page.evaluate(() => (window.__renders.armed = true));
  for (const ch of typingText(3, 40)) {
    await page.keyboard.press(ch);
    await sleep(100);
  }
  await sleep(1500);
  const d = await page.evaluate(() => window.__renders);
  const total = {};
  for (const c of d.commits) for (const [k, v] of Object.entries(c.names)) total[k] = (total[k] ?? 0) + v;
  const keys = d.keys.length;
  console.log(`${keys} keys: ${d.commits.length} React commits, ${(d.commits.reduce((s, c) => s + c.rendered, 0) / keys).toFixed(0)} components rendered per key; data-status changes ${d.status}`);
  console.log(`commit sizes: ${d.commits.map((c) => c.rendered).join(' ')}`);
  console.log(`IndexedDB writes: ${Object.entries(d.idb).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`most rendered: ${Object.entries(total).sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${k} ${v}`).join(', ')}`);
} finally {
  await browser.close();
  server.stop();
}
