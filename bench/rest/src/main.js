// The mixed REST load (make bench-rest): BENCH_REST_CLIENTS signed-up clients, each with its own
// manuscript and chapters, call the server one call at a time (reads and writes mixed by
// weight) for BENCH_REST_SECONDS on SQLite and then on a fresh PostgreSQL database; then each
// call kind alone, to read the server's CPU per call of that kind. Writes
// bench/results/rest-<date>.md and ends with a SUMMARY line. See ../README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { cpuOf, killAll, sleep } from '../../collab/src/proc.js';
import { startQuire } from '../../collab/src/servers.js';
import { percentile, ms } from '../../collab/src/stats.js';
import { KINDS, SAVE, act, drawKind, newClient } from './workload.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const quick = Boolean(process.env.BENCH_QUICK);
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  clients: env('BENCH_REST_CLIENTS', 200),
  seconds: env('BENCH_REST_SECONDS', quick ? 15 : 60),
  soloSeconds: env('BENCH_REST_SOLO_SECONDS', quick ? 4 : 10),
  warmupSeconds: 5,
  chapters: env('BENCH_REST_CHAPTERS', 4),
  words: env('BENCH_REST_WORDS', 2000),
  stores: (process.env.BENCH_REST_STORES ?? 'sqlite,postgres').split(','),
  timeoutS: env('BENCH_TIMEOUT_S', 1800),
};
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
// What the content save's CPU is compared with: another build's binary measured in this run
// (QUIRE_BASELINE_BIN, an A/B on fresh servers), else the first run's figures, recorded below.
const baseline = process.env.QUIRE_BASELINE_BIN
  ? { binary: process.env.QUIRE_BASELINE_BIN, name: process.env.QUIRE_BASELINE_NAME ?? process.env.QUIRE_BASELINE_BIN }
  : null;
const RECORDED_BEFORE = {
  source: 'bench/results/rest-2026-11-27.md (commit 268fabb, before the save was made cheaper)',
  saveCpuMs: { sqlite: 1.96, postgres: 1.35 },
};
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const log = (line) => console.log(`[rest ${new Date().toISOString().slice(11, 19)}] ${line}`);

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`rest bench: gave up after ${config.timeoutS} s`);
  process.exit(2);
}, config.timeoutS * 1000).unref();

/** The PostgreSQL backends serving `database` (their CPU is the database's share of the work). */
function backendPids(database) {
  if (!database) return [];
  const out = execFileSync('psql', [`${PG}/postgres`, '-qAtc', `SELECT pid FROM pg_stat_activity WHERE datname = '${database}'`]);
  return String(out).split('\n').filter(Boolean).map(Number);
}

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
/** The kernel's share of a process's CPU so far: stime of /proc/<pid>/stat, in seconds. */
function kernelSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) / CLK_TCK;
}

/** CPU seconds of the server (and its kernel share) and of the database backends alive both
 * at the start and now. */
function cpuMeter(target) {
  const server = target.cpu();
  const kernel = kernelSeconds(target.pids()[0]);
  const backends = backendPids(target.database);
  const before = new Map(backends.map((pid) => [pid, safeCpu(pid)]));
  const harness = process.cpuUsage();
  return () => {
    let db = 0;
    for (const [pid, start] of before) {
      const now = safeCpu(pid);
      if (now !== null && start !== null) db += now - start;
    }
    const used = process.cpuUsage(harness);
    return { server: target.cpu() - server, kernel: kernelSeconds(target.pids()[0]) - kernel, db, harness: (used.user + used.system) / 1e6 };
  };
}
function safeCpu(pid) {
  try {
    return cpuOf([pid]);
  } catch {
    return null;
  }
}

/** Every client calls `chooseKind()` kinds one after another until `seconds` pass. */
async function run(clients, seconds, chooseKind) {
  const samples = new Map(KINDS.map((kind) => [kind.name, { ms: [], errors: 0, stale: 0, codes: {} }]));
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const kind = chooseKind();
        const sample = samples.get(kind);
        const at = performance.now();
        let status;
        try {
          status = await act(client, kind);
        } catch (error) {
          status = String(error.code ?? error.message).slice(0, 40);
        }
        sample.ms.push(performance.now() - at);
        if (status === 409) sample.stale += 1;
        else if (status !== 200) {
          sample.errors += 1;
          sample.codes[status] = (sample.codes[status] ?? 0) + 1;
        }
      }
    }),
  );
  return { samples, wallS: (performance.now() - started) / 1000 };
}

