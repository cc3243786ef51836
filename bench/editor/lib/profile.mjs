// A V8 CPU profile of the page while it types (CDP Profiler), summed as self time per function
// and mapped through the build's source maps (web/dist/assets/*.js.map) to the original source.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Starts sampling; answers `stop()` → the profile. */
export async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    return profile;
  };
}

export function labeler({ distDir, traceMapping }) {
  const maps = new Map();
  const original = (frame) => {
    const file = frame.url.split('/assets/')[1];
    if (!traceMapping || !file || frame.lineNumber < 0 || frame.columnNumber < 0) return null;
    if (!maps.has(file)) {
      const path = join(distDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new traceMapping.TraceMap(readFileSync(path, 'utf8')) : null);
    }
    const map = maps.get(file);
    if (!map) return null;
    const pos = traceMapping.originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    return pos.source ? `${pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*?\bweb\//, '')}:${pos.line}${pos.name ? ` (${pos.name})` : ''}` : null;
  };
  return (callFrame) => {
    const key = callFrame.url
      ? original(callFrame) ?? `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`
      : callFrame.functionName.startsWith('(')
        ? callFrame.functionName
        : `(${callFrame.functionName || 'native'})`;
    const name = callFrame.functionName || '(anonymous)';
    return key.includes(`(${name})`) || key.startsWith('(') ? key : `${name} — ${key}`;
  };
}

function selfTimes(profile) {
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return self;
}

/**
 * Inclusive time (ms) of the app's own functions (original source under `web/src/`): which of
 * our components and handlers the time is spent under. A function that recurses counts once.
 */
export function appFunctions(profile, { distDir, traceMapping, limit = 15 }) {
  const label = labeler({ distDir, traceMapping });
  const self = selfTimes(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  const walk = (id, open) => {
    const node = byId.get(id);
    const l = label(node.callFrame);
    const mine = /(^|[\s/])src\//.test(l) && !l.includes('node_modules') && !open.has(l);
    const next = mine ? new Set(open).add(l) : open;
    let sum = self.get(id) ?? 0;
    for (const child of node.children ?? []) sum += walk(child, next);
    if (mine) totals.set(l, (totals.get(l) ?? 0) + sum);
    return sum;
  };
  walk(profile.nodes[0].id, new Set());
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([l, us]) => [l, us / 1000]);
}

/** Self time (ms) per function, the top `limit`, with original positions where a map has them. */
export function topFunctions(profile, { distDir, traceMapping, limit = 20 }) {
  const label = labeler({ distDir, traceMapping });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  let total = 0;
  for (const [id, us] of selfTimes(profile)) {
    total += us;
    const l = label(byId.get(id).callFrame);
    totals.set(l, (totals.get(l) ?? 0) + us);
  }
  const rows = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  return { totalMs: total / 1000, rows: rows.map(([label, us]) => [label, us / 1000]) };
}

/** Self time (ms) per source package or folder: node_modules/<pkg> or web/src/<dir>. */
export function byPackage(profile, opts) {
  const { rows } = topFunctions(profile, { ...opts, limit: Infinity });
  const out = new Map();
  for (const [label, msSelf] of rows) {
    const m = label.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/) ?? label.match(/(src\/[^/:]+(?:\/[^/:]+)?)/);
    const key = m ? m[1] : label.startsWith('(') ? label : 'other';
    out.set(key, (out.get(key) ?? 0) + msSelf);
  }
  return [...out.entries()].sort((a, b) => b[1] - a[1]);
}
