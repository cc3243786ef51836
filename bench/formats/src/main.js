// The import/export benchmark (make bench-formats): a generated 150,000-word novel made into a
// .docx by pandoc, imported by Quire's release server and exported again as .docx and PDF, each
// timed against pandoc or LibreOffice doing the same; the server's peak memory importing a 20 MB
// .docx. Writes bench/results/formats-<date>.md, ending with a SUMMARY line. See ../README.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, homedir, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { killAll, sleep } from '../../collab/src/proc.js';
import { startQuire } from '../../collab/src/servers.js';
import { median } from '../../collab/src/stats.js';
import { makeNovel, writeNovel } from './novel.js';
import { exportManuscript, importDocx, planOf, previewDocx } from './quire.js';
import { countWords, pdfPages, timed, version } from './tools.js';
import { report } from './report.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const quick = Boolean(process.env.BENCH_QUICK);
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  reps: env('BENCH_FORMATS_REPS', quick ? 1 : 3),
  words: env('BENCH_FORMATS_WORDS', 150_000),
  chapters: 60,
  footnotes: 300,
  images: 4,
  // The memory test's file: the novel and `noiseImages` PNGs of random pixels, ~20 MB in all.
  noiseImages: 16,
  noiseBytes: 1_250_000,
  timeoutS: env('BENCH_TIMEOUT_S', 3600),
};
const binary = process.env.QUIRE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/quire/target'), 'release/quire');
const TITLE = 'The Bench Novel';
// Every export sends its options whole: the standard manuscript preset, footnotes as footnotes.
const OPTIONS = {
  chapter_titles: true,
  subchapter_titles: true,
  comments: false,
  footnotes: true,
  preset: { kind: 'standard_manuscript', font: 'times_new_roman', contact: ['A. N. Author', '1 Bench Road, Leeds', '0113 496 0000', 'author@example.com'], surname: 'Author' },
};
const log = (line) => console.log(`[formats ${new Date().toISOString().slice(11, 19)}] ${line}`);

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
setTimeout(() => {
  console.error(`formats bench: gave up after ${config.timeoutS} s`);
  process.exit(2);
}, config.timeoutS * 1000).unref();

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
function statusBytes(pid, key) {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Runs `fn`, keeping its error in `errors` under `name` instead of ending the run. */
async function attempt(errors, name, fn) {
  try {
    return await fn();
  } catch (error) {
    log(`${name} failed: ${error.message}`);
    errors.push(`${name}: ${error.message.replace(/\s+/g, ' ').slice(0, 600)}`);
    return null;
  }
}

/** A Quire call timed with the server's CPU (utime + stime of its process) over the call. */
async function withCpu(target, fn) {
  const before = target.cpu();
  const result = await fn();
  return { ...result, cpuS: target.cpu() - before };
}

function makeFiles(dir) {
  log(`generating the novel: ${config.words} words, ${config.chapters} chapters, ${config.footnotes} footnotes, ${config.images} images`);
  const novel = makeNovel({ words: config.words, chapters: config.chapters, footnotes: config.footnotes, images: config.images });
  const md = writeNovel(dir, novel);
  timed('pandoc', [md, '-o', join(dir, 'novel.docx'), `--resource-path=${dir}`], { cwd: dir });
  log('generating the 20 MB file');
  const bigMd = writeNovel(dir, novel, { name: 'big', noise: { count: config.noiseImages, bytes: config.noiseBytes } });
  timed('pandoc', [bigMd, '-o', join(dir, 'big.docx'), `--resource-path=${dir}`], { cwd: dir });
  writeFileSync(join(dir, 'no-notes.lua'), '-- Leaves footnotes out of pandoc\'s text.\nfunction Note(el) return {} end\n');
  return { novel, md, docx: join(dir, 'novel.docx'), big: join(dir, 'big.docx') };
}

/** What pandoc reads from the .docx: its chapters (<h1> of its HTML) and its words. */
function pandocReading(dir, files) {
  const html = timed('pandoc', [files.docx, '-t', 'html'], { cwd: dir, capture: true }).stdout;
  const plain = timed('pandoc', [files.docx, '-t', 'plain'], { cwd: dir, capture: true }).stdout;
  const body = timed('pandoc', [files.docx, '-t', 'plain', '--lua-filter', join(dir, 'no-notes.lua')], { cwd: dir, capture: true }).stdout;
  writeFileSync(join(dir, 'pandoc.txt'), plain);
  return {
    h1: (html.match(/<h1[\s>]/g) ?? []).length,
    words: countWords(plain),
    bodyWords: countWords(body, { digits: true }),
  };
}

async function importRounds(target, dir, files, errors) {
  const bytes = readFileSync(files.docx);
  const rounds = [];
  let preview = null;
  for (let rep = 0; rep < config.reps; rep += 1) {
    log(`import round ${rep + 1}: pandoc → HTML, then Quire's preview (not timed) and import`);
    const pandoc = timed('pandoc', [files.docx, '-t', 'html', '-o', '/dev/null'], { cwd: dir });
    const quire = await attempt(errors, `import round ${rep + 1}`, async () => {
      const p = await previewDocx(target, bytes, 'novel.docx');
      preview = p.preview;
      const done = await withCpu(target, () => importDocx(target, bytes, 'novel.docx', planOf(p.preview, TITLE)));
      return { ...done, previewS: p.seconds };
    });
    rounds.push({ pandoc, quire });
  }
  return { rounds, preview };
}

async function docxRounds(target, dir, files, manuscriptId, errors) {
  const rounds = [];
  let saved = null;
  for (let rep = 0; rep < config.reps; rep += 1) {
    log(`.docx round ${rep + 1}: pandoc Markdown → .docx, then Quire's export`);
    const pandoc = timed('pandoc', [files.md, '-o', join(dir, 'pandoc-out.docx'), `--resource-path=${dir}`], { cwd: dir });
    const quire = await attempt(errors, `.docx export round ${rep + 1}`, () => withCpu(target, () => exportManuscript(target, manuscriptId, 'docx', OPTIONS)));
    if (quire && !saved) {
      saved = join(dir, 'quire.docx');
      writeFileSync(saved, quire.bytes);
    }
    rounds.push({ pandoc, quire: quire && { seconds: quire.seconds, cpuS: quire.cpuS, size: quire.bytes.length } });
  }
  return { rounds, file: saved };
}

async function pdfRounds(target, dir, quireDocx, manuscriptId, errors) {
  const lo = join(dir, 'lo');
  mkdirSync(lo, { recursive: true });
  const profile = `-env:UserInstallation=file://${join(dir, 'lo-profile')}`;
  const soffice = () => timed('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', lo, quireDocx], { cwd: dir });
  const quirePdf = () => withCpu(target, () => exportManuscript(target, manuscriptId, 'pdf', OPTIONS));
  log('PDF warm-up (not timed): LibreOffice makes its profile, Quire its first PDF');
  const warm = { lo: quireDocx ? await attempt(errors, 'LibreOffice warm-up', soffice) : null, quire: await attempt(errors, 'PDF warm-up', quirePdf) };
  const rounds = [];
  let pages = { quire: null, lo: null };
  for (let rep = 0; rep < config.reps; rep += 1) {
    log(`PDF round ${rep + 1}: LibreOffice .docx → PDF, then Quire's export`);
    const libre = quireDocx ? await attempt(errors, `LibreOffice round ${rep + 1}`, soffice) : null;
    const quire = await attempt(errors, `PDF export round ${rep + 1}`, quirePdf);
    if (quire && pages.quire === null) {
      writeFileSync(join(dir, 'quire.pdf'), quire.bytes);
      pages.quire = pdfPages(join(dir, 'quire.pdf'));
    }
    rounds.push({ lo: libre, quire: quire && { seconds: quire.seconds, cpuS: quire.cpuS, size: quire.bytes.length } });
  }
  if (quireDocx && rounds.some((r) => r.lo)) pages.lo = pdfPages(join(lo, 'quire.pdf'));
  return { rounds, pages, warm: { lo: warm.lo?.wallS, quire: warm.quire?.seconds } };
}