/** A fresh server of `bin` on `store`, with the run's clients signed up and their chapters saved. */
async function serverWithClients(bin, store, label) {
  log(`${store}: starting ${bin}`);
  const target = await startQuire({ binary: bin, workDir: join(ROOT, 'bench/results/tmp', `rest-${Date.now()}`), store, label });
  const port = Number(new URL(target.wsUrls[0]).port);
  try {
    log(`${store}: signing up ${config.clients} clients, ${config.chapters} chapters of ${config.words} words each`);
    const clients = [];
    for (let n = 0; n < config.clients; n += 4) {
      const batch = [];
      for (let m = n; m < Math.min(n + 4, config.clients); m += 1) batch.push(newClient({ port, n: m, chapters: config.chapters, words: config.words }));
      clients.push(...(await Promise.all(batch)));
    }
    return { target, clients };
  } catch (error) {
    await target.stop();
    throw error;
  }
}

/** The content save alone on a fresh server of `bin`: server CPU ms a call (and the backends'). */
async function saveAlone(bin, store, label) {
  const { target, clients } = await serverWithClients(bin, store, label);
  try {
    await run(clients, config.warmupSeconds, () => SAVE);
    await sleep(1000);
    const meter = cpuMeter(target);
    const result = await run(clients, config.soloSeconds, () => SAVE);
    await sleep(500);
    const cpu = meter();
    const calls = count(result.samples);
    const errors = [...result.samples.values()].reduce((n, s) => n + s.errors, 0);
    return { server: perCall(cpu.server, calls), db: perCall(cpu.db, calls), calls, errors };
  } finally {
    await target.stop();
  }
}

/** The save alone on the baseline binary and on this one, by turns (two rounds each). */
async function saveAB(store) {
  const rounds = [];
  for (let round = 0; round < 2; round += 1) {
    log(`${store}: save A/B round ${round + 1}: ${baseline.name}`);
    const before = await saveAlone(baseline.binary, store, `rest-ab-before-${store}`);
    log(`${store}: save A/B round ${round + 1}: this build`);
    const after = await saveAlone(binary, store, `rest-ab-after-${store}`);
    rounds.push({ before, after });
  }
  const mean = (side, key) => rounds.reduce((sum, r) => sum + r[side][key], 0) / rounds.length;
  return { rounds, before: mean('before', 'server'), after: mean('after', 'server'), beforeDb: mean('before', 'db'), afterDb: mean('after', 'db') };
}

async function bench(store) {
  const { target, clients } = await serverWithClients(binary, store, `rest-${store}`);
  try {
    log(`${store}: warm-up ${config.warmupSeconds} s`);
    await run(clients, config.warmupSeconds, drawKind);
    const load = loadavg()[0];
    log(`${store}: mixed load for ${config.seconds} s`);
    let meter = cpuMeter(target);
    const mixed = await run(clients, config.seconds, drawKind);
    const mixedCpu = meter();
    const solo = new Map();
    for (const kind of KINDS) {
      await sleep(1000);
      log(`${store}: ${kind.name} alone for ${config.soloSeconds} s`);
      meter = cpuMeter(target);
      const result = await run(clients, config.soloSeconds, () => kind.name);
      // Work the server finishes after answering (e.g. storing a document) belongs to the call.
      await sleep(500);
      solo.set(kind.name, { ...result, cpu: meter() });
    }
    return { store, mixed, mixedCpu, solo, load: [load, loadavg()[0]] };
  } finally {
    await target.stop();
  }
}

async function benchStore(store) {
  const result = await bench(store);
  if (baseline) result.ab = await saveAB(store);
  return result;
}

