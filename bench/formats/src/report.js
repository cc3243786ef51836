// The results file of the formats benchmark: what each figure compared, every round, the targets
// met or missed, and the SUMMARY line a script reads.
const s2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const mb = (bytes) => (Number.isFinite(bytes) ? (bytes / 1e6).toFixed(1) : 'n/a');
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const verdict = (ok) => (ok === null ? 'n/a' : ok ? 'met' : '**missed**');

/** Medians (wall and CPU seconds) of one side of some rounds. */
function side(rounds, key, median, wall = 'wallS') {
  const done = rounds.map((r) => r[key]).filter(Boolean);
  if (done.length === 0) return { wall: NaN, cpu: NaN, runs: 'n/a', n: 0 };
  const wallOf = (x) => x[wall] ?? x.seconds;
  return {
    wall: median(done.map(wallOf)),
    cpu: median(done.map((x) => x.cpuS)),
    runs: done.map((x) => `${s2(wallOf(x))} (${s2(x.cpuS)})`).join(', '),
    n: done.length,
  };
}

export function report(r) {
  const { median, pandoc, imports, words, docx, pdf, mem, config } = r;
  const imp = side(imports?.rounds ?? [], 'quire', median);
  const impPandoc = side(imports?.rounds ?? [], 'pandoc', median);
  const dx = side(docx?.rounds ?? [], 'quire', median);
  const dxPandoc = side(docx?.rounds ?? [], 'pandoc', median);
  const pq = side(pdf?.rounds ?? [], 'quire', median);
  const plo = side(pdf?.rounds ?? [], 'lo', median);
  const chapters = imports?.rounds.find((x) => x.quire)?.quire.chapterIds.length ?? null;
  const wordsDiff = words?.words != null ? (100 * Math.abs(words.words - pandoc.words)) / pandoc.words : NaN;
  const bodyDiff = words?.previewWords != null ? (100 * Math.abs(words.previewWords - pandoc.bodyWords)) / pandoc.bodyWords : NaN;
  const ratios = { import: impPandoc.wall / imp.wall, docx: dxPandoc.wall / dx.wall, pdf: plo.wall / pq.wall };
  const cpuRatios = { import: impPandoc.cpu / imp.cpu, docx: dxPandoc.cpu / dx.cpu, pdf: plo.cpu / pq.cpu };
  const known = (v, test) => (Number.isFinite(v) ? test(v) : null);
  const n = config.reps;

  const out = [
    `# Import and export benchmark — ${r.date}${r.quick ? ' (BENCH_QUICK: one round each)' : ''}`,
    '',
    `Machine: ${r.machine}. Quire: the release server \`${r.binary}\` (commit ${r.commit}) on SQLite, a fresh data dir, called over HTTP`,
    `on 127.0.0.1 by one Node process. Compared with: ${r.versions.pandoc}; ${r.versions.soffice} (headless, a profile of its own);`,
    `pages counted with ${r.versions.pdfinfo ?? 'pdfinfo'}.`,
    '',
    `The novel: generated from a fixed seed (bench/formats/src/novel.js) as Markdown, ${r.novel.words.toLocaleString('en')} words of text in`,
    `${config.chapters} chapters (\`# Chapter N\`, titles counted), paragraphs of 8–180 words, some italics, ${r.novel.footnotes} footnotes`,
    `(${r.novel.noteWords.toLocaleString('en')} words more), ${r.novel.images} small PNGs; **novel.docx is made by pandoc** from it`,
    `(\`pandoc novel.md -o novel.docx\`), ${(r.novel.size / 1e3).toFixed(0)} kB.`,
    '',
    `Times are wall seconds, median of ${n}, each run of the other program and of Quire taken by turns; CPU seconds in`,
    `parentheses (the server's utime + stime over the call, or the other program's processes'). Ratios are the other`,
    `program's wall time over Quire's: above 1, Quire is faster.`,
    '',
  ];
  if (r.errors.length) out.push('**Steps that failed** (their figures are n/a):', '', ...r.errors.map((e) => `- ${e}`), '');

  out.push('## Targets', '');
  out.push(
    table(
      ['what', 'Quire', 'compared with', 'ratio', 'target', ''],
      [
        [`import of novel.docx (\`POST imports/docx\`, s)`, s2(imp.wall), `pandoc → HTML ${s2(impPandoc.wall)}`, s2(ratios.import), '≥ 5', verdict(known(ratios.import, (v) => v >= 5))],
        [`.docx export (s)`, s2(dx.wall), `pandoc Markdown → .docx ${s2(dxPandoc.wall)}`, s2(ratios.docx), '≥ 5', verdict(known(ratios.docx, (v) => v >= 5))],
        [`PDF export, standard manuscript (s)`, s2(pq.wall), `LibreOffice Quire's .docx → PDF ${s2(plo.wall)}`, s2(ratios.pdf), '≥ 3', verdict(known(ratios.pdf, (v) => v >= 3))],
        [`PDF export time (pdf_s)`, s2(pq.wall), '', '', '< 3 s', verdict(known(pq.wall, (v) => v < 3))],
        [`chapters`, chapters ?? 'n/a', `pandoc's HTML \`<h1>\`: ${pandoc.h1}`, '', 'equal', verdict(chapters === null ? null : chapters === pandoc.h1)],
        [`words (text export)`, words?.words ?? 'n/a', `pandoc's plain text: ${pandoc.words}`, `${Number.isFinite(wordsDiff) ? wordsDiff.toFixed(3) : 'n/a'} %`, '≤ 0.1 %', verdict(known(wordsDiff, (v) => v <= 0.1))],
        [`peak server RSS, import of a ${mb(mem.size)} MB .docx (MB)`, mb(mem.peak), `RSS before: ${mb(mem.before)}`, '', '< 250 MB', verdict(known(mem.peak, (v) => v < 250e6))],
      ],
    ),
    '',
  );

  out.push('## 1. Import against pandoc', '');
  out.push(
    `Quire: \`POST imports/docx/preview\` (not timed: it builds the plan, every section kept as it is), then \`POST imports/docx\``,
    `with the file and the plan, timed from the request to the whole answer (rows and chapter documents committed). pandoc:`,
    `\`pandoc novel.docx -t html -o /dev/null\`.`,
    '',
    table(
      ['', `median wall s (CPU s)`, 'runs: wall (CPU)'],
      [
        ['Quire import', `${s2(imp.wall)} (${s2(imp.cpu)})`, imp.runs],
        ['pandoc → HTML', `${s2(impPandoc.wall)} (${s2(impPandoc.cpu)})`, impPandoc.runs],
        ['**pandoc ÷ Quire**', `${s2(ratios.import)} (CPU ${s2(cpuRatios.import)})`, ''],
      ],
    ),
    '',
    `The previews took ${(imports?.rounds ?? []).map((x) => (x.quire ? s2(x.quire.previewS) : 'n/a')).join(', ')} s.`,
    '',
  );
  const ledger = imports?.preview?.ledger;
  out.push(
    `Checks: chapters created ${chapters ?? 'n/a'}, \`<h1>\` in pandoc's HTML ${pandoc.h1}. Words: the imported manuscript exported as`,
    `plain text (\`format: text\`, footnotes on) against \`pandoc novel.docx -t plain\`, both counted by one rule: split on`,
    `whitespace, a token is a word when it holds a letter (numbers alone are left out on both sides, since the two label`,
    `footnotes differently, \`[12]\` or \`12.\`; the novel's only other numbers are its chapter numbers). Quire ${words?.words ?? 'n/a'}, pandoc`,
    `${pandoc.words}: **words_diff_pct ${Number.isFinite(wordsDiff) ? wordsDiff.toFixed(3) : 'n/a'}**. Cross-check without footnotes: the preview's`,
    `section words (Quire's own count) plus its titles' words, ${words?.previewWords ?? 'n/a'}, against pandoc's text with its notes`,
    `filtered out (a Lua filter), tokens holding a letter or digit, ${pandoc.bodyWords}: ${Number.isFinite(bodyDiff) ? bodyDiff.toFixed(3) : 'n/a'} %.`,
    `The generator wrote ${r.novel.words} words of text and ${r.novel.noteWords} of footnotes.`,
    '',
  );
  if (ledger) {
    const tally = (t) => `${t.words} words, ${t.paragraphs} paragraphs, ${t.footnotes} footnotes, ${t.comments} comments, ${t.images} images`;
    out.push(
      `The preview's ledger: found ${tally(ledger.found)}; created ${tally(ledger.created)}.` +
        ` Unsupported: ${ledger.unsupported.map((u) => `${u.kind} ×${u.count}`).join(', ') || 'none'}; warnings: ${ledger.warnings.map((w) => `${w.code} ×${w.count}`).join(', ') || 'none'}.`,
      '',
    );
  }

  out.push('## 2. .docx export against pandoc', '');
  out.push(
    `Quire: \`POST manuscripts/{id}/export\` \`{"format":"docx"}\` with the standard manuscript preset (the options are sent`,
    `whole: titles and footnotes on, comments off), timed to the last byte of the file. pandoc: \`pandoc novel.md -o out.docx\``,
    `from the generated Markdown (a plain .docx, no title page or manuscript layout).`,
    '',
    table(
      ['', 'median wall s (CPU s)', 'runs: wall (CPU)'],
      [
        [`Quire .docx export (${mb(docx?.rounds.find((x) => x.quire)?.quire.size)} MB)`, `${s2(dx.wall)} (${s2(dx.cpu)})`, dx.runs],
        ['pandoc Markdown → .docx', `${s2(dxPandoc.wall)} (${s2(dxPandoc.cpu)})`, dxPandoc.runs],
        ['**pandoc ÷ Quire**', `${s2(ratios.docx)} (CPU ${s2(cpuRatios.docx)})`, ''],
      ],
    ),
    '',
  );

  out.push('## 3. PDF against LibreOffice', '');
  out.push(
    `Quire: \`POST manuscripts/{id}/export\` \`{"format":"pdf"}\`, options.preset \`standard_manuscript\` (Times New Roman, a contact`,
    `block), timed to the last byte. LibreOffice: \`soffice --headless --convert-to pdf\` of Quire's own .docx export (the same preset)`,
    `from step 2. One untimed run of each first: LibreOffice makes its profile (${s2(pdf?.warm.lo)} s), Quire its first PDF`,
    `(${s2(pdf?.warm.quire)} s).`,
    '',
    table(
      ['', 'median wall s (CPU s)', 'runs: wall (CPU)', 'pages (pdfinfo)'],
      [
        [`Quire PDF (${mb(pdf?.rounds.find((x) => x.quire)?.quire.size)} MB)`, `${s2(pq.wall)} (${s2(pq.cpu)})`, pq.runs, pdf?.pages.quire ?? 'n/a'],
        ['LibreOffice .docx → PDF', `${s2(plo.wall)} (${s2(plo.cpu)})`, plo.runs, pdf?.pages.lo ?? 'n/a'],
        ['**LibreOffice ÷ Quire**', `${s2(ratios.pdf)} (CPU ${s2(cpuRatios.pdf)})`, '', ''],
      ],
    ),
    '',
  );

  out.push('## 4. Memory: a 20 MB .docx', '');
  const d = mem.done;
  out.push(
    `The novel with ${config.noiseImages} more PNGs of random pixels (${mb(config.noiseBytes)} MB each, incompressible), made by pandoc:`,
    `${mb(mem.size)} MB. A fresh server (signed up, idle 1 s), then its preview and its import; VmHWM (peak resident memory since`,
    `the server started) and VmRSS of /proc/<pid>/status read 0.5 s after the import answered.`,
    '',
    table(
      ['RSS before (MB)', 'VmHWM before (MB)', 'peak, VmHWM after (MB)', 'RSS after (MB)', 'preview s', 'import s', 'chapters', 'images created'],
      [[mb(mem.before), mb(mem.hwmBefore), mb(mem.peak), mb(mem.after), s2(d?.previewS), s2(d?.importS), d?.chapters ?? 'n/a', d?.images ?? 'n/a']],
    ),
    '',
  );

  const f = (v, digits = 2) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');
  out.push(
    `SUMMARY import_vs_pandoc=${f(ratios.import)} docx_export_vs_pandoc=${f(ratios.docx)} pdf_vs_libreoffice=${f(ratios.pdf)} pdf_s=${f(pq.wall)} words_diff_pct=${f(wordsDiff, 3)}`,
  );
  return out.join('\n');
}
