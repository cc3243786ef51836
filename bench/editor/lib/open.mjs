// Opening the chapter: the probe's record of one open, the opens from the local store (the
// collab socket held, so the text can only come from IndexedDB), and one open traced or
// profiled. Shared by run.mjs (the benchmark) and open-quick.mjs (the open alone).
import { startProfile } from './profile.mjs';
import { TRACE_CATEGORIES } from './typing.mjs';

const COLLAB = /\/api\/v4\/collab/;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits for the probe to have seen the chapter's last paragraph on screen; answers its record. */
export async function opened(page, timeout = 60_000) {
  await page.waitForFunction(() => window.__bench?.open?.end !== undefined, null, { timeout, polling: 50 });
  return page.evaluate(() => window.__bench.open);
}

/** A new tab whose collab socket never reaches the server (unless `hold` is false). */
async function heldTab(context, hold = true) {
  const page = await context.newPage();
  if (hold) await page.routeWebSocket(COLLAB, () => {});
  return page;
}

/**
 * The first open, from the server (the document is stored locally), in `page`, which is closed
 * after; then one warm-up and `count` opens from the local store, each in a new tab. `report`
 * hears each open (`n` -1 for the first, 0 for the warm-up). Answers the first and the measured.
 * `hold: false` lets the socket reach the server (the open then syncs as it shows the text).
 */
export async function firstAndLocalOpens(context, page, url, count, report, { hold = true } = {}) {
  await page.goto(url);
  const first = await opened(page);
  report(first, -1);
  await sleep(3000);
  await page.close();
  const opens = [];
  for (let n = 0; n <= count; n += 1) {
    const tab = await heldTab(context, hold);
    await tab.goto(url);
    const open = await opened(tab);
    if (n > 0) opens.push(open);
    report(open, n);
    await tab.close();
  }
  return { first, opens };
}

/**
 * One more open from the local store under a Chromium trace (through the page's own DevTools
 * session, so that it works in a persistent profile too): the open and the trace's events.
 */
export async function tracedOpen(context, url, categories = TRACE_CATEGORIES) {
  const page = await heldTab(context);
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
  await page.goto(url);
  const open = await opened(page);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  await page.close();
  return { open, trace: events };
}

/** One more open from the local store under the CPU profiler (same origin first, so the renderer stays). */
export async function profiledOpen(context, url) {
  const page = await heldTab(context);
  await page.goto('/manuscripts');
  await page.getByRole('heading', { level: 1, name: 'Manuscripts' }).waitFor();
  const stop = await startProfile(page);
  await page.goto(url);
  await opened(page);
  const profile = await stop();
  await page.close();
  return profile;
}