/** The words of the import, read back: the manuscript exported as plain text. */
async function importedWords(target, dir, manuscriptId, preview, errors) {
  const text = await attempt(errors, 'text export', () => exportManuscript(target, manuscriptId, 'text', OPTIONS));
  if (text) writeFileSync(join(dir, 'quire.txt'), text.bytes);
  const previewWords = preview ? preview.sections.reduce((n, s) => n + s.words + countWords(s.title, { digits: true }), 0) : null;
  return { words: text ? countWords(text.bytes.toString('utf8')) : null, previewWords };
}

/** A fresh server: RSS before, the 20 MB file's preview and import, then VmHWM and RSS. */
async function memory(workDir, files, errors) {
  const target = await startQuire({ binary, workDir, store: 'sqlite', label: 'formats-memory' });
  try {
    await sleep(1000);
    const pid = target.pids()[0];
    const before = statusBytes(pid, 'VmRSS');
    const hwmBefore = statusBytes(pid, 'VmHWM');
    const bytes = readFileSync(files.big);
    log(`memory: importing ${(bytes.length / 1048576).toFixed(1)} MiB on a fresh server`);
    const done = await attempt(errors, '20 MB import', async () => {
      const p = await previewDocx(target, bytes, 'big.docx');
      const imported = await importDocx(target, bytes, 'big.docx', planOf(p.preview, `${TITLE} (20 MB)`));
      return { previewS: p.seconds, importS: imported.seconds, chapters: imported.chapterIds.length, images: p.preview.ledger?.created?.images, ledger: p.preview.ledger };
    });
    await sleep(500);
    return { size: bytes.length, before, hwmBefore, peak: statusBytes(pid, 'VmHWM'), after: statusBytes(pid, 'VmRSS'), done };
  } finally {
    await target.stop();
  }
}

