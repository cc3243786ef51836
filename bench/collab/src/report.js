// The results file: a table per workload, both systems side by side, and the SUMMARY line.
import { mib, kib, ms, ratio } from './stats.js';

const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

export function render({ date, machine, versions, config, results, notes }) {
  const r = results;
  const out = [`# Collaboration server benchmark, ${date}`, ''];
  out.push(`Machine: ${machine}`, '', `Versions: ${versions}`, '', `Run: ${config}`, '');
  if (notes.length) out.push(...notes.map((n) => `> ${n}`), '');

  // A partial run (BENCH_SYSTEMS, BENCH_ONLY) reports what it ran: a missing system or workload
  // leaves its rows, sections and ratios out ("n/a" in the SUMMARY), never a crash.
  const none = { name: 'n/a', idle: [] };
  const [q, h] = [r.quire ?? none, r.hocuspocus ?? none];
  const systems = [r.quire, r.hocuspocus, r.multi].filter(Boolean);
  const ran = (key) => systems.filter((s) => s[key]);
  out.push('## Headline', '');
  const idlePairs = q.idle.map((x, i) => [x, h.idle[i]]).filter(([, y]) => y);
  out.push(table(['workload', q.name, h.name, 'ratio (target ≥ 3)'], [
    ...(q.coldOpen || h.coldOpen ? [['cold open, 150k words / 60 chapters (ms)', ms(q.coldOpen?.ms), ms(h.coldOpen?.ms), `${ratio(h.coldOpen?.ms, q.coldOpen?.ms)} (Hocuspocus ÷ Quire)`]] : []),
    ...(q.fanout || h.fanout ? [['fan-out: most clients at p99 < 50 ms', fanBest(q), fanBest(h), `${ratio(q.fanout?.best, h.fanout?.best)} (Quire ÷ Hocuspocus)`]] : []),
    ...idlePairs.map(([x, y]) => [`idle memory, ${x.count.toLocaleString('en')} docs (KiB/doc)`, kib(x.perDoc), kib(y.perDoc), `${ratio(y.perDoc, x.perDoc)} (Hocuspocus ÷ Quire)`]),
    ...(q.offline || h.offline ? [['offline divergence: merge (ms) / lost words', offlineCell(q), offlineCell(h), '']] : []),
    ...(r.multi ? [[`${r.multi.name}: fan-out clients at p99 < 50 ms / lost words`, `${fanBest(r.multi)} / ${r.multi.offline?.lost ?? 'n/a'}`, '', '']] : []),
  ]), '');
  const cold = ran('coldOpen');
  if (cold.length) {
    out.push('## 1. Cold open of a novel (stored → synced)', '');
    out.push(`${cold[0].coldOpen.words.toLocaleString('en')} words in ${cold[0].coldOpen.chapters} chapter documents, server restarted before each open, one client opens all chapters over one socket; median of ${cold[0].coldOpen.runsMs.length}. A first open, made the same way for both systems, is not counted: it is the client process's first receiving and decoding, run cold (its time is in the last column).`, '');
    out.push(table(['system', 'time to synced (ms)', 'runs (ms)', 'server RSS before (MiB)', 'after open (MiB)', 'uncounted first open (ms)'], [
      ...cold.map((s) => [s.name, ms(s.coldOpen.ms), s.coldOpen.runsMs.map(ms).join(', '), mib(s.coldOpen.rssBefore), mib(s.coldOpen.rssAfter), ms(s.coldOpen.warmUpMs)]),
      ...(q.coldOpen && h.coldOpen ? [['**Hocuspocus ÷ Quire**', ratio(h.coldOpen.ms, q.coldOpen.ms), '', '', ratio(h.coldOpen.rssAfter, q.coldOpen.rssAfter), '']] : []),
    ]), '');
  }

  const fanned = ran('fanout');
  if (fanned.length) {
    out.push('## 2. Keystroke fan-out', '');
    out.push(`${r.clientsPerRoom} clients a room, one typist a room at 8 characters/s, ${r.keys} keystrokes a step; latency = a keystroke typed → seen by each other client of its room. Ramped until p99 ≥ 50 ms or a drop (a keystroke not delivered within 3 s, or a socket closed). CPU is a share of one core over the step; the machine has ${r.cores} and the client processes run on them too, so server + clients near ${r.cores * 100} % means the clients, not only the server, set the limit.`, '');
    for (const s of fanned) {
      out.push(`**${s.name}**`, '');
      out.push(table(['clients', 'rooms', 'p50 (ms)', 'p99 (ms)', 'server CPU (%)', "clients' CPU (%)", 'server RSS (MiB)', 'drops', 'closes', 'deliveries'],
        s.fanout.steps.map((x) => [x.clients, x.rooms, ms(x.p50), ms(x.p99), x.cpu.toFixed(0), x.clientCpu?.toFixed(0) ?? 'n/a', mib(x.rss), x.drops, x.closes, x.deliveries])), '');
    }
    out.push(table(['system', 'most clients at p99 < 50 ms'], [
      ...fanned.map((s) => [s.name, `${s.fanout.best}${s.fanout.capped ? ' (the ramp\'s top: not reached)' : ''}`]),
      ...(q.fanout && h.fanout ? [['**Quire ÷ Hocuspocus**', ratio(q.fanout.best, h.fanout.best)]] : []),
    ]), '');
  }

  const merged = ran('offline');
  if (merged.length) {
    out.push('## 3. Offline divergence', '');
    out.push('Three devices sync a chapter, go offline, each types marker words (into shared paragraphs and new ones), then all reconnect at once. Merge = reconnect → all three hold the same state; lost = marker words a fresh fourth device does not find.', '');
    out.push(table(['system', 'merge (ms, median)', 'marker words', 'lost words', 'runs'],
      merged.map((s) => [s.name, ms(s.offline.mergeMs), s.offline.markers, s.offline.lost, s.offline.reps])), '');
  }

  const idled = ran('idle').filter((s) => s.idle.length);
  if (idled.length) {
    out.push('## 4. Idle memory', '');
    out.push('Documents opened (a 50-word paragraph each) over sockets of 100 documents (Hocuspocus closes a socket past 1,000 messages queued before authentication, about 150 documents), server restarted first; per document = server RSS delta ÷ documents.', '');
    const sizes = idled[0].idle.map((x) => x.count);
    const idleRows = sizes.map((count) => {
      const row = [count.toLocaleString('en')];
      for (const s of idled) {
        const x = s.idle.find((y) => y.count === count);
        row.push(x ? mib(x.rssAfter - x.rssBefore) : 'n/a', x ? kib(x.perDoc) : 'n/a');
      }
      if (idled.length === 2) row.push(ratio(idled[1].idle.find((y) => y.count === count)?.perDoc, idled[0].idle.find((y) => y.count === count)?.perDoc));
      return row;
    });
    const head = ['open documents', ...idled.flatMap((s) => [`${s.name} RSS delta (MiB)`, 'KiB/doc']), ...(idled.length === 2 ? ['Hocuspocus ÷ Quire'] : [])];
    out.push(table(head, idleRows), '');
  }

  if (r.ingest.length || r.seeded.length) {
    out.push('## 5. Compaction of 100k updates', '');
    out.push('a) One client sends 100,000 one-character updates (512 unacknowledged at most) to one document (Hocuspocus gets fewer when its count says so: at its rate here 100,000 would take minutes). Acked = every update acknowledged; compact = the stored form holds them compactly (Quire: the log folded into its snapshot, < 500 rows left — it compacts every 500 as it goes; Hocuspocus: its SQLite row holds the whole state — it stores full states, debounced, and keeps no log).', '');
    out.push(table(['system', 'updates', 'all acked (ms)', 'stored compact (ms)', 'µs an update (compact)', 'server CPU (s)'],
      r.ingest.map((x) => [x.name, x.count.toLocaleString('en'), ms(x.ackMs), ms(x.settledMs), ((x.settledMs * 1000) / x.count).toFixed(0), x.cpuSeconds.toFixed(2)])), '');
    out.push('b) Quire only (Hocuspocus keeps no log to compact): a log of 100,000 keystroke updates written into the stopped server\'s store, then the chapter opened: time to synced (the room loads every update) and until compaction has folded the whole log.', '');
    out.push(table(['store', 'open → synced (ms)', 'open → log compacted (ms)'],
      r.seeded.map((x) => [x.name, ms(x.syncedMs), ms(x.compactedMs)])), '');
  }

  if (r.before && r.quire) out.push(...beforeAndAfter(r.before, r), '');
  const lost = systems.some((s) => s.offline) ? (r.quire?.offline?.lost ?? 0) + (r.multi?.offline?.lost ?? 0) : 'n/a';
  out.push(`SUMMARY fanout_ratio=${ratio(q.fanout?.best, h.fanout?.best)} idle_mem_ratio=${ratio(h.idle.at(-1)?.perDoc, q.idle.at(-1)?.perDoc)} cold_open_ratio=${ratio(h.coldOpen?.ms, q.coldOpen?.ms)} lost_words=${lost}`);
  return `${out.join('\n')}\n`;
}

