// The change feed across instances (ADR 0016): two release servers on one PostgreSQL database,
// BENCH_FEED_DEVICES live sockets (/api/v4/ws) split over them, renames made through one
// instance; measures how long each rename takes to reach the devices on the other instance,
// against the same instance's devices as the baseline, and both ways. Writes
// bench/results/feed-<date>.md and ends with a SUMMARY line. See ../README.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

import { killAll } from './proc.js';
import { startQuire, newId } from './servers.js';
import { percentile, median, ms } from './stats.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  devices: env('BENCH_FEED_DEVICES', 1000),
  // Sign-ups are rate-limited per address (20 at once per instance): 10 users on each.
  users: env('BENCH_FEED_USERS', 20),
  changes: env('BENCH_FEED_CHANGES', 300),
  everyMs: env('BENCH_FEED_EVERY_MS', 20),
  // The target for delivery to the other instance: a change reaches its devices within this
  // (p99).
  targetP99Ms: 50,
  timeoutS: env('BENCH_TIMEOUT_S', 600),
};
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
const log = (line) => console.log(`[feed ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`feed bench: gave up after ${config.timeoutS} s`);
  process.exit(2);
}, config.timeoutS * 1000).unref();

async function call(base, cookie, method, path, body) {
  const response = await fetch(`${base}/api/v4/${path}`, {
    method,
    headers: { cookie, 'x-requested-with': 'quire', 'content-type': 'application/json', 'x-device-id': 'bench-writer' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

async function signUp(base, n) {
  const email = `feed-${process.pid}-${n}@example.com`;
  const password = 'bench-password-1234';
  const response = await fetch(`${base}/api/v4/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'quire' },
    body: JSON.stringify({ name: `Feed ${n}`, email, password, password_confirmation: password }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${text}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair))
    .join('; ');
  return { id: JSON.parse(text).data.user.id, cookie };
}

/** A device: a socket on `instance` joined to its user; calls `heard(manuscriptId, at)`. */
function connect(url, user, instance, heard) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie: user.cookie } });
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ action: 'message', endpoint: 'join_user', user_id: user.id })));
    ws.on('message', (data) => {
      const at = performance.now();
      const frame = JSON.parse(String(data));
      if (frame.action === 'joined') resolve({ ws, instance });
      else if (frame.action === 'message') heard(frame.interaction_data.interactionValues.id, instance, at);
    });
    ws.on('close', (code) => reject(new Error(`a device closed: ${code}`)));
  });
}

