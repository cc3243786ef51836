// The open from the local store as a writer's own browser makes it: no DevTools client attached
// while the page loads. Under Playwright (any CDP session on the page) V8 neither writes nor
// reads its code cache, so a driven open compiles every chunk from source on every load
// (bench/results/editor-2026-11-25-codecache-perf-open-3.md); a writer's Chrome compiles them
// once. Each open is a fresh headless Chromium on the writer's persistent profile that opens the
// editor's address by itself (from a data: page's timer, 3 s after start-up, as the driven side
// waits too); the harness connects over CDP only once the app's own `quire:editor-shown` mark
// (the end of the frame that first shows the chapter) is set, and reads the marks.
// The collab socket is live (no Playwright in the page to hold it): the text comes from
// IndexedDB before the socket is even open, and its syncing only adds work.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { reniceBrowser } from './nice.mjs';
import { freePort } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const START_MS = 3000;
/** The app's marks of an open (src/lib/perf-marks.ts), in order. */
export const APP_MARKS = ['app-start', 'route-allowed', 'route-mounted', 'workspace-loaded', 'chapter-loaded', 'editor-bound', 'editor-shown'];

/** The app's marks and DOMContentLoaded of `page`, once the chapter is shown. */
export async function readMarks(page) {
  await page.waitForFunction(() => performance.getEntriesByName('quire:editor-shown').length > 0, null, { timeout: 60_000, polling: 100 });
  return page.evaluate((names) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const out = { dcl: nav?.domContentLoadedEventEnd };
    for (const n of names) out[n] = performance.getEntriesByName(`quire:${n}`)[0]?.startTime;
    return out;
  }, APP_MARKS);
}

/**
 * One open of `url` in a fresh Chromium on `profile`: undriven (the default) or `driven`
 * (connected first, navigated by Playwright: the same open with DevTools attached).
 */
export async function oneOpen(chromium, { profile, url, args, driven = false }) {
  const port = await freePort();
  const later = `data:text/html,<script>setTimeout(() => { location.href = ${JSON.stringify(url)}; }, ${START_MS})</script>`;
  const all = [...args, '--headless', `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, '--window-size=1280,900', driven ? 'about:blank' : later];
  const proc = spawn(process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium', all, { stdio: 'ignore' });
  const renicing = setInterval(reniceBrowser, 500);
  try {
    let browser = null;
    // Undriven: nothing connects until well after the open (start-up, the timer, the open).
    if (!driven) await sleep(START_MS + 8000);
    for (let i = 0; i < 100 && !browser; i += 1) {
      await sleep(100);
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
    }
    if (!browser) throw new Error('the browser did not start');
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
      if (!page) throw new Error('the browser did not open the editor');
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

/** Files and bytes of the profile's on-disk V8 code cache: evidence that it was written. */
export function codeCache(profile) {
  const dir = join(profile, 'Default', 'Code Cache', 'js');
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return { files: files.length, bytes: files.reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0) };
}
