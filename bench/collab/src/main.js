// The collab load harness: starts Quire and Hocuspocus, runs the five workloads against each,
// writes bench/results/<date>.md. Bounded: every step has a size cap and a timeout, and the
// whole run is killed after BENCH_TIMEOUT_S. See ../README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, totalmem, homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startWorkers } from './pool.js';
import { killAll } from './proc.js';
import { startQuire, startHocuspocus, apiRetries } from './servers.js';
import { coldOpen, fanout, offline, idle } from './workloads.js';
import { ingest, seededLog } from './compaction.js';
import { render } from './report.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const QUICK = process.env.BENCH_QUICK === '1';
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  chapters: 60,
  wordsPerChapter: 2500,
  coldReps: QUICK ? 2 : 5,
  clientsPerRoom: env('BENCH_CLIENTS_PER_ROOM', 10),
  roomSteps: (process.env.BENCH_ROOM_STEPS ?? (QUICK ? '5,20,50,100' : '5,10,20,40,60,80,100,130,160,200,250,300,400')).split(',').map(Number),
  keys: env('BENCH_KEYS', QUICK ? 40 : 80),
  idleSizes: (process.env.BENCH_IDLE ?? (QUICK ? '1000,5000' : '1000,10000')).split(',').map(Number),
  compactionUpdates: env('BENCH_UPDATES', QUICK ? 20000 : 100000),
  // Hocuspocus is much slower per update (see the results file): as many updates as quire gets
  // would take minutes.
  hocuspocusUpdates: env('BENCH_HP_UPDATES', QUICK ? 5000 : 20000),
  workers: env('BENCH_WORKERS', 2),
  timeoutS: env('BENCH_TIMEOUT_S', 1800),
};
const only = (process.env.BENCH_ONLY ?? 'cold,offline,fanout,idle,compaction').split(',');
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
const log = (line) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const workDir = join(ROOT, 'bench/results/tmp', String(Date.now()));
mkdirSync(workDir, { recursive: true });
let pool = null;
const cleanUp = () => {
  pool?.stop();
  killAll();
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`bench: gave up after ${config.timeoutS} s`);
  process.exit(2);
}, config.timeoutS * 1000).unref();

async function withTarget(startTarget, run) {
  const target = await startTarget();
  try {
    return await run(target);
  } finally {
    await target.stop();
  }
}

async function main() {
  // Read before the run, so that a wrong path fails now and not after half an hour.
  const before = process.env.BENCH_BEFORE
    ? { label: process.env.BENCH_BEFORE_LABEL ?? 'an earlier run', results: JSON.parse(readFileSync(process.env.BENCH_BEFORE, 'utf8')) }
    : undefined;
  pool = await startWorkers(config.workers);
  const limitMs = 50;
  const fan = { clientsPerRoom: config.clientsPerRoom, roomSteps: config.roomSteps, keys: config.keys, rate: 8, limitMs, log };
  const idleOpts = { perSocket: 100, seedWords: 50 };
  const results = { keys: config.keys, clientsPerRoom: config.clientsPerRoom, cores: cpus().length, ingest: [], seeded: [] };
  const systems = [
    ['quire', () => startQuire({ binary, workDir, label: 'sqlite' })],
    ['hocuspocus', () => startHocuspocus({ workDir, label: 'main' })],
  ];
  const chosen = (process.env.BENCH_SYSTEMS ?? 'quire,hocuspocus,pg,multi').split(',');
  for (const [key, startTarget] of systems.filter(([key]) => chosen.includes(key))) {
    results[key] = await withTarget(startTarget, async (target) => {
      const r = { name: target.name };
      // Each workload is logged only when it runs: a partial run's log says what it measured.
      if (only.includes('cold')) {
        log(`${target.name}: cold open`);
        r.coldOpen = await coldOpen(target, pool, { chapters: config.chapters, wordsPerChapter: config.wordsPerChapter, reps: config.coldReps });
      }
      if (only.includes('offline')) {
        log(`${target.name}: offline divergence`);
        r.offline = await offline(target, pool, { baseWords: 500, wordsEach: 200, reps: 3 });
      }
      if (only.includes('fanout')) {
        log(`${target.name}: fan-out`);
        r.fanout = await fanout(target, pool, fan);
      }
      r.idle = [];
      for (const count of only.includes('idle') ? config.idleSizes : []) {
        log(`${target.name}: idle memory, ${count} documents`);
        r.idle.push(await idle(target, pool, { count, ...idleOpts }));
      }
      if (only.includes('compaction')) {
        log(`${target.name}: ${config.compactionUpdates} updates`);
        const count = target.kind === 'quire' ? config.compactionUpdates : config.hocuspocusUpdates;
        results.ingest.push({ name: target.name, ...(await ingest(target, pool, { count })) });
        if (target.kind === 'quire') results.seeded.push({ name: target.name, ...(await seededLog(target, pool, { count: config.compactionUpdates })) });
      }
      return r;
    });
  }
  if (chosen.includes('pg') && only.includes('compaction')) {
  log('Quire on PostgreSQL: compaction');
  await withTarget(() => startQuire({ binary, workDir, store: 'postgres', label: 'pg' }), async (target) => {
    results.ingest.push({ name: target.name, ...(await ingest(target, pool, { count: config.compactionUpdates })) });
    results.seeded.push({ name: target.name, ...(await seededLog(target, pool, { count: config.compactionUpdates })) });
  });
  }
  if (chosen.includes('multi') && (only.includes('fanout') || only.includes('offline'))) {
  log('two Quire instances on one PostgreSQL: fan-out and offline divergence');
  results.multi = await withTarget(() => startQuire({ binary, workDir, store: 'postgres', instances: 2, label: 'pg2' }), async (target) => ({
    name: target.name,
    fanout: only.includes('fanout') ? await fanout(target, pool, fan) : undefined,
    offline: only.includes('offline') ? await offline(target, pool, { baseWords: 500, wordsEach: 200, reps: 3 }) : undefined,
  }));
  }
  if (before) results.before = before;
  writeFileSync(join(ROOT, 'bench/results/tmp/last-results.json'), JSON.stringify(results, null, 1));
  const date = new Date().toISOString().slice(0, 10);
  const file = resultsFile(date);
  const text = render({ date, machine: machine(), versions: versions(), config: describe(), results, notes: notes() });
  writeFileSync(file, text);
  log(`wrote ${file}`);
  console.log(text.trim().split('\n').at(-1));
  if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
}


