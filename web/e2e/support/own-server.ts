/**
 * A Quire server of a test's own, on SQLite or on a fresh PostgreSQL database, for the tests
 * that must hold on both (the suite's shared server runs on SQLite). It serves the built app,
 * so a browser context pointed at it (`baseURL`) is a device of its own origin. PostgreSQL is
 * used when one answers on 127.0.0.1:5432 (user postgres, trust auth), as `make test` expects.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Database = 'sqlite' | 'postgres';

export interface OwnServer {
  database: Database;
  baseURL: string;
  stop(): Promise<void>;
}

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' };

function quireBin(): string {
  return resolve(webDir, process.env.QUIRE_BIN ?? '../target/debug/quire');
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') done(address.port);
        else fail(new Error('no port'));
      });
    });
  });
}

/**
 * The databases a both-databases test runs on here: SQLite, and PostgreSQL when it answers on
 * 127.0.0.1:5432. Asked synchronously, since tests are declared synchronously.
 */
export function databasesHere(): Database[] {
  const probe =
    "const s=require('node:net').connect(5432,'127.0.0.1');" +
    'const say=(a)=>{process.stdout.write(a);s.destroy();};' +
    "s.on('connect',()=>say('yes'));s.on('error',()=>say('no'));s.setTimeout(1000,()=>say('no'));";
  const answer = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  if (answer.startsWith('yes')) return ['sqlite', 'postgres'];
  console.warn('PostgreSQL does not answer on 127.0.0.1:5432: these tests run on SQLite only.');
  return ['sqlite'];
}

function psql(sql: string): void {
  execFileSync(
    'psql',
    ['-h', POSTGRES.host, '-p', String(POSTGRES.port), '-U', POSTGRES.user, '-d', 'postgres'],
    { input: sql, stdio: ['pipe', 'ignore', 'inherit'] },
  );
}

async function waitUntilServing(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`quire exited with ${String(child.exitCode)}`);
    try {
      const response = await fetch(`${baseURL}/api/v4/server_time`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`quire did not answer on ${baseURL} within 60 s`);
}

/** Starts `quire` on `database` (a fresh, empty one) and waits until it answers. */
export async function startOwnServer(database: Database): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-e2e-own-'));
  const dbName = `quire_e2e_${String(process.pid)}_${String(port)}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    QUIRE_LISTEN: `127.0.0.1:${String(port)}`,
    QUIRE_DATA_DIR: dataDir,
    QUIRE_WEB_DIR: join(webDir, 'dist'),
  };
  if (database === 'postgres') {
    psql(`CREATE DATABASE ${dbName};`);
    env.QUIRE_DATABASE_URL = `postgres://${POSTGRES.user}@${POSTGRES.host}:${String(POSTGRES.port)}/${dbName}`;
  }
  const child = spawn(quireBin(), [], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const baseURL = `http://127.0.0.1:${String(port)}`;
  try {
    await waitUntilServing(baseURL, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${stderr}`);
  }
  return {
    database,
    baseURL,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const outcome = await Promise.race([
          exited.then(() => 'exited'),
          new Promise((done) => setTimeout(done, 5_000, 'late')),
        ]);
        if (outcome === 'late') child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (database === 'postgres') psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE);`);
    },
  };
}