/** Quire's figures from an earlier run (BENCH_BEFORE=<its results JSON>) beside this run's. */
function beforeAndAfter({ label, results: b }, r) {
  const q = r.quire;
  b.quire ??= { idle: [] };
  b.ingest ??= [];
  const out = [`## Before and after: ${label}`, ''];
  out.push(table(['figure', 'before', 'after'], [
    ['fan-out: most clients at p99 < 50 ms', b.quire.fanout?.best ?? 'n/a', q.fanout?.best ?? 'n/a'],
    ...(b.quire.fanout?.steps ?? []).map((x, i) => {
      const a = q.fanout?.steps.find((y) => y.clients === x.clients);
      const cell = (s) => `${ms(s.p50)} / ${ms(s.p99)}; ${s.cpu.toFixed(0)} % / ${s.clientCpu.toFixed(0)} %`;
      return [`fan-out ${x.clients} clients: p50 / p99 (ms); server / clients' CPU`, cell(x), a ? cell(a) : 'n/a'];
    }),
    ['cold open (ms)', ms(b.quire.coldOpen?.ms), ms(q.coldOpen?.ms)],
    ['idle KiB/doc (largest size)', b.quire.idle?.length ? kib(b.quire.idle.at(-1).perDoc) : 'n/a', q.idle.length ? kib(q.idle.at(-1).perDoc) : 'n/a'],
    ...b.ingest.filter((x) => x.name.startsWith('Quire')).map((x) => [`${x.name}: ${x.count} updates stored compact (ms)`, ms(x.settledMs), ms(r.ingest.find((y) => y.name === x.name)?.settledMs)]),
  ]));
  return out;
}

const fanBest = (s) => (s.fanout ? `${s.fanout.best}${s.fanout.capped ? ' (ramp top)' : ''}` : 'n/a');
const offlineCell = (s) => (s.offline ? `${ms(s.offline.mergeMs)} / ${s.offline.lost}` : 'n/a');
