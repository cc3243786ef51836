// The diagnostics' common start (ab.mjs, profile-keys.mjs): the real server, a writer with the
// benchmark's 150,000-word manuscript, Chromium as run.mjs launches it (threads reniced), the
// editor open on chapter 2 with the caret at the end of its middle paragraph's first line, and
// a 100-key warm-up typed there. `close()` stops all of it.
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { reniceBrowser } from './nice.mjs';
import { probe } from './probe.mjs';
import { chapter, toHtml, typingText } from './prose.mjs';
import { logIn, seedManuscript, signUp, startServer } from './server.mjs';
import { placeCaret, typeSteadily } from './typing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const req = createRequire(join(root, 'web/package.json'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const webDir = process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist');

export async function openTypingPage(name, dir = webDir) {
  const { chromium } = req('playwright-core');
  const bin = process.env.QUIRE_BIN ?? join(os.homedir(), '.cache/quire/target/release/quire');
  const server = await startServer({ bin, webDir: dir });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const renicing = setInterval(reniceBrowser, 500);
  const close = async () => {
    clearInterval(renicing);
    await browser.close();
    server.stop();
  };
  try {
    const writer = { name, email: `${name.toLowerCase()}-${Date.now()}@example.com`, password: 'correct-horse-7' };
    const chapters = [1, 2, 3].map((n) => ({ name: `Chapter ${n}`, ...chapter(n, 50_000) }));
    const ids = await seedManuscript(await signUp(server.baseURL, writer), name, chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })));
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US', colorScheme: 'light' });
    await context.addInitScript(probe, { lastParagraph: chapters[1].paragraphs.at(-1).slice(0, 80) });
    const page = await context.newPage();
    await logIn(page, writer);
    await page.goto(`/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[1]}`);
    await page.waitForFunction(() => window.__bench?.open?.end !== undefined, null, { timeout: 60_000 });
    await sleep(1500);
    await placeCaret(page, Math.floor(chapters[1].paragraphs.length / 2));
    await typeSteadily(page, typingText(8, 100), 100);
    return { browser, context, page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
