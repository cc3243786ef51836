// The browser's priority on a shared machine (README.md, "A shared machine").
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';

// Other work on a shared machine (builds, tests) steals the browser's CPU time and shows up as
// long frames on both sides; the browser's threads run at nice -10 when allowed (root), so that
// what is measured is mostly the page's own work. QUIRE_BENCH_NICE=0 turns this off.
export const NICE = Number(process.env.QUIRE_BENCH_NICE ?? (process.getuid?.() === 0 ? -10 : 0));

/**
 * Sets every thread of this process's descendants (the browser, its zygotes, renderers, GPU and
 * utility processes) to NICE. Chromium sets its threads' priorities itself after they start,
 * so a `nice` wrapper is not enough; this runs every 500 ms while the browser is up.
 */
export function reniceBrowser() {
  if (!NICE) return;
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(pid)]);
    } catch {
      // gone
    }
  }
  const todo = [...(children.get(process.pid) ?? [])];
  while (todo.length) {
    const pid = todo.pop();
    todo.push(...(children.get(pid) ?? []));
    let tids = [];
    try {
      // Playwright starts the browser in a session of its own: its own scheduler autogroup,
      // whose weight against the other sessions is this nice (thread nice is within a group).
      writeFileSync(`/proc/${pid}/autogroup`, String(NICE));
    } catch {
      // no autogroups here, or not allowed
    }
    try {
      tids = readdirSync(`/proc/${pid}/task`).map(Number);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        os.setPriority(tid, NICE);
      } catch {
        // gone, or not allowed
      }
    }
  }
}