async function main() {
  const errors = [];
  const commit = (() => {
    try {
      return String(execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'])).trim();
    } catch {
      return 'unknown';
    }
  })();
  const versions = { pandoc: version('pandoc'), soffice: version('soffice'), pdfinfo: version('pdfinfo', '-v') };
  for (const [tool, v] of Object.entries(versions)) if (!v && tool !== 'pdfinfo') throw new Error(`${tool} is missing: run bench/formats/ensure-tools.sh`);
  const load = [loadavg()[0]];
  const workDir = join(ROOT, 'bench/results/tmp', `formats-${Date.now()}`);
  const dir = join(workDir, 'files');
  mkdirSync(dir, { recursive: true });
  const files = makeFiles(dir);
  log('pandoc reads the .docx (chapters, words)');
  const pandoc = pandocReading(dir, files);
  log(`starting ${binary}`);
  const target = await startQuire({ binary, workDir, store: 'sqlite', label: 'formats' });
  let imports, words, docx, pdf;
  try {
    imports = await importRounds(target, dir, files, errors);
    const first = imports.rounds.find((r) => r.quire)?.quire;
    if (first) {
      words = await importedWords(target, dir, first.manuscriptId, imports.preview, errors);
      docx = await docxRounds(target, dir, files, first.manuscriptId, errors);
      pdf = await pdfRounds(target, dir, docx.file, first.manuscriptId, errors);
    }
  } finally {
    await target.stop();
  }
  const mem = await memory(workDir, files, errors);
  load.push(loadavg()[0]);
  const text = report({
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, shared with other work; load average ${load[0].toFixed(1)} at the start, ${load[1].toFixed(1)} at the end`,
    commit,
    binary,
    versions,
    config,
    quick,
    novel: { words: files.novel.words, noteWords: files.novel.noteWords, footnotes: files.novel.footnotes, images: files.novel.images.length, size: readFileSync(files.docx).length },
    pandoc,
    imports,
    words,
    docx,
    pdf,
    mem,
    errors,
    median,
  });
  const out = join(ROOT, 'bench/results');
  const stem = join(out, `formats-${new Date().toISOString().slice(0, 10)}${process.env.QUIRE_BENCH_LABEL ? `-${process.env.QUIRE_BENCH_LABEL}` : ''}`);
  let file = `${stem}.md`;
  for (let n = 2; existsSync(file); n += 1) file = `${stem}-${n}.md`;
  writeFileSync(file, `${text}\n`);
  console.log(text);
  log(`wrote ${file} (the files it measured are in ${dir})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
