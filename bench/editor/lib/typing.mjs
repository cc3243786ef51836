// Typing into a page instrumented by probe.mjs, and turning what it recorded (plus the trace of
// the measured pass) into per-keystroke figures.
import { busy, cpu, mainThread, selfTimeByName, taskAt } from './trace.mjs';

export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Scrolls block `index` of the editable root to the middle of its scroller, clicks in it and
 * moves the caret to the end of that visual line (a word boundary). Answers the block's text.
 */
export async function placeCaret(page, index) {
  const point = await page.evaluate((i) => {
    const root = document.querySelector('[contenteditable="true"]');
    const block = root.querySelectorAll(':scope > p')[i];
    block.scrollIntoView({ block: 'center' });
    const r = block.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 40), text: block.textContent };
  }, index);
  await page.mouse.click(point.x, point.y);
  await page.keyboard.press('End');
  await sleep(300);
  return point.text;
}

/** Whether the caret is inside the visible part of its scroller (and of the window). */
export function caretInView(page) {
  return page.evaluate(() => {
    const selection = getSelection();
    if (!selection.rangeCount) return false;
    const range = selection.getRangeAt(0);
    let rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
    if (!rect || (rect.width === 0 && rect.height === 0)) {
      rect = (selection.focusNode.nodeType === 1 ? selection.focusNode : selection.focusNode.parentElement).getBoundingClientRect();
    }
    const scroller = document.querySelector('[data-testid="chapter-scroller"]');
    const box = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: innerHeight };
    return rect.top >= Math.max(0, box.top) && rect.bottom <= Math.min(innerHeight, box.bottom);
  });
}

/** Presses each character, one keydown every `gapMs` (a steady typist: 100 ms is 120 wpm). */
export async function typeSteadily(page, text, gapMs) {
  await page.evaluate(() => {
    window.__bench.keys = [];
    window.__bench.armed = true;
  });
  let next = performance.now();
  for (const ch of text) {
    await page.keyboard.press(ch);
    next += gapMs;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await sleep(1000); // the last frames, Event Timing's delivery
  return page.evaluate(() => {
    const bench = window.__bench;
    bench.armed = false;
    return { keys: bench.keys, events: bench.events, loaf: bench.loaf };
  });
}

const ET_NAMES = new Set(['keydown', 'keypress', 'keyup', 'beforeinput', 'input']);

/**
 * Per keystroke, from the page's records and the trace of the same pass:
 *   work     main-thread busy time (the union of the renderer main thread's tasks) between the
 *            keydown's timeStamp and the end of the main-thread task of the frame that shows the
 *            keystroke (the task holding the rAF mark `qb:f:<i>`): idle time, e.g. the wait for
 *            the next vsync, is not counted.
 *   latency  the same window's length (so idle included): keydown → end of that frame's task.
 *   interval main-thread busy time from this keydown to the next (deferred work included).
 *   et       the longest Event Timing entry (keydown, keypress, keyup, beforeinput, input) that
 *            started between this keydown and the next; null when none reached 16 ms.
 */
export function perKeystroke(data, trace) {
  const { marks, tasks, timeline } = mainThread(trace);
  const offsets = data.keys
    .filter((k) => marks.has(`qb:k:${k.i}`))
    .map((k) => marks.get(`qb:k:${k.i}`) - k.markAt * 1000)
    .sort((a, b) => a - b);
  if (!offsets.length) throw new Error('no keystroke marks in the trace');
  const offset = offsets[offsets.length >> 1]; // µs of the trace clock at performance.now() 0
  const out = { work: [], busy: [], latency: [], interval: [], et: [], skipped: 0, viaKeyup: 0 };
  const windows = [];
  data.keys.forEach((k, n) => {
    const nextDown = data.keys[n + 1]?.down ?? k.down + 1000;
    const entries = data.events.filter((e) => ET_NAMES.has(e.name) && e.startTime >= k.down && e.startTime < nextDown);
    out.et.push(entries.length ? Math.max(...entries.map((e) => e.duration)) : null);
    const frameMark = marks.get(`qb:f:${k.i}`);
    if (frameMark === undefined || k.end === undefined) {
      out.skipped += 1;
      return;
    }
    if (k.via === 'keyup') out.viaKeyup += 1;
    const start = k.down * 1000 + offset;
    const frame = taskAt(tasks, frameMark);
    const end = frame ? frame[1] : k.end * 1000 + offset;
    out.work.push(cpu(tasks, start, end) / 1000);
    out.busy.push(busy(tasks, start, end) / 1000);
    out.latency.push((end - start) / 1000);
    out.interval.push(cpu(tasks, start, nextDown * 1000 + offset) / 1000);
    windows.push([start, end]);
  });
  const first = data.keys[0]?.down ?? 0;
  const last = data.keys.at(-1)?.down ?? 0;
  out.longFrames = data.loaf.filter((f) => f.startTime + f.duration >= first && f.startTime <= last + 1000).length;
  const perKey = ([name, us]) => [name, us / 1000 / Math.max(1, windows.length)];
  out.where = selfTimeByName(timeline, windows).slice(0, 12).map(perKey);
  out.calls = selfTimeByName(timeline, windows, { calls: true })
    .filter(([name]) => name.startsWith('FunctionCall ['))
    .slice(0, 8)
    .map(perKey)
    .map(([name, v]) => [JSON.parse(name.slice('FunctionCall '.length)), v]);
  return out;
}
