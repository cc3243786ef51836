// Where one call kind spends the server's CPU: the release server runs under valgrind's
// callgrind (instruction counts; no hardware counters needed), one client is set up, and only
// PROFILE_CALLS calls of PROFILE_KIND (default: the content save) are collected. Writes
// callgrind.out.<pid> in PROFILE_DIR; read it with callgrind_annotate. Not part of make bench.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { killAll, start, stop, until } from '../../collab/src/proc.js';
import { SAVE, act, newClient } from './workload.js';

const kind = process.env.PROFILE_KIND ?? SAVE;
const calls = Number(process.env.PROFILE_CALLS ?? 100);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dir = process.env.PROFILE_DIR ?? join(ROOT, 'bench/results/tmp', `profile-${Date.now()}`);
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
const port = Number(process.env.BENCH_PORT ?? 18700);
const database = process.env.PROFILE_DATABASE_URL;

process.on('exit', killAll);

async function main() {
  mkdirSync(join(dir, 'data'), { recursive: true });
  const log = createWriteStream(join(dir, 'quire.log'), { flags: 'a' });
  await new Promise((resolve) => log.once('open', resolve));
  const server = start('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(dir, 'callgrind.out.%p')}`, binary], {
    env: {
      QUIRE_LISTEN: `127.0.0.1:${port}`,
      QUIRE_DATA_DIR: join(dir, 'data'),
      QUIRE_WEB_DIR: dir,
      QUIRE_LOG_LEVEL: 'warn',
      QUIRE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(database ? { QUIRE_DATABASE_URL: database } : {}),
    },
    log,
    name: 'quire-callgrind',
  });
  await until('the server under callgrind', async () => fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false), 300_000, 500);
  const client = await newClient({ port, n: 0, chapters: 4, words: Number(process.env.BENCH_REST_WORDS ?? 2000) });
  // Warm: the first calls of a kind touch code and caches once.
  for (let i = 0; i < 5; i += 1) await act(client, kind);
  execFileSync('callgrind_control', ['-i', 'on', String(server.pid)]);
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) {
    const status = await act(client, kind);
    if (status !== 200) throw new Error(`${kind}: ${status}`);
  }
  // Work finished after answering belongs to the call.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  execFileSync('callgrind_control', ['-i', 'off', String(server.pid)]);
  console.log(`${calls} × ${kind} under callgrind in ${((performance.now() - started) / 1000).toFixed(1)} s; ${join(dir, `callgrind.out.${server.pid}`)}`);
  await stop(server, 60_000);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
