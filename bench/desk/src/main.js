// The writer's desk benchmark (make bench-desk): `GET users/stats` for a writer with three years
// of hourly word counts and writing sessions over three manuscripts, on SQLite and on a fresh
// PostgreSQL database, against the release server; then the to-do panel and Quick Notes with
// 5,000 of each in Chromium (panels.js). Writes bench/results/desk-<date>.md and ends with a
// SUMMARY line. See ../README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, homedir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { killAll } from '../../collab/src/proc.js';
import { newId, startQuire } from '../../collab/src/servers.js';
import { median, ms, percentile } from '../../collab/src/stats.js';
import { benchPanels } from './panels.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const quick = Boolean(process.env.BENCH_QUICK);
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  days: env('BENCH_DESK_DAYS', 2000),
  hoursPerDay: env('BENCH_DESK_HOURS', 8),
  sessionsPerDay: 2,
  manuscripts: 3,
  warmupCalls: 10,
  calls: env('BENCH_DESK_CALLS', quick ? 50 : 300),
  stores: (process.env.BENCH_DESK_STORES ?? 'sqlite,postgres').split(','),
  timezone: process.env.BENCH_DESK_TIMEZONE ?? 'Europe/Madrid',
  parts: (process.env.BENCH_DESK_PARTS ?? 'stats,panels').split(','),
  timeoutS: env('BENCH_TIMEOUT_S', 2400),
};
const TARGET_MS = 50;
const PANEL_TARGET_MS = 100;
const webDir = process.env.QUIRE_WEB_DIR ?? join(ROOT, 'web/dist');
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const log = (line) => console.log(`[desk ${new Date().toISOString().slice(11, 19)}] ${line}`);

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`desk bench: gave up after ${config.timeoutS} s`);
  process.exit(2);
}, config.timeoutS * 1000).unref();

