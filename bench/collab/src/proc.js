// Child processes of the harness (servers, client workers) and what /proc says about them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const PAGE = Number(execFileSync('getconf', ['PAGESIZE']).toString().trim()) || 4096;

/** Every process the harness started and has not yet stopped, by pid. */
const children = new Map();

/** Resident memory of `pid` in bytes (VmRSS of /proc/<pid>/status). */
export function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** CPU seconds (user + system) `pid` has used so far (/proc/<pid>/stat). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Summed over several pids (two Quire instances count as one system). */
export const rssOf = (pids) => pids.reduce((sum, pid) => sum + rss(pid), 0);
export const cpuOf = (pids) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
export { PAGE };

/** Starts a process whose output goes to `logFile`-like stream; remembered for killAll. */
export function start(command, args, { env, log, name }) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', log ?? 'ignore', log ?? 'ignore'],
  });
  children.set(child.pid, { child, name });
  child.on('exit', () => children.delete(child.pid));
  return child;
}

/** Stops one child by pid: SIGTERM, then SIGKILL after `graceMs`. */
export async function stop(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  children.delete(child.pid);
}

/** Kills every child still running, by pid (on failure, on exit). */
export function killAll() {
  for (const [pid] of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Wall-clock milliseconds comparable across processes on this machine. */
export const now = () => performance.timeOrigin + performance.now();

/** Polls `check` every `everyMs` until it answers truthy or `timeoutMs` passes. */
export async function until(what, check, timeoutMs = 30_000, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
