// The other programs the benchmark compares Quire with (pandoc, LibreOffice headless) and reads
// files with (pdfinfo), each run timed: wall time, and the CPU time of the run's processes.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds of this process's waited-for children so far (cutime + cstime of /proc/self/stat). */
function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLK_TCK;
}

/** Runs `command args` in `cwd` to its end: { wallS, cpuS, stdout }; throws on failure. */
export function timed(command, args, { cwd, capture = false } = {}) {
  const cpu = childrenCpu();
  const at = performance.now();
  const run = spawnSync(command, args, { cwd, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', capture ? 'pipe' : 'ignore', 'pipe'] });
  const wallS = (performance.now() - at) / 1000;
  if (run.status !== 0) {
    throw new Error(`${command} ${args.join(' ')}: ${run.error?.message ?? `exit ${run.status}`} ${String(run.stderr ?? '').slice(0, 2000)}`);
  }
  return { wallS, cpuS: childrenCpu() - cpu, stdout: capture ? String(run.stdout) : '' };
}

/** The first line of `command --version`, or null when it is missing. */
export function version(command, flag = '--version') {
  const run = spawnSync(command, [flag], { stdio: ['ignore', 'pipe', 'ignore'] });
  return run.status === 0 ? String(run.stdout).split('\n')[0].trim() : null;
}

/** The page count of a PDF (pdfinfo, poppler-utils). */
export function pdfPages(file) {
  const out = String(execFileSync('pdfinfo', [file]));
  const match = /^Pages:\s+(\d+)/m.exec(out);
  if (!match) throw new Error(`pdfinfo ${file}: no page count`);
  return Number(match[1]);
}

/**
 * The word rule applied to every text compared (Quire's and pandoc's alike): split on
 * whitespace; a token is a word when it holds a letter (`letters`) or a letter or digit
 * (`alnum`). Numbers alone are left out of the `letters` count because the two programs label
 * footnotes differently (`[12]`, `12.`); the novel's only other numbers are its chapter
 * numbers, which both texts hold.
 */
export function countWords(text, { digits = false } = {}) {
  const word = digits ? /[\p{L}\p{N}]/u : /\p{L}/u;
  let count = 0;
  for (const token of text.split(/\s+/u)) if (token && word.test(token)) count += 1;
  return count;
}
