// A client process: the harness forks a few of these so that the clients' own CPU is not the
// harness's, and drives them over IPC ({id, cmd, args} → {id, result | error}).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import * as Y from 'yjs';

import { openSocket, openDoc, synced, acknowledged, prose, appendParagraphs, bodyText, wordCount, FRAGMENT } from './client.js';
import { now, sleep } from './proc.js';

const sockets = [];
const providers = [];

async function closeAll() {
  for (const provider of providers.splice(0)) provider.destroy();
  for (const socket of sockets.splice(0)) socket.destroy();
  await sleep(200);
}

/** Opens `names` over sockets of `perSocket` documents each; answers ms until all synced. */
async function open({ urls, cookie, names, perSocket, seedWords = 0, acknowledge = false, chunk = names.length }) {
  const started = now();
  const opened = [];
  let socket = null;
  // `chunk` documents at a time, each chunk synced before the next (Hocuspocus falls behind
  // when thousands arrive at once).
  for (const [i, name] of names.entries()) {
    if (i > 0 && i % chunk === 0) {
      await Promise.all(opened.slice(i - chunk, i).map((p) => (acknowledge ? acknowledged(p, 300_000) : synced(p, 300_000))));
    }
    if (i % perSocket === 0) {
      socket = openSocket(urls[(i / perSocket) % urls.length | 0], cookie);
      sockets.push(socket);
    }
    const doc = new Y.Doc();
    if (seedWords > 0) appendParagraphs(doc, prose(seedWords, i + 1));
    const provider = openDoc(socket, name, doc);
    providers.push(provider);
    opened.push(provider);
  }
  await Promise.all(opened.map((p) => (acknowledge ? acknowledged(p, 300_000) : synced(p, 300_000))));
  const ms = now() - started;
  const words = opened.reduce((sum, p) => sum + wordCount(bodyText(p.document)), 0);
  return { ms, words, docs: opened.length };
}

// ---- keystroke fan-out -----------------------------------------------------------------------

let fanout = [];

/** One socket per client: [{ room, typist, url }]. Answers when every client is synced. */
async function fanoutSetup({ clients, cookie }) {
  fanout = clients.map(({ room, typist, url }) => {
    const socket = openSocket(url, cookie);
    sockets.push(socket);
    const provider = openDoc(socket, room);
    providers.push(provider);
    return { room, typist, provider, socket, sent: [], seen: [] };
  });
  await Promise.all(fanout.map((client) => synced(client.provider)));
  for (const client of fanout) {
    const fragment = client.provider.document.getXmlFragment(FRAGMENT);
    if (client.typist && fragment.length === 0) appendParagraphs(client.provider.document, ['']);
  }
  await Promise.all(fanout.filter((c) => c.typist).map((c) => acknowledged(c.provider)));
  return { clients: fanout.length };
}

function runOf(doc) {
  const paragraph = doc.getXmlFragment(FRAGMENT).get(0);
  return paragraph instanceof Y.XmlElement ? paragraph.get(0) : null;
}

/**
 * BENCH_CPU_PROF=<dir>: a CPU profile of this client process over each fan-out step, written
 * there (for finding the harness's own costs; the profiler slows the clients, so figures of
 * such a run are not results).
 */
