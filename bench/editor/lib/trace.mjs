// Reads a Chromium trace (the JSON `browser.stopTracing()` answers) for the page's renderer main
// thread: its tasks (busy intervals), and the self time of the timeline's events by name.

const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The renderer main thread that holds the `qb:` marks: its marks, its top-level tasks (sorted,
 * disjoint, with their thread CPU time `tdur`) and its other timeline events.
 */
export function mainThread(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const marks = new Map();
  let thread = null;
  for (const e of events) {
    if (e.cat && e.cat.includes('blink.user_timing') && typeof e.name === 'string' && e.name.startsWith('qb:')) {
      marks.set(e.name, e.ts);
      thread ??= `${e.pid}:${e.tid}`;
    }
  }
  if (!thread) throw new Error('no qb: marks in the trace (was blink.user_timing recorded?)');
  const onThread = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.dur !== undefined);
  const runs = onThread.filter((e) => TASKS.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Top-level tasks (a task run inside another's nested loop is part of it): [start, end, cpu].
  const top = [];
  for (const e of runs) {
    const last = top[top.length - 1];
    if (last && e.ts < last[1]) continue;
    top.push([e.ts, e.ts + e.dur, e.tdur ?? e.dur]);
  }
  return { marks, tasks: top, timeline: onThread.filter((e) => !TASKS.has(e.name)) };
}

/**
 * Microseconds of CPU time the thread spent in tasks during [from, to] (a task partly inside
 * counts pro rata). Unlike wall time, this leaves out the time the thread waited for a core.
 */
export function cpu(tasks, from, to) {
  let total = 0;
  for (const [s, e, c] of tasks) {
    if (e <= from) continue;
    if (s >= to) break;
    const inside = Math.min(e, to) - Math.max(s, from);
    total += e > s ? (c * inside) / (e - s) : 0;
  }
  return total;
}

/** Microseconds of [from, to] during which a task ran. */
export function busy(tasks, from, to) {
  let total = 0;
  for (const [s, e] of tasks) {
    if (e <= from) continue;
    if (s >= to) break;
    total += Math.min(e, to) - Math.max(s, from);
  }
  return total;
}

/** The task running at `ts`, as [start, end], or null. */
export function taskAt(tasks, ts) {
  let lo = 0;
  let hi = tasks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = tasks[mid];
    if (ts < s) hi = mid - 1;
    else if (ts > e) lo = mid + 1;
    else return tasks[mid];
  }
  return null;
}

/**
 * Self time (µs) by event name of the timeline events that start inside any of `windows`
 * ([from, to] pairs): where the main thread's time went. `EventDispatch` is split by event type.
 */
export function selfTimeByName(timeline, windows, { calls } = {}) {
  const sorted = timeline.slice().sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = new Map();
  const stack = [];
  const inWindow = (ts) => windows.some(([from, to]) => ts >= from && ts <= to);
  for (const e of sorted) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const data = e.args?.data;
    let name = e.name === 'EventDispatch' ? `EventDispatch(${data?.type ?? '?'})` : e.name;
    // With `calls`, a JS entry point is named by its function: url, line, column (0-based).
    if (calls && e.name === 'FunctionCall' && data?.url) {
      name = `FunctionCall ${JSON.stringify([data.url, data.lineNumber, data.columnNumber, data.functionName ?? ''])}`;
    }
    const node = { end: e.ts + e.dur, name, counted: inWindow(e.ts) };
    if (node.counted) totals.set(name, (totals.get(name) ?? 0) + e.dur);
    const parent = stack[stack.length - 1];
    if (parent && parent.counted) totals.set(parent.name, totals.get(parent.name) - Math.min(e.dur, parent.end - e.ts));
    stack.push(node);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}
