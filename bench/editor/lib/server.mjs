// The real quire server on a free loopback port with a temporary data directory, and the API
// calls the web app would make to seed a manuscript.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { toHtml } from './prose.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `bin`; answers `{ baseURL, stop() }` once `/api/v4/server_time` answers. */
export async function startServer({ bin, webDir }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-editor-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(bin, [], {
    env: { ...process.env, QUIRE_LISTEN: `127.0.0.1:${port}`, QUIRE_DATA_DIR: dataDir, QUIRE_WEB_DIR: webDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Also when the harness itself is interrupted or exits early.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`quire exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/api/v4/server_time`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`quire did not answer on ${baseURL} within 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, pid: child.pid, stop };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new entity id, as the client makes them: 22 characters of [A-Za-z0-9]. */
export function newId() {
  return Array.from({ length: 22 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** A writer signed up over the API (the session cookie sign-up sets). */
/** Logs `writer` in on the app's login page and waits for the manuscripts screen. */
export async function logIn(page, writer) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(writer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Manuscripts' }).waitFor();
}

export async function signUp(baseURL, writer) {
  const response = await fetch(new URL('/api/v4/users/', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'quire' },
    body: JSON.stringify({ ...writer, password_confirmation: writer.password }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0])
    .filter((pair) => /^[^=]+=./.test(pair))
    .join('; ');
  const call = async (method, path, body) => {
    const answer = await fetch(new URL(`/api/v4/${path}`, baseURL), {
      method,
      headers: { cookie, 'x-requested-with': 'quire', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  };
  return { call };
}

/**
 * A manuscript of `chapters` (arrays of paragraphs), each chapter's HTML saved as its content
 * (the server makes the chapter's Yjs document from it: a forward edit).
 */
export async function seedManuscript(api, title, chapters) {
  const manuscriptId = newId();
  await api.call('PUT', `manuscripts/put/${manuscriptId}`, { title });
  const chapterIds = [];
  for (const [index, { name, html }] of chapters.entries()) {
    const chapterId = newId();
    await api.call('PUT', `chapters/put/${chapterId}`, {
      manuscript_id: manuscriptId,
      name,
      _order: index + 1,
    });
    const saved = await api.call('PUT', `chapters/put/content/${chapterId}`, {
      chapter_content: { content: html, updated_at: Date.now() },
    });
    if (saved.saved !== 'ok' || saved.applied === false) {
      throw new Error(`chapter ${name}: content not saved (${JSON.stringify(saved).slice(0, 300)})`);
    }
    chapterIds.push(chapterId);
  }
  return { manuscriptId, chapterIds };
}

/**
 * The open diagnostics' writer: signed up, with the long manuscript of `chapters` (`{name,
 * paragraphs}`); answers the writer and the path of the editor on the second chapter.
 */
export async function seedLongManuscript(baseURL, chapters) {
  const writer = { name: 'Bench Writer', email: `bench-${Date.now()}@example.com`, password: 'correct-horse-7' };
  const api = await signUp(baseURL, writer);
  const ids = await seedManuscript(api, 'The Long Manuscript', chapters.map((c) => ({ name: c.name, html: toHtml(c.paragraphs) })));
  return { writer, path: `/manuscript/${ids.manuscriptId}?chapter=${ids.chapterIds[1]}` };
}
