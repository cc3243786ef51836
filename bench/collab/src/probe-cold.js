// The server's side of the cold open, without the clients' Yjs decoding: the novel of the cold
// open workload (60 chapters of 2,500 words, written through the provider) is stored, the
// server restarted, and one raw socket sends each chapter's Auth and an empty sync step 1, as
// the provider does, then waits for every chapter's sync step 2. Times are from the first
// frame sent (the socket is already open) to each chapter's Authenticated and step 2.
//
//   node src/probe-cold.js                 # Quire (QUIRE_BIN or the release build)
//   PROBE_SYSTEM=hocuspocus node src/probe-cold.js
//
// PROBE_REPS (default 10) timed opens, each after a restart; PROBE_PERF=<prefix> records each
// open's server with `perf record -g` into <prefix>-<rep>.data (for finding costs: such a
// run's times are not results). Loopback only; it stops the servers it started.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as encoding from 'lib0/encoding';
import * as decoding from 'lib0/decoding';
import { WebSocket } from 'ws';

import { startWorkers } from './pool.js';
import { killAll, now, sleep } from './proc.js';
import { startQuire, startHocuspocus } from './servers.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const system = process.env.PROBE_SYSTEM ?? 'quire';
const reps = Number(process.env.PROBE_REPS ?? 10);
const chapters = 60;
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');

function frame(name, write) {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

const auth = (name) =>
  frame(name, (e) => {
    encoding.writeVarUint(e, 2);
    encoding.writeVarUint(e, 0);
    encoding.writeVarString(e, '');
  });
// Sync step 1 with an empty state vector (a varUint 0 count): a device that holds nothing.
const step1 = (name) =>
  frame(name, (e) => {
    encoding.writeVarUint(e, 0);
    encoding.writeVarUint(e, 0);
    encoding.writeVarUint8Array(e, Uint8Array.of(0));
  });

/** Opens `names` over one socket; answers per-chapter ms to Authenticated and to step 2. */
async function rawOpen(url, cookie, names) {
  const connecting = now();
  const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  socket.binaryType = 'uint8array';
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const connectMs = now() - connecting;
  const authed = new Map();
  const synced = new Map();
  let bytes = 0;
  const started = now();
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${synced.size} of ${names.length} synced`)), 30_000);
    socket.on('message', (data) => {
      const decoder = decoding.createDecoder(data);
      if (data.length === 1) return;
      const name = decoding.readVarString(decoder);
      const type = decoding.readVarUint(decoder);
      const at = now() - started;
      if (type === 2 && decoding.readVarUint(decoder) === 2) authed.set(name, at);
      if (type === 0 && decoding.readVarUint(decoder) === 1) {
        bytes += decoding.readVarUint8Array(decoder).length;
        synced.set(name, at);
        if (synced.size === names.length) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
  });
  for (const name of names) {
    socket.send(auth(name));
    socket.send(step1(name));
  }
  await done;
  socket.close();
  const ms = (map) => names.map((name) => map.get(name) ?? NaN);
  return { connectMs, authed: ms(authed), synced: ms(synced), bytes };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toFixed(1);

async function main() {
  const workDir = join(ROOT, 'bench/results/tmp', `probe-${Date.now()}`);
  mkdirSync(workDir, { recursive: true });
  const pool = await startWorkers(1);
  const target =
    system === 'hocuspocus'
      ? await startHocuspocus({ workDir, label: 'probe' })
      : await startQuire({ binary, workDir, label: 'probe' });
  try {
    const names = await target.newDocs(chapters);
    const [worker] = pool.workers;
    const args = { urls: target.wsUrls, cookie: target.cookie, names, perSocket: chapters };
    await worker.call('open', { ...args, seedWords: 2500, acknowledge: true });
    await worker.call('closeAll');
    await sleep(1000);
    const totals = [];
    let cpuTotal = 0;
    // One untimed open first, as the workload does: the probe's own code runs cold once.
    for (let rep = -1; rep < reps; rep += 1) {
      await target.restart();
      await sleep(300);
      let perf = null;
      if (process.env.PROBE_PERF && rep >= 0) {
        const [pid] = target.pids();
        perf = spawn('perf', ['record', '-F', '4000', '--call-graph', 'dwarf,32768', '-p', String(pid), '-o', `${process.env.PROBE_PERF}-${rep}.data`], { stdio: 'ignore' });
        await sleep(500);
      }
      const cpu0 = target.cpu();
      const r = await rawOpen(target.wsUrls[0], target.cookie, names);
      const cpuMs = (target.cpu() - cpu0) * 1000;
      if (perf) {
        await sleep(50);
        perf.kill('SIGINT');
        await new Promise((resolve) => perf.once('exit', resolve));
      }
      if (rep < 0) continue;
      const last = Math.max(...r.synced);
      totals.push(last);
      cpuTotal += cpuMs;
      console.log(
        `${target.name} open ${rep + 1}: socket open ${fmt(r.connectMs)} ms, then all synced ${fmt(last)} ms; first Authenticated ${fmt(Math.min(...r.authed))}, last ${fmt(Math.max(...r.authed))}; first step 2 ${fmt(Math.min(...r.synced))}, median ${fmt(median(r.synced))}; ${(r.bytes / 1024).toFixed(0)} KiB`,
      );
    }
    console.log(`${target.name}: median of ${reps} ${fmt(median(totals))} ms, min ${fmt(Math.min(...totals))}, max ${fmt(Math.max(...totals))}; server CPU ${fmt(cpuTotal / reps)} ms an open (clock ticks, averaged)`);
  } finally {
    await target.stop();
    pool.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    killAll();
    process.exit(1);
  },
);