async function profiled(label, run) {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${label}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Typists type `keys` characters at `rate`/s from `startAt`; readers note when each arrives. */
function fanoutRun(args) {
  return profiled(`fanout-${fanout.length}`, () => typeAndWatch(args));
}

async function typeAndWatch({ startAt, keys, rate, graceMs }) {
  const interval = 1000 / rate;
  const closesBefore = fanout.reduce((sum, c) => sum + c.socket.closes.length, 0);
  const watchers = [];
  for (const client of fanout) {
    if (client.typist) continue;
    const doc = client.provider.document;
    const onUpdate = () => {
      const run = runOf(doc);
      const length = run ? run.length : 0;
      const t = now();
      while (client.seen.length < length) client.seen.push(t);
    };
    doc.on('update', onUpdate);
    watchers.push(() => doc.off('update', onUpdate));
  }
  const typing = fanout
    .filter((c) => c.typist)
    .map(async (client) => {
      const offset = Math.random() * interval;
      for (let k = 0; k < keys; k += 1) {
        const due = startAt + offset + k * interval;
        const wait = due - now();
        if (wait > 0) await sleep(wait);
        const run = runOf(client.provider.document);
        client.sent.push(now());
        run.insert(run.length, 'abcdefgh'[k % 8]);
      }
    });
  await Promise.all(typing);
  // Wait for stragglers, but no longer than the grace after the last keystroke was due.
  const deadline = Math.max(now(), startAt + keys * interval + interval) + graceMs;
  while (now() < deadline && fanout.some((c) => !c.typist && c.seen.length < keys)) await sleep(50);
  for (const stop of watchers) stop();
  const closes = fanout.reduce((sum, c) => sum + c.socket.closes.length, 0) - closesBefore;
  const sent = {};
  for (const c of fanout) if (c.typist) sent[c.room] = c.sent;
  const seen = fanout.filter((c) => !c.typist).map((c) => ({ room: c.room, seen: c.seen }));
  return { sent, seen, closes };
}

// ---- offline divergence ----------------------------------------------------------------------

/** Keeps this worker's providers for the offline workload: three devices on one chapter. */
const devices = [];

async function offlineSetup({ url, cookie, name, baseWords }) {
  for (let i = 0; i < 3; i += 1) {
    const socket = openSocket(url, cookie);
    const doc = new Y.Doc();
    if (i === 0) appendParagraphs(doc, prose(baseWords, 7));
    const provider = openDoc(socket, name, doc);
    devices.push({ socket, provider, doc });
    await acknowledged(provider);
  }
  // Everyone holds the base text before going offline.
  const base = bodyText(devices[0].doc);
  while (devices.some((d) => bodyText(d.doc) !== base)) await sleep(20);
  return { paragraphs: devices[0].doc.getXmlFragment(FRAGMENT).length };
}

/** Goes offline, types marker words, reconnects all three at once; answers merge time. */
async function offlineRun({ url, cookie, name, wordsEach }) {
  for (const device of devices) {
    device.provider.destroy();
    device.socket.destroy();
  }
  const markers = [];
  devices.forEach((device, d) => {
    const fragment = device.doc.getXmlFragment(FRAGMENT);
    for (let w = 0; w < wordsEach; w += 1) {
      const marker = `m${d}x${w}q`;
      markers.push(marker);
      if (w % 10 === 0) {
        // A new paragraph of its own now and then, at a place the others also write near.
        appendParagraphs(device.doc, [marker]);
      } else {
        // Typing into shared paragraphs, one word per transaction, as keystroke bursts.
        const index = (w * 7 + d) % fragment.length;
        const run = fragment.get(index).get(0);
        run.insert(run.length, ` ${marker}`);
      }
    }
  });
  const started = now();
  for (const device of devices) {
    device.socket = openSocket(url, cookie);
    device.provider = openDoc(device.socket, name, device.doc);
  }
  await Promise.all(devices.map((d) => acknowledged(d.provider)));
  const target = Y.encodeStateVector(devices[0].doc);
  // Merged: all three documents hold the same state.
  const same = () => {
    const vectors = devices.map((d) => Buffer.from(Y.encodeStateVector(d.doc)).toString('hex'));
    return vectors.every((v) => v === vectors[0]) && devices.every((d) => bodyText(d.doc) === bodyText(devices[0].doc));
  };
  while (!same()) await sleep(5);
  const mergeMs = now() - started;
  void target;
  for (const device of devices.splice(0)) {
    device.provider.destroy();
    device.socket.destroy();
  }
  // A fourth device opens the chapter from the server and counts the marker words.
  const socket = openSocket(url, cookie);
  const fresh = openDoc(socket, name);
  await synced(fresh);
  const text = bodyText(fresh.document);
  const present = new Set(text.match(/m\dx\d+q/g) ?? []);
  const lost = markers.filter((m) => !present.has(m)).length;
  fresh.destroy();
  socket.destroy();
  return { mergeMs, lost, markers: markers.length };
}

// ---- many updates to one document ------------------------------------------------------------

/** Sends `count` one-character updates to `name`, `window` unacknowledged at most; answers ms. */
async function ingest({ url, cookie, name, count, window }) {
  const socket = openSocket(url, cookie);
  sockets.push(socket);
  const provider = openDoc(socket, name);
  providers.push(provider);
  await synced(provider);
  appendParagraphs(provider.document, ['']);
  const run = runOf(provider.document);
  const started = now();
  for (let k = 0; k < count; k += 1) {
    run.insert(run.length, 'abcdefgh'[k % 8]);
    if (provider.unsyncedChanges >= window) {
      await new Promise((resolve) => {
        const check = () => {
          if (provider.unsyncedChanges < window / 2) {
            provider.off('unsyncedChanges', check);
            resolve();
          }
        };
        provider.on('unsyncedChanges', check);
      });
    }
  }
  await acknowledged(provider, 600_000);
  return { ms: now() - started, length: run.length };
}

const commands = { open, closeAll, fanoutSetup, fanoutRun, offlineSetup, offlineRun, ingest };

process.on('message', async ({ id, cmd, args }) => {
  try {
    const result = await commands[cmd](args);
    process.send({ id, result });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.send({ ready: true });
