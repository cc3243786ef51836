// The two systems under test, started and stopped by the harness: the quire binary (SQLite in a
// fresh data dir, or a throwaway PostgreSQL database, one or two instances) and Hocuspocus 4 with
// its SQLite extension (a child Node process). Each is a "target" the workloads drive alike.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { start, stop, rssOf, cpuOf, until } from './proc.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
let nextPort = Number(process.env.BENCH_PORT ?? 18600);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A 22-character id of [A-Za-z0-9], as Quire's clients make them. */
export function newId() {
  let id = '';
  for (let i = 0; i < 22; i += 1) id += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return id;
}

function psql(sql) {
  execFileSync('psql', [`${PG}/postgres`, '-qAtc', sql], { stdio: 'pipe' });
}

async function waitForHttp(url) {
  await until(`${url} to answer`, async () => {
    try {
      await fetch(url);
      return true;
    } catch {
      return false;
    }
  }, 30_000, 100);
}

/**
 * Quire: `instances` processes of the release binary on one store. `store` is 'sqlite' (a
 * data dir of its own) or 'postgres' (a database made for this run and dropped by stop()).
 */
export async function startQuire({ binary, workDir, store = 'sqlite', instances = 1, label }) {
  const dataDir = join(workDir, `quire-${label}`);
  mkdirSync(dataDir, { recursive: true });
  let database = null;
  if (store === 'postgres') {
    database = `quire_bench_${process.pid}_${label.replace(/\W/g, '_')}`;
    psql(`DROP DATABASE IF EXISTS ${database}`);
    psql(`CREATE DATABASE ${database}`);
  }
  const ports = Array.from({ length: instances }, () => nextPort++);
  let children = [];
  const launch = async () => {
    children = [];
    // One at a time, so that migrations run once.
    for (const [i, port] of ports.entries()) {
      const env = {
        QUIRE_LISTEN: `127.0.0.1:${port}`,
        QUIRE_DATA_DIR: join(dataDir, `i${i}`),
        QUIRE_WEB_DIR: dataDir,
        QUIRE_LOG_LEVEL: 'warn',
        QUIRE_PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(database ? { QUIRE_DATABASE_URL: `${PG}/${database}` } : {}),
      };
      if (!database && i > 0) throw new Error('several instances need PostgreSQL');
      const log = createWriteStream(join(dataDir, `quire-${i}.log`), { flags: 'a' });
      await new Promise((resolve) => log.once('open', resolve));
      children.push(start(binary, [], { env, log, name: `quire-${label}-${i}` }));
      await waitForHttp(`http://127.0.0.1:${port}/`);
    }
  };
  await launch();
  const base = `http://127.0.0.1:${ports[0]}`;
  const cookie = await signUp(base);
  const manuscripts = [];
  const target = {
    name: instances > 1 ? `Quire ×${instances} (${store})` : `Quire (${store})`,
    kind: 'quire',
    store,
    dataDir,
    database,
    databaseUrl: database ? `${PG}/${database}` : null,
    sqliteFile: database ? null : join(dataDir, 'i0', 'quire.db'),
    cookie,
    wsUrls: ports.map((port) => `ws://127.0.0.1:${port}/api/v4/collab`),
    pids: () => children.map((child) => child.pid),
    rss: () => rssOf(children.map((child) => child.pid)),
    cpu: () => cpuOf(children.map((child) => child.pid)),
    /** Makes `n` chapters (in manuscripts of up to 500) and answers their ids. */
    async newDocs(n) {
      const ids = [];
      let pending = [];
      for (let i = 0; i < n; i += 1) {
        if (i % 500 === 0) {
          const manuscript = newId();
          await api(base, cookie, 'PUT', `manuscripts/put/${manuscript}`, { title: `Bench ${i}` });
          manuscripts.push(manuscript);
        }
        const id = newId();
        ids.push(id);
        const manuscript_id = manuscripts[manuscripts.length - 1];
        pending.push(api(base, cookie, 'PUT', `chapters/put/${id}`, { manuscript_id, name: `Chapter ${i}` }));
        // SQLite answers concurrent writes "database is locked" (500): one at a time there.
        if (pending.length >= (database ? 16 : 1)) {
          await Promise.all(pending);
          pending = [];
        }
      }
      await Promise.all(pending);
      return ids;
    },
    /** Stops the instances, runs `between` (e.g. writes to the stopped store), starts them. */
    async restart(between) {
      for (const child of children) await stop(child);
      await between?.();
      await launch();
    },
    async stop() {
      for (const child of children) await stop(child);
      if (database) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
  return target;
}

/** Hocuspocus 4 + extension-sqlite, in a child Node process the harness owns. */
export async function startHocuspocus({ workDir, label }) {
  const dir = join(workDir, `hocuspocus-${label}`);
  mkdirSync(dir, { recursive: true });
  const port = nextPort++;
  const sqliteFile = join(dir, 'hocuspocus.sqlite');
  let child = null;
  const launch = async () => {
    const log = createWriteStream(join(dir, 'hocuspocus.log'), { flags: 'a' });
    await new Promise((resolve) => log.once('open', resolve));
    child = start(process.execPath, [join(HERE, 'hocuspocus-server.js'), String(port), sqliteFile], {
      env: {},
      log,
      name: `hocuspocus-${label}`,
    });
    await waitForHttp(`http://127.0.0.1:${port}/`);
  };
  await launch();
  return {
    name: 'Hocuspocus (sqlite)',
    kind: 'hocuspocus',
    store: 'sqlite',
    sqliteFile,
    cookie: null,
    wsUrls: [`ws://127.0.0.1:${port}`],
    pids: () => [child.pid],
    rss: () => rssOf([child.pid]),
    cpu: () => cpuOf([child.pid]),
    async newDocs(n) {
      return Array.from({ length: n }, () => newId());
    },
    async restart(between) {
      await stop(child);
      await between?.();
      await launch();
    },
    async stop() {
      await stop(child);
    },
  };
}

async function signUp(base) {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'bench-password-1234';
  const response = await fetch(`${base}/api/v4/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'quire' },
    body: JSON.stringify({ name: 'Bench', email, password, password_confirmation: password }),
  });
  if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair))
    .join('; ');
}

/** A PUT with the CSRF header; a 500 is retried (on SQLite a concurrent background write,
 * e.g. an automatic version, makes the server answer "database is locked"). */
async function api(base, cookie, method, path, body) {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${base}/api/v4/${path}`, {
      method,
      headers: { cookie, 'x-requested-with': 'quire', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return;
    const text = await response.text();
    if (response.status !== 500 || attempt === 5) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    retries += 1;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

/** How many API calls were retried after a 500 (said in the results). */
let retries = 0;
export const apiRetries = () => retries;
