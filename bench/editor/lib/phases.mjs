// Where the main thread's time goes in each phase of one open, between the app's own marks
// (quire:*): wall, time in tasks, thread CPU, and the top functions and packages by self time
// through the build's source maps, from a trace that holds V8's sampling profiler
// (`PHASE_CATEGORIES`), so that samples and marks share one clock. Used by open-quick.mjs --phases.
import { labeler } from './profile.mjs';
import { TRACE_CATEGORIES } from './typing.mjs';

export const PHASE_CATEGORIES = [...TRACE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'];
const f = (v) => (v === undefined ? '-' : v.toFixed(0));

/** The renderer's samples ([ts µs, node]) and nodes from the trace's profile chunks (its main thread's). */
function samplesOf(events, pid) {
  const nodes = new Map();
  const samples = [];
  let ts = null;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.args?.data?.startTime !== undefined) ts = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push([ts, id]);
    });
  }
  return { nodes, samples };
}

/** The phases of `open` (the probe's record) in `events` (its trace), as printable lines. */
export function phases(events, open, { distDir, traceMapping, top: TOP = 8 }) {
  const lines = [];
  const marks = events.filter((e) => e.cat?.includes('blink.user_timing') && /^(quire|qb):/.test(e.name ?? ''));
  const qb = marks.find((e) => e.name === 'qb:open');
  const { pid, tid } = qb;
  const origin = qb.ts - open.markAt * 1000;
  const points = [['nav', origin]];
  for (const m of marks.filter((e) => e.name.startsWith('quire:')).sort((a, b) => a.ts - b.ts)) points.push([m.name.slice(6), m.ts]);
  points.push(['shown', origin + open.end * 1000]);
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'));
  const { nodes, samples } = samplesOf(events, pid);
  const label = labeler({ distDir, traceMapping });
  const pkg = (l) => (l.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? (l.match(/src\/[^/:]+(?:\/[^/:]+)?/)?.[0]) ?? l.split(' ')[0]);
  lines.push(`traced open ${f(open.end)} ms; marks: ${points.map(([n, t]) => `${n} ${f((t - origin) / 1000)}`).join(', ')}`);
  for (let i = 1; i < points.length; i += 1) {
    const [name, end] = points[i];
    const start = points[i - 1][1];
    let cpu = 0;
    let busy = 0;
    for (const t of tasks) {
      const s = Math.max(t.ts, start);
      const e = Math.min(t.ts + t.dur, end);
      if (e > s) {
        busy += e - s;
        cpu += ((t.tdur ?? t.dur) * (e - s)) / t.dur;
      }
    }
    const self = new Map();
    const byPkg = new Map();
    let sampled = 0;
    for (let k = 1; k < samples.length; k += 1) {
      const [ts, id] = samples[k];
      if (ts <= start || ts > end) continue;
      const dt = ts - samples[k - 1][0];
      const node = nodes.get(id);
      const l = node ? label(node.callFrame) : '?';
      self.set(l, (self.get(l) ?? 0) + dt);
      byPkg.set(pkg(l), (byPkg.get(pkg(l)) ?? 0) + dt);
      sampled += dt;
    }
    const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`);
    lines.push(`\n→ ${name}: ${f((end - start) / 1000)} ms wall, in tasks ${f(busy / 1000)}, thread CPU ${f(cpu / 1000)}, sampled ${f(sampled / 1000)}`);
    lines.push(`  packages: ${top(byPkg).join(' · ')}`);
    for (const row of top(self)) lines.push(`    ${row}`);
  }
  return lines;
}