const count = (samples) => [...samples.values()].reduce((sum, s) => sum + s.ms.length, 0);
const all = (samples) => [...samples.values()].flatMap((s) => s.ms);
const perCall = (cpuS, calls) => (calls > 0 ? (cpuS * 1000) / calls : NaN);
const share = (cpu) => (cpu.server > 0 ? `${((100 * cpu.kernel) / cpu.server).toFixed(0)} %` : 'n/a');
const cpuMs = (value) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

function storeSection(result) {
  const { store, mixed, mixedCpu, solo } = result;
  const calls = count(mixed.samples);
  const lines = [
    `## ${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    '',
    `Mixed load, ${config.clients} clients, ${mixed.wallS.toFixed(1)} s: ${calls} calls, ${(calls / mixed.wallS).toFixed(0)} calls/s; ` +
      `server CPU ${mixedCpu.server.toFixed(1)} s (${cpuMs(perCall(mixedCpu.server, calls))} ms a call, ${share(mixedCpu)} in the kernel)` +
      (store === 'postgres' ? `, PostgreSQL backends ${mixedCpu.db.toFixed(1)} s (${cpuMs(perCall(mixedCpu.db, calls))} ms a call)` : '') +
      `, harness ${mixedCpu.harness.toFixed(1)} s. Load average ${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after.`,
    '',
    '| call | count | errors | not applied | p50 ms | p95 ms | p99 ms | alone: calls/s | alone: server CPU ms/call | of it in the kernel |' + (store === 'postgres' ? ' alone: backends CPU ms/call |' : ''),
    '|---|---|---|---|---|---|---|---|---|---|' + (store === 'postgres' ? '---|' : ''),
  ];
  for (const kind of KINDS) {
    const s = mixed.samples.get(kind.name);
    const alone = solo.get(kind.name);
    const aloneCalls = count(alone.samples);
    const codes = Object.entries(s.codes).map(([code, n]) => `${n}×${code}`).join(', ');
    lines.push(
      `| ${kind.name} | ${s.ms.length} | ${s.errors}${codes ? ` (${codes})` : ''} | ${s.stale} | ${ms(percentile(s.ms, 50))} | ${ms(percentile(s.ms, 95))} | ${ms(percentile(s.ms, 99))} | ` +
        `${(aloneCalls / alone.wallS).toFixed(0)} | ${cpuMs(perCall(alone.cpu.server, aloneCalls))} | ${share(alone.cpu)} |` +
        (store === 'postgres' ? ` ${cpuMs(perCall(alone.cpu.db, aloneCalls))} |` : ''),
    );
  }
  const every = all(mixed.samples);
  lines.push(`| **all** | ${every.length} | ${[...mixed.samples.values()].reduce((n, s) => n + s.errors, 0)} | | ${ms(percentile(every, 50))} | ${ms(percentile(every, 95))} | ${ms(percentile(every, 99))} | | | |` + (store === 'postgres' ? ' |' : ''));
  const aloneErrors = [...solo.values()].reduce((n, r) => n + [...r.samples.values()].reduce((m, s) => m + s.errors, 0), 0);
  lines.push('', `Errors in the one-kind runs: ${aloneErrors}.`);
  return lines.join('\n');
}

const soloCpu = (result, name) => perCall(result.solo.get(name).cpu.server, count(result.solo.get(name).samples));

/** The content save's server CPU per call over the other kinds' average (one-kind runs). */
function saveOverOthers(result) {
  const others = KINDS.filter((kind) => kind.name !== SAVE).map((kind) => soloCpu(result, kind.name));
  return soloCpu(result, SAVE) / (others.reduce((a, b) => a + b, 0) / others.length);
}

/** How many times cheaper a save is than before: the baseline's CPU a save over this build's. */
function beforeOverAfter(result) {
  if (result.ab) return result.ab.before / result.ab.after;
  return RECORDED_BEFORE.saveCpuMs[result.store] / soloCpu(result, SAVE);
}

function abSection(result) {
  const { ab, store } = result;
  if (!ab) {
    return `- ${store}: a save costs ${cpuMs(soloCpu(result, SAVE))} ms of server CPU alone; recorded before: ${RECORDED_BEFORE.saveCpuMs[store]} ms → ${beforeOverAfter(result).toFixed(2)}× cheaper`;
  }
  const rounds = ab.rounds
    .map((r, i) => `round ${i + 1}: ${cpuMs(r.before.server)} → ${cpuMs(r.after.server)} ms (${r.before.calls} / ${r.after.calls} saves, ${r.before.errors + r.after.errors} errors)`)
    .join('; ');
  const db = store === 'postgres' ? `; backends ${cpuMs(ab.beforeDb)} → ${cpuMs(ab.afterDb)} ms` : '';
  return `- ${store}: server CPU a save ${cpuMs(ab.before)} → ${cpuMs(ab.after)} ms, ${beforeOverAfter(result).toFixed(2)}× cheaper${db} (${rounds})`;
}

function report(results, commit) {
  const date = new Date().toISOString().slice(0, 10);
  const p99 = Math.max(...results.map((r) => percentile(all(r.mixed.samples), 99)));
  const ratio = Math.min(...results.map(beforeOverAfter));
  const mix = KINDS.map((kind) => `${kind.name} ${kind.weight} %`).join(', ');
  const text = [
    `# REST under a mixed load — ${date}${quick ? ' (BENCH_QUICK: a shorter run)' : ''}`,
    '',
    `Compared against: the same binary on SQLite (a fresh data dir) and on a fresh PostgreSQL database, one after`,
    `the other. Binary \`${binary}\` (commit ${commit}). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, shared with other work; the`,
    `load harness (one Node process, its CPU given) runs on the same cores. ${config.clients} clients, each signed up (sign-up signs in),`,
    `with its own manuscript of ${config.chapters} chapters of ${config.words} words (${config.words / 100} paragraphs), each on its own kept-alive`,
    `connection making one call at a time with no pause (a closed loop), ${config.seconds} s of mixed calls after a ${config.warmupSeconds} s warm-up.`,
    `Mix: ${mix}. A save adds two words to one paragraph and sends the whole chapter, newest \`updated_at\`.`,
    `"Not applied": a save answered 200 but not stored (a newer row was there) — none are expected.`,
    `Then each kind alone for ${config.soloSeconds} s, all clients: the server's CPU (utime+stime of /proc/<pid>/stat, read before and`,
    `0.5 s after the last answer) divided by that run's calls; "in the kernel" is stime's share of it (sockets, file`,
    `writes and syncs). On PostgreSQL the backends' CPU is given beside it.`,
    '',
    ...results.map(storeSection).flatMap((section) => [section, '']),
    `## The content save, before and after`,
    '',
    baseline
      ? `Compared against: \`${baseline.name}\` (\`${baseline.binary}\`), measured in this run: on each database a fresh server of each`
      : `Compared against: the figures recorded in ${RECORDED_BEFORE.source}, measured the same way (the save alone, after the mixed load).`,
    ...(baseline
      ? [`binary by turns (before, after, before, after), clients and chapters made the same way, ${config.warmupSeconds} s of saves to warm up, then ${config.soloSeconds} s of saves alone; the mean of the two rounds.`]
      : []),
    '',
    ...results.map(abSection),
    '',
    `content_save_cpu_ratio is the save's server CPU per call before over after (how many times cheaper), the lower`,
    `of the two databases; rest_p99_ms is the p99 of all calls of the mixed load, the higher of the two. The save's`,
    `CPU over the other kinds' average, in the one-kind runs above: ${results.map((r) => `${r.store} ${saveOverOthers(r).toFixed(2)}`).join(', ')}.`,
    '',
    `SUMMARY rest_p99_ms=${p99.toFixed(0)} content_save_cpu_ratio=${ratio.toFixed(2)}`,
  ].join('\n');
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `rest-${date}${process.env.QUIRE_BENCH_LABEL ? `-${process.env.QUIRE_BENCH_LABEL}` : ''}`);
  let file = `${stem}.md`;
  for (let n = 2; existsSync(file); n += 1) file = `${stem}-${n}.md`;
  writeFileSync(file, `${text}\n`);
  console.log(text);
  log(`wrote ${file}`);
}

async function main() {
  let commit = 'unknown';
  try {
    commit = String(execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'])).trim();
  } catch {
    // not a checkout
  }
  const results = [];
  for (const store of config.stores) results.push(await benchStore(store));
  report(results, commit);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
