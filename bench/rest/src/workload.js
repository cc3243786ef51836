// The REST clients of the mixed load: each signs up (from a loopback address of its own
// group, since sign-ups are limited per address), owns one manuscript of chapters with text,
// and makes one call at a time of the kinds below, reads and writes mixed by weight.
import http from 'node:http';

import { newId } from '../../collab/src/servers.js';

/** The call kinds, their share of the mix (percent) and whether they write. */
export const KINDS = [
  { name: 'list manuscripts', weight: 10, write: false },
  { name: 'manuscript tree', weight: 15, write: false },
  { name: 'chapter content', weight: 20, write: false },
  { name: 'word-count stats', weight: 10, write: false },
  { name: 'rename manuscript', weight: 8, write: true },
  { name: 'rename chapter', weight: 7, write: true },
  { name: 'save chapter content', weight: 30, write: true },
];
export const SAVE = 'save chapter content';

/** Sign-ups allowed at once from one address (the server's per-address burst). */
const SIGN_UPS_PER_ADDRESS = 20;
const WORDS = 'the rain kept on over the harbour while she wrote down every name she could remember'.split(' ');

/** One HTTP call on the client's own kept-alive connection; answers `{ status, body }`. */
function call(client, method, path, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: client.port,
        localAddress: client.address,
        agent: client.agent,
        method,
        path: `/api/v4/${path}`,
        headers: {
          'x-requested-with': 'quire',
          'x-device-id': client.device,
          ...(client.cookie ? { cookie: client.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
        timeout: 30_000,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** A setup call that must succeed (a 500 is retried a few times; SQLite may be busy). */
async function must(client, method, path, body) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call(client, method, path, body);
    if (answer.status === 200) return JSON.parse(answer.body).data;
    if (answer.status !== 500 || attempt === 5) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

function paragraph(n) {
  return Array.from({ length: 100 }, (_, i) => WORDS[(n * 7 + i) % WORDS.length]).join(' ');
}

/** A client: signed up and signed in, with a manuscript of `chapters` chapters of `words` words. */
export async function newClient({ port, n, chapters, words }) {
  const client = {
    port,
    address: `127.0.0.${2 + Math.floor(n / SIGN_UPS_PER_ADDRESS)}`,
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    device: `rest-bench-${n}`,
    cookie: null,
    manuscript: newId(),
    chapters: [],
    clock: 0,
    renames: 0,
  };
  const password = 'bench-password-1234';
  const signUp = await call(client, 'POST', 'users/', {
    name: `Rest ${n}`,
    email: `rest-${process.pid}-${n}@example.com`,
    password,
    password_confirmation: password,
  });
  if (signUp.status !== 200) throw new Error(`sign-up ${n}: ${signUp.status} ${signUp.body.slice(0, 300)}`);
  client.cookie = (signUp.headers['set-cookie'] ?? [])
    .map((line) => line.split(';', 1)[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair))
    .join('; ');
  await must(client, 'PUT', `manuscripts/put/${client.manuscript}`, { title: `Rest ${n}` });
  for (let c = 0; c < chapters; c += 1) {
    const chapter = { id: newId(), paragraphs: Array.from({ length: Math.ceil(words / 100) }, (_, p) => paragraph(n + c + p)) };
    await must(client, 'PUT', `chapters/put/${chapter.id}`, { manuscript_id: client.manuscript, name: `Chapter ${c + 1}` });
    await must(client, 'PUT', `chapters/put/content/${chapter.id}`, { chapter_content: contentOf(client, chapter) });
    client.chapters.push(chapter);
  }
  return client;
}

/** A strictly increasing `updated_at` per client, so that every write is the newest. */
function tick(client) {
  client.clock = Math.max(Date.now(), client.clock + 1);
  return client.clock;
}

function contentOf(client, chapter) {
  return { content: chapter.paragraphs.map((text) => `<p>${text}</p>`).join(''), updated_at: tick(client) };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Makes one call of `kind`; answers the HTTP status (a save that was not applied counts as 409). */
export async function act(client, kind) {
  const chapter = pick(client.chapters);
  switch (kind) {
    case 'list manuscripts':
      return (await call(client, 'GET', 'manuscripts')).status;
    case 'manuscript tree':
      return (await call(client, 'GET', `manuscripts/${client.manuscript}`)).status;
    case 'chapter content':
      return (await call(client, 'GET', `chapters/content/${chapter.id}`)).status;
    case 'word-count stats':
      return (await call(client, 'GET', 'stats_word_counts')).status;
    case 'rename manuscript':
      client.renames += 1;
      return (await call(client, 'PUT', `manuscripts/${client.manuscript}`, { title: `Rest ${client.renames}`, updated_at: tick(client) })).status;
    case 'rename chapter':
      client.renames += 1;
      return (await call(client, 'PUT', `chapters/${chapter.id}`, { name: `Chapter ${client.renames}`, updated_at: tick(client) })).status;
    case SAVE: {
      // Typing: a few words added to one paragraph, then the whole chapter saved, as the
      // editor's autosave does.
      const p = Math.floor(Math.random() * chapter.paragraphs.length);
      chapter.paragraphs[p] += ` ${pick(WORDS)} ${pick(WORDS)}`;
      const answer = await call(client, 'PUT', `chapters/put/content/${chapter.id}`, { chapter_content: contentOf(client, chapter) });
      if (answer.status !== 200) return answer.status;
      const data = JSON.parse(answer.body).data;
      return data.saved === 'ok' && data.applied === true ? 200 : 409;
    }
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

/** A kind drawn by the weights of KINDS. */
export function drawKind() {
  let roll = Math.random() * KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind.name;
  }
  return KINDS[KINDS.length - 1].name;
}
