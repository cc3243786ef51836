#!/usr/bin/env node
// A diagnostic beside the benchmark (not a figure of it): a V8 CPU profile of KEYS keystrokes in
// the editor (same server, seeding, browser, caret placement and pace as run.mjs), printed as
// INCLUSIVE time per function (through the build's source maps) — what a keystroke's handlers
// cost with everything they call, which the benchmark's self-time tables do not show. Work after
// the frame (toolbar state, word counts, storage) is in it too: the profile covers the whole pass.
//
//   cd web && [KEYS=200] [MATCH=regexp] [LIMIT=60] [PROFILE_OUT=file.cpuprofile] node ../bench/editor/profile-keys.mjs
// Hold the benchmark lock as for run.mjs (QUIRE_WEB_DIR, QUIRE_BIN as there).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { labeler } from './lib/profile.mjs';
import { typingText } from './lib/prose.mjs';
import { openTypingPage, webDir } from './lib/typing-page.mjs';
import { typeSteadily } from './lib/typing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const traceMapping = createRequire(join(root, 'web/package.json'))('@jridgewell/trace-mapping');
const KEYS = Number(process.env.KEYS ?? 200);
const LIMIT = Number(process.env.LIMIT ?? 60);
const MATCH = process.env.MATCH ? new RegExp(process.env.MATCH) : null;

/** Inclusive µs per label (a recursive function counts once per stack) and self µs. */
function inclusive(profile, label) {
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const incl = new Map();
  const selfBy = new Map();
  const walk = (id, open) => {
    const node = byId.get(id);
    const l = label(node.callFrame);
    const next = open.has(l) ? open : new Set(open).add(l);
    const mine = self.get(id) ?? 0;
    selfBy.set(l, (selfBy.get(l) ?? 0) + mine);
    let sum = mine;
    for (const child of node.children ?? []) sum += walk(child, next);
    if (!open.has(l)) incl.set(l, (incl.get(l) ?? 0) + sum);
    return sum;
  };
  walk(profile.nodes[0].id, new Set());
  return { incl, selfBy };
}

const { context, page, close } = await openTypingPage('Prof');
try {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await typeSteadily(page, typingText(21, KEYS), 100);
  const { profile } = await cdp.send('Profiler.stop');
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const label = labeler({ distDir: webDir, traceMapping });
  const { incl, selfBy } = inclusive(profile, label);
  const rows = [...incl.entries()].filter(([l]) => !MATCH || MATCH.test(l)).sort((a, b) => b[1] - a[1]).slice(0, LIMIT);
  console.log(`CPU profile of ${KEYS} keys: inclusive / self ms per key`);
  for (const [l, us] of rows) console.log(`${(us / 1000 / KEYS).toFixed(3).padStart(7)} ${((selfBy.get(l) ?? 0) / 1000 / KEYS).toFixed(3).padStart(7)}  ${l}`);
} finally {
  await close();
}
