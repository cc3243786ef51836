// Workloads 1–4, each run the same way against any target (see servers.js).
import { now, sleep, cpuOf } from './proc.js';
import { median, percentile } from './stats.js';

/** 1. Cold open: a 150k-word novel in 60 chapters, stored, server restarted, opened to synced. */
export async function coldOpen(target, pool, { chapters, wordsPerChapter, reps }) {
  const [worker] = pool.workers;
  const names = await target.newDocs(chapters);
  const args = { urls: target.wsUrls, cookie: target.cookie, names, perSocket: chapters };
  const stored = await worker.call('open', { ...args, seedWords: wordsPerChapter, acknowledge: true });
  await worker.call('closeAll');
  await sleep(1000); // Hocuspocus stores a document when its last connection leaves.
  const runs = [];
  // One more open first, the same way but not counted: the client process has only sent so
  // far, and its first receiving and decoding of 60 chapters runs cold (V8 compiles the
  // provider's and Yjs's paths as it goes), tens of ms that are the client's, not the
  // server's. Every timed open then meets a freshly restarted server with warm client code.
  for (let rep = -1; rep < reps; rep += 1) {
    await target.restart();
    await sleep(300);
    const rssBefore = target.rss();
    const opened = await worker.call('open', args);
    const rssAfter = target.rss();
    await worker.call('closeAll');
    if (opened.words !== stored.words) {
      throw new Error(`${target.name}: cold open read ${opened.words} words of ${stored.words}`);
    }
    runs.push({ ms: opened.ms, rssBefore, rssAfter });
  }
  const warmUpMs = runs.shift().ms;
  return {
    words: stored.words,
    chapters,
    warmUpMs,
    ms: median(runs.map((r) => r.ms)),
    runsMs: runs.map((r) => r.ms),
    rssBefore: median(runs.map((r) => r.rssBefore)),
    rssAfter: median(runs.map((r) => r.rssAfter)),
  };
}

/** 2. Keystroke fan-out: rooms × clients, one typist a room at `rate`/s; ramp until p99 > limit. */
export async function fanout(target, pool, { clientsPerRoom, roomSteps, keys, rate, limitMs, log }) {
  const steps = [];
  for (const rooms of roomSteps) {
    const names = await target.newDocs(rooms);
    const clients = [];
    names.forEach((room, r) => {
      for (let c = 0; c < clientsPerRoom; c += 1) {
        const i = r * clientsPerRoom + c;
        clients.push({ room, typist: c === 0, url: target.wsUrls[i % target.wsUrls.length] });
      }
    });
    const W = pool.workers.length;
    const share = (w) => clients.filter((_, i) => i % W === w);
    await pool.each('fanoutSetup', (w) => ({ clients: share(w), cookie: target.cookie }));
    await sleep(500);
    const clientPids = pool.workers.map((w) => w.pid);
    const [cpu0, clientCpu0] = [target.cpu(), cpuOf(clientPids)];
    const t0 = now();
    const results = await pool.each('fanoutRun', () => ({ startAt: t0 + 300, keys, rate, graceMs: 3000 }));
    const elapsed = (now() - t0) / 1000;
    const cpu = ((target.cpu() - cpu0) / elapsed) * 100;
    // The client processes share the cores with the server: their CPU is said beside its.
    const clientCpu = ((cpuOf(clientPids) - clientCpu0) / elapsed) * 100;
    const rss = target.rss();
    await pool.each('closeAll', () => ({}));
    const sent = Object.assign({}, ...results.map((r) => r.sent));
    const latencies = [];
    let drops = 0;
    for (const { room, seen } of results.flatMap((r) => r.seen)) {
      const times = sent[room] ?? [];
      for (let k = 0; k < keys; k += 1) {
        if (seen[k] === undefined || times[k] === undefined) drops += 1;
        else latencies.push(Math.max(0, seen[k] - times[k]));
      }
    }
    const closes = results.reduce((sum, r) => sum + r.closes, 0);
    const step = {
      rooms,
      clients: clients.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpu,
      clientCpu,
      rss,
      drops,
      closes,
      deliveries: latencies.length,
    };
    steps.push(step);
    log(`  ${target.name}: ${step.clients} clients p50 ${step.p50.toFixed(1)} ms p99 ${step.p99.toFixed(1)} ms cpu ${cpu.toFixed(0)}% clients' cpu ${clientCpu.toFixed(0)}% drops ${drops}`);
    await sleep(1000);
    if (!(step.p99 < limitMs) || drops > 0) break;
  }
  const passing = steps.filter((s) => s.p99 < limitMs && s.drops === 0);
  const best = passing.length > 0 ? passing[passing.length - 1].clients : 0;
  const capped = steps.length === roomSteps.length && passing.length === steps.length;
  return { steps, best, capped };
}

/** 3. Offline divergence: three devices edit offline, reconnect at once; merge time, lost words. */
export async function offline(target, pool, { baseWords, wordsEach, reps }) {
  const [worker] = pool.workers;
  const runs = [];
  for (let rep = 0; rep < reps; rep += 1) {
    const [name] = await target.newDocs(1);
    const args = { url: target.wsUrls[rep % target.wsUrls.length], cookie: target.cookie, name };
    await worker.call('offlineSetup', { ...args, baseWords });
    runs.push(await worker.call('offlineRun', { ...args, wordsEach }));
  }
  return {
    mergeMs: median(runs.map((r) => r.mergeMs)),
    lost: runs.reduce((sum, r) => sum + r.lost, 0),
    markers: runs.reduce((sum, r) => sum + r.markers, 0),
    reps,
  };
}

/** 4. Idle memory: `count` chapters open (a paragraph each), server RSS delta per document. */
export async function idle(target, pool, { count, perSocket, seedWords }) {
  const names = await target.newDocs(count);
  await target.restart();
  await sleep(500);
  const rssBefore = target.rss();
  const W = pool.workers.length;
  const slice = Math.ceil(count / W / perSocket) * perSocket;
  await pool.each('open', (w) => ({
    urls: target.wsUrls,
    cookie: target.cookie,
    names: names.slice(w * slice, (w + 1) * slice),
    perSocket,
    seedWords,
    acknowledge: true,
    chunk: 1000,
  }));
  await sleep(3000);
  const rssAfter = target.rss();
  await pool.each('closeAll', () => ({}));
  return { count, rssBefore, rssAfter, perDoc: (rssAfter - rssBefore) / count };
}