/** One API call with the writer's cookie; answers the success envelope's `data`. */
async function call(base, cookie, method, path, body) {
  const response = await fetch(`${base}/api/v4/${path}`, {
    method,
    headers: { cookie, 'x-requested-with': 'quire', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).data;
}

/** Runs SQL on the target's store (sqlite3 on its file, psql on its database); answers stdout. */
function sql(target, text) {
  const [command, args] = target.database ? ['psql', [target.databaseUrl, '-qAt', '-v', 'ON_ERROR_STOP=1']] : ['sqlite3', [target.sqliteFile]];
  return String(execFileSync(command, args, { input: text, maxBuffer: 64 << 20 })).trim();
}

const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;

/** A stored row of `table` as the API wrote it, to copy its doc and bookkeeping columns. */
function storedRow(target, table, id) {
  const columns = ['doc', 'created_at', 'updated_at', 'synced_at', 'last_device_id', 'sort_order'];
  const text = columns.map((column) => `COALESCE(CAST(${column} AS TEXT), '')`).join(" || '\t' || ");
  const line = sql(target, `SELECT ${text} FROM ${table} WHERE id = ${quote(id)};`);
  if (!line) throw new Error(`${table} ${id}: not stored`);
  return Object.fromEntries(line.split('\t').map((value, i) => [columns[i], value]));
}

/** A deterministic word count for day `d`, hour `h`: 50 … 549. */
const wordsOf = (d, h) => 50 + ((d * 7919 + h * 104_729) % 500);

/** The INSERT statements of the writer's history: every day of `days` before today, hours
 * 9 … 9 + hoursPerDay (UTC), each hour in one manuscript by turns; two sessions a day. */
function historySql({ userId, manuscripts, countRow, sessionRow, now }) {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const counts = [];
  const sessions = [];
  const bookkeeping = (row) => `${row.created_at}, ${row.updated_at}, ${row.synced_at === '' ? 'NULL' : row.synced_at}, ${quote(row.last_device_id)}, ${row.sort_order}`;
  const countDoc = JSON.parse(countRow.doc);
  const sessionDoc = JSON.parse(sessionRow.doc);
  for (let d = 1; d <= config.days; d += 1) {
    const day = today - d * DAY_MS;
    for (let h = 0; h < config.hoursPerDay; h += 1) {
      const hour = day + (9 + h) * HOUR_MS;
      const manuscript = manuscripts[(d + h) % manuscripts.length];
      const doc = { ...countDoc, manuscript_id: manuscript, date: hour, words: wordsOf(d, h) };
      counts.push(`(${quote(newId())}, ${quote(userId)}, ${quote(manuscript)}, ${hour}, ${quote(JSON.stringify(doc))}, ${bookkeeping(countRow)})`);
    }
    const half = Math.floor(config.hoursPerDay / config.sessionsPerDay);
    for (let s = 0; s < config.sessionsPerDay; s += 1) {
      const start = day + (9 + s * half) * HOUR_MS + 5 * 60_000;
      const end = start + half * HOUR_MS - (d % 50) * 60_000;
      const manuscript = manuscripts[(d + s) % manuscripts.length];
      const doc = { ...sessionDoc, manuscript_id: manuscript, start, end, words: wordsOf(d, s) * 3 };
      sessions.push(`(${quote(newId())}, ${quote(userId)}, ${quote(manuscript)}, ${quote(JSON.stringify(doc))}, ${bookkeeping(sessionRow)})`);
    }
  }
  const chunks = (rows, head) => {
    const out = [];
    for (let i = 0; i < rows.length; i += 1000) out.push(`${head} VALUES\n${rows.slice(i, i + 1000).join(',\n')};`);
    return out;
  };
  const columns = 'created_at, updated_at, synced_at, last_device_id, sort_order';
  return {
    counts: counts.length,
    sessions: sessions.length,
    text: [
      'BEGIN;',
      ...chunks(counts, `INSERT INTO word_count (id, user_id, manuscript_id, hour, doc, ${columns})`),
      ...chunks(sessions, `INSERT INTO writing_session (id, user_id, manuscript_id, doc, ${columns})`),
      'COMMIT;',
    ].join('\n'),
  };
}

/** A writer on a fresh server of `store` with the seeded history; answers the timings. */
async function bench(store) {
  log(`${store}: starting ${binary}`);
  const target = await startQuire({ binary, workDir: join(ROOT, 'bench/results/tmp', `desk-${Date.now()}`), store, label: `desk-${store}` });
  try {
    const base = target.wsUrls[0].replace('ws://', 'http://').replace('/api/v4/collab', '');
    const { cookie } = target;
    const userId = (await call(base, cookie, 'GET', 'users/me?exclude_to_dos=true')).user.id;
    const manuscripts = Array.from({ length: config.manuscripts }, () => newId());
    for (const [i, id] of manuscripts.entries()) await call(base, cookie, 'PUT', `manuscripts/put/${id}`, { title: `Novel ${i + 1}` });
    // One record and one session through the API (today's), whose stored rows the history copies.
    const now = Date.now();
    const countId = newId();
    const sessionId = newId();
    await call(base, cookie, 'PUT', `stats_word_counts/${countId}`, { manuscript_id: manuscripts[0], date: now, words: 120 });
    await call(base, cookie, 'PUT', `writing_sessions/${sessionId}`, { manuscript_id: manuscripts[0], start: now - 30 * 60_000, end: now, words: 120 });
    const history = historySql({
      userId,
      manuscripts,
      countRow: storedRow(target, 'word_count', countId),
      sessionRow: storedRow(target, 'writing_session', sessionId),
      now,
    });
    log(`${store}: seeding ${history.counts} hourly records and ${history.sessions} sessions`);
    await target.restart(() => sql(target, history.text));
    const stored = Number(sql(target, `SELECT count(*) FROM word_count WHERE user_id = ${quote(userId)};`));
    const path = `users/stats?timezone=${config.timezone}`;
    const answer = await call(base, cookie, 'GET', path);
    for (let i = 0; i < config.warmupCalls; i += 1) await call(base, cookie, 'GET', path);
    log(`${store}: ${config.calls} calls of ${path}`);
    const times = [];
    for (let i = 0; i < config.calls; i += 1) {
      const at = performance.now();
      await call(base, cookie, 'GET', path);
      times.push(performance.now() - at);
    }
    return { store, times, stored, sessions: history.sessions + 1, answer };
  } finally {
    await target.stop();
  }
}

/** The users/stats section of the report (none when that part did not run). */
function statsSection(results) {
  if (!results.length) return [];
  const rows = results.map((r) => {
    const name = r.store === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const med = median(r.times);
    return `| ${name} | ${r.stored} | ${r.sessions} | ${r.times.length} | ${ms(med)} | ${ms(percentile(r.times, 95))} | ${ms(Math.max(...r.times))} | ${med <= TARGET_MS ? 'yes' : '**no**'} |`;
  });
  const sample = results[0]?.answer;
  return [
    '## users/stats',
    '',
    `One writer with ${config.manuscripts} manuscripts and ${config.days} days of writing`,
    `(${config.hoursPerDay} hourly word-count records and ${config.sessionsPerDay} writing sessions a day, written into the store while the`,
    `server was stopped, copying rows the API had stored), then \`GET users/stats?timezone=${config.timezone}\` one call at a time`,
    `on one kept-alive connection: ${config.warmupCalls} calls to warm up, then ${config.calls} timed (wall time of the whole call`,
    `from the harness, on the same machine). Target: median ≤ ${TARGET_MS} ms on each database.`,
    '',
    '| store | word-count records | sessions | calls | median ms | p95 ms | max ms | ≤ 50 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    sample ? `The answer (${results[0].store}): \`${JSON.stringify(sample)}\`` : '',
    '',
  ];
}

/** The slowest step's median of one panel (the panel meets the target only if every step does). */
function slowestMedian(steps) {
  const medians = Object.values(steps ?? {}).map((times) => median(times));
  return medians.length ? Math.max(...medians) : NaN;
}

/** The panels section of the report (none when that part did not run). */
function panelsSection(panels) {
  if (!panels) return [];
  const rows = [];
  for (const [panel, steps] of [['to-do panel', panels.todo], ['Quick Notes', panels.notes]]) {
    for (const [step, times] of Object.entries(steps)) {
      const med = median(times);
      rows.push(`| ${panel} | ${step} | ${times.length} | ${ms(med)} | ${ms(percentile(times, 95))} | ${ms(Math.max(...times))} | ${med <= PANEL_TARGET_MS ? 'yes' : '**no**'} |`);
    }
  }
  const { todos, notes } = panels.seeded;
  return [
    '## The to-do panel and Quick Notes',
    '',
    `${panels.browser}, headless, 1280 × 900, against the same server binary. One writer with ${todos} to-dos (30 % global, 20 % the`,
    `manuscript's own, 50 % over its 10 chapters; due dates from 15 days ago to 44 days ahead, three priorities, a quarter done)`,
    `and ${notes} notes (half global, half the manuscript's, attached to chapters or folders, edited over four months), seeded`,
    'through the API; the device loads them as a writer\'s would (the editor open, until IndexedDB holds them all). Each step is',
    'timed in the page from the click (or the typed search) until its list is in the DOM and the next frame has painted',
    '(requestAnimationFrame, then a task); a select\'s dropdown is opened before the clock starts. Two passes warm up, then',
    `each pass is timed; the panel is closed between passes. Target: median ≤ ${PANEL_TARGET_MS} ms for every step; the SUMMARY gives each`,
    "panel's slowest step.",
    '',
    '| panel | step | passes | median ms | p95 ms | max ms | ≤ 100 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
}

function report(results, panels, commit) {
  const date = new Date().toISOString().slice(0, 10);
  const by = (store) => results.find((r) => r.store === store);
  const figure = (store) => (by(store) ? ms(median(by(store).times)) : 'n/a');
  const text = [
    `# The writer's desk — ${date}${quick ? ' (BENCH_QUICK: a smaller run)' : ''}`,
    '',
    `Binary \`${binary}\` (commit ${commit}). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, shared with other work`,
    `(load average ${loadavg()[0].toFixed(1)} at the end).`,
    '',
    ...statsSection(results),
    ...panelsSection(panels),
    `SUMMARY todo_panel_ms=${ms(slowestMedian(panels?.todo))} notes_panel_ms=${ms(slowestMedian(panels?.notes))} stats_sqlite_ms=${figure('sqlite')} stats_pg_ms=${figure('postgres')}`,
  ].join('\n');
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `desk-${date}${process.env.QUIRE_BENCH_LABEL ? `-${process.env.QUIRE_BENCH_LABEL}` : ''}`);
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
  if (config.parts.includes('stats')) for (const store of config.stores) results.push(await bench(store));
  const panels = config.parts.includes('panels') ? await benchPanels({ binary, webDir, quick, log }) : null;
  report(results, panels, commit);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