/**
 * bench/results/<date>[-<QUIRE_BENCH_LABEL>].md, as bench/editor names its files; a file of an
 * earlier run is never overwritten (-2, -3, … is added instead).
 */
function resultsFile(date) {
  const label = process.env.QUIRE_BENCH_LABEL ? `-${process.env.QUIRE_BENCH_LABEL}` : '';
  const base = join(ROOT, 'bench/results', `${date}${label}`);
  let file = `${base}.md`;
  for (let n = 2; existsSync(file); n += 1) file = `${base}-${n}.md`;
  return file;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = loadavg();

function machine() {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const kernel = readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  return `${cpus().length} × ${model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Linux ${kernel}; clients in ${config.workers} Node processes on the same machine; load average at the start ${loadAtStart}, at the end ${loadavg()} (the machine is shared with other work: a load above ~0.5 at the start means something else was running)`;
}

function versions() {
  const pkg = (name) => JSON.parse(readFileSync(join(ROOT, 'bench/collab/node_modules', name, 'package.json'), 'utf8')).version;
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']).toString().trim();
  const pg = execFileSync('psql', ['postgres://postgres@127.0.0.1:5432/postgres', '-qAtc', 'SHOW server_version']).toString().trim();
  const bin = process.env.QUIRE_BIN ? ` (binary ${process.env.QUIRE_BIN})` : '';
  return `quire ${commit}${bin} (release build), @hocuspocus/server ${pkg('@hocuspocus/server')}, @hocuspocus/extension-sqlite ${pkg('@hocuspocus/extension-sqlite')}, @hocuspocus/provider ${pkg('@hocuspocus/provider')}, yjs ${pkg('yjs')}, Node ${process.version}, PostgreSQL ${pg}`;
}

function describe() {
  return `${QUICK ? 'QUICK mode' : 'full'}; C=${config.clientsPerRoom} clients a room, room steps ${config.roomSteps.join('/')}, ${config.keys} keystrokes a step; idle ${config.idleSizes.join(' and ')} documents; ${config.compactionUpdates} updates for compaction (Hocuspocus: ${config.hocuspocusUpdates})`;
}

function notes() {
  const n = [];
  if (QUICK) n.push('QUICK mode: smaller ramp, idle sizes and update counts than the issue asks; see the run line.');
  if (apiRetries() > 0) {
    n.push(`Setting up, Quire on SQLite answered 500 "database is locked" to ${apiRetries()} chapter PUTs while a background write (an automatic version) held the database; the harness retried them.`);
  }
  const [onlyVar, systems] = [process.env.BENCH_ONLY, process.env.BENCH_SYSTEMS];
  if (onlyVar || systems) n.push(`A partial run: systems ${systems ?? 'all'}, workloads ${onlyVar ?? 'all'}; the rest is left out ("n/a").`);
  if (config.compactionUpdates < 100000) n.push(`Compaction ran with ${config.compactionUpdates} updates, not 100,000.`);
  return n;
}

// Exits once done: the forked client workers would otherwise keep the harness (and the
// benchmark lock it runs under) alive after a partial run.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