async function main() {
  log(`starting two instances of ${binary} on one PostgreSQL database`);
  const target = await startQuire({ binary, workDir: join(ROOT, 'bench/results/tmp', String(Date.now())), store: 'postgres', instances: 2, label: 'feed' });
  const bases = target.wsUrls.map((url) => url.replace('ws://', 'http://').replace('/api/v4/collab', ''));
  const liveUrls = target.wsUrls.map((url) => url.replace('/api/v4/collab', '/api/v4/ws'));
  try {
    const users = [];
    for (let n = 0; n < config.users; n += 1) {
      const user = await signUp(bases[n % 2], n);
      user.manuscript = newId();
      await call(bases[0], user.cookie, 'PUT', `manuscripts/put/${user.manuscript}`, { title: 'Feed 0' });
      users.push(user);
    }
    /** The change in flight per manuscript: when it was sent and through which instance. */
    const inFlight = new Map();
    const samples = { 0: { 0: [], 1: [] }, 1: { 0: [], 1: [] } };
    let stray = 0;
    const heard = (manuscript, instance, at) => {
      const change = inFlight.get(manuscript);
      if (!change) {
        stray += 1;
        return;
      }
      samples[change.through][instance].push(at - change.sentAt);
      if (instance === change.through) change.firstLocal = Math.min(change.firstLocal, at);
      else change.remote.push(at);
      change.heard += 1;
    };
    log(`connecting ${config.devices} devices of ${config.users} users, half on each instance`);
    const devices = [];
    const perUser = new Map(users.map((user) => [user.id, [0, 0]]));
    for (let i = 0; i < config.devices; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(i + 50, config.devices); j += 1) {
        const user = users[j % users.length];
        const instance = Math.floor(j / users.length) % 2;
        perUser.get(user.id)[instance] += 1;
        batch.push(connect(liveUrls[instance], user, instance, heard));
      }
      devices.push(...(await Promise.all(batch)));
    }
    await sleep(500);
    const writeMs = { 0: [], 1: [] };
    let lost = 0;
    /** Past changes: what never arrived, and how long the other instance took after the first
     * device on the writing one (which hears it right after the commit). */
    const hop = [];
    const settle = (change) => {
      lost += change.expected - change.heard;
      if (Number.isFinite(change.firstLocal)) for (const at of change.remote) hop.push(at - change.firstLocal);
    };
    const loadAtStart = loadavg()[0];
    for (const through of [0, 1]) {
      log(`${config.changes} renames through instance ${through + 1}, one every ${config.everyMs} ms`);
      const started = [];
      for (let n = 0; n < config.changes; n += 1) {
        const user = users[n % users.length];
        const previous = inFlight.get(user.manuscript);
        if (previous) settle(previous);
        const change = { sentAt: performance.now(), through, heard: 0, firstLocal: Infinity, remote: [], expected: perUser.get(user.id)[0] + perUser.get(user.id)[1] };
        inFlight.set(user.manuscript, change);
        started.push(
          call(bases[through], user.cookie, 'PUT', `manuscripts/${user.manuscript}`, { title: `Feed ${n + 1}`, updated_at: Date.now() }).then(() => {
            writeMs[through].push(performance.now() - change.sentAt);
          }),
        );
        await sleep(config.everyMs);
      }
      await Promise.all(started);
      await sleep(1000);
      for (const [manuscript, change] of inFlight) {
        settle(change);
        inFlight.delete(manuscript);
      }
    }
    for (const { ws } of devices) ws.close();
    return report({ samples, writeMs, hop, lost, stray, sockets: devices.length, load: [loadAtStart, loadavg()[0]] });
  } finally {
    await target.stop();
  }
}

function report({ samples, writeMs, hop, lost, stray, sockets, load }) {
  const line = (label, values) =>
    `| ${label} | ${values.length} | ${ms(median(values))} | ${ms(percentile(values, 95))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} |`;
  const cross = [...samples[0][1], ...samples[1][0]];
  const same = [...samples[0][0], ...samples[1][1]];
  const crossP99 = percentile(cross, 99);
  const date = new Date().toISOString().slice(0, 10);
  const text = [
    `# The change feed across instances — ${date}`,
    '',
    `Two \`quire\` processes (\`${binary}\`) on one PostgreSQL database; ${sockets} live sockets (\`/api/v4/ws\`,`,
    `joined to their user) of ${config.users} users, half on each instance. ${config.changes} manuscript renames`,
    `(\`PUT manuscripts/{id}\`) through each instance in turn, one every ${config.everyMs} ms, round-robin over the`,
    `users: each rename reaches every device of its user. Delivery time is measured from sending the`,
    `request to the announcement's arrival, on one clock (one Node process): it includes the write.`,
    `Compared against: the devices on the writing instance (the in-memory path, the baseline), and`,
    `the target of p99 ≤ ${config.targetP99Ms} ms on the other instance. Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, shared; load ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end.`,
    '',
    '| delivery | samples | median ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
    line('other instance (LISTEN/NOTIFY), both ways', cross),
    line('— written through 1, heard on 2', samples[0][1]),
    line('— written through 2, heard on 1', samples[1][0]),
    line('same instance (baseline)', same),
    line('the write itself (HTTP answer)', [...writeMs[0], ...writeMs[1]]),
    line('the other instance after the writing one (the NOTIFY hop)', hop),
    '',
    `Announcements lost: ${lost}; unmatched frames: ${stray}. Target p99 ≤ ${config.targetP99Ms} ms on the other instance: ${crossP99 <= config.targetP99Ms ? 'met' : 'NOT met'}.`,
    '',
    `SUMMARY ws_cross_instance_p99_ms=${crossP99.toFixed(1)} ws_devices=${sockets}`,
  ].join('\n');
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `feed-${date}.md`);
  writeFileSync(file, `${text}\n`);
  console.log(text);
  log(`wrote ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
