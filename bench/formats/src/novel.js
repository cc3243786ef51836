// The benchmark's novel, made from a fixed seed: Markdown of 60 chapters (`# Chapter N`),
// paragraphs of varied length, some italics, a few hundred footnotes and a few small PNGs. The
// words are plain (no hyphens, apostrophes or digits), so that counting them by whitespace and by
// Quire's word rule gives the same number.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The editor benchmark's seeded generator (mulberry32): one PRNG for every bench.
import { prng as seeded } from '../../editor/lib/prose.mjs';

import { noisePicture, smallPicture } from './png.js';

export { seeded };

const WORDS = (
  'the of and to a in that was he she it with as his her had for on at by not but from they ' +
  'which all were there this been one would their when who what into said so could them than ' +
  'then out some more time now only little very upon over any after before well down again long ' +
  'house road river window door garden letter morning evening night winter summer rain light ' +
  'voice hand face eyes heart mother father sister brother friend stranger doctor captain ' +
  'village town harbour station church field hill wood fire table chair room stair lamp book ' +
  'walked turned looked listened waited thought remembered answered whispered laughed wrote ' +
  'carried opened closed followed watched smiled began stopped found kept left heard knew ' +
  'quiet cold bright dark narrow heavy old young small great grey green silent careful strange ' +
  'slowly suddenly softly almost perhaps never always once still together across beneath beyond ' +
  'toward against between through without within along around behind beside during until ' +
  'Margaret Thomas Eliza Jonah Harriet Samuel Clara Edmund Lydia Arthur Bellhaven Marrow Fenwick'
).split(' ');

/** Builds the novel: { markdown, images: [{ name, bytes }], words, footnotes }. */
export function makeNovel({ seed = 18, chapters = 60, words = 150_000, footnotes = 300, images = 4 } = {}) {
  const random = seeded(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  let footnoteCount = 0;
  let bodyWords = 0;
  let noteWords = 0;

  const sentence = (n) => {
    const out = [];
    for (let i = 0; i < n; i += 1) out.push(pick(WORDS));
    out[0] = out[0][0].toUpperCase() + out[0].slice(1);
    if (n > 8 && random() < 0.4) out[between(2, n - 4)] += ',';
    return out;
  };

  const lines = [];
  const imageEvery = Math.max(1, Math.floor(chapters / images));
  const pictures = [];
  // Words per chapter: the title's two words count toward the total.
  const perChapter = Math.floor(words / chapters) - 2;
  const notesPerChapter = footnotes / chapters;
  for (let c = 1; c <= chapters; c += 1) {
    lines.push(`# Chapter ${c}`, '');
    bodyWords += 2;
    const budget = perChapter + (c === chapters ? words - (perChapter + 2) * chapters : 0);
    const notesHere = Math.round(c * notesPerChapter) - Math.round((c - 1) * notesPerChapter);
    const definitions = [];
    let left = budget;
    let paragraphs = [];
    while (left > 0) {
      // Paragraphs of 8 to 180 words, most between 40 and 100; some a single line of talk.
      const size = Math.min(left, random() < 0.15 ? between(8, 25) : random() < 0.85 ? between(40, 100) : between(100, 180));
      const tokens = [];
      while (tokens.length < size) {
        const s = sentence(Math.min(size - tokens.length, between(6, 22)));
        s[s.length - 1] += random() < 0.1 ? '?' : '.';
        tokens.push(...s);
      }
      if (size > 12 && random() < 0.3) {
        // An italic phrase of one to four words.
        const from = between(1, size - 6);
        const to = from + between(0, 3);
        const strip = (t) => t.replace(/[.,?]$/, '');
        const tail = tokens[to].slice(strip(tokens[to]).length);
        tokens[from] = `*${tokens[from]}`;
        tokens[to] = `${strip(tokens[to])}*${tail}`;
      }
      paragraphs.push(tokens);
      left -= size;
      bodyWords += size;
    }
    // Footnote references at the end of sentences spread over the chapter.
    for (let n = 0; n < notesHere; n += 1) {
      footnoteCount += 1;
      const paragraph = paragraphs[Math.floor(((n + 0.5) * paragraphs.length) / notesHere)];
      paragraph[paragraph.length - 1] += `[^${footnoteCount}]`;
      const note = sentence(between(6, 24));
      noteWords += note.length;
      definitions.push(`[^${footnoteCount}]: ${note.join(' ')}.`);
    }
    paragraphs.forEach((tokens, i) => {
      lines.push(tokens.join(' '), '');
      if (i === Math.floor(paragraphs.length / 2) && c % imageEvery === 0 && pictures.length < images) {
        const name = `picture-${pictures.length + 1}.png`;
        pictures.push({ name, bytes: smallPicture(pictures.length + 1) });
        // No alt text: pandoc would make a captioned figure of it, a paragraph of its own.
        lines.push(`![](images/${name})`, '');
      }
    });
    lines.push(...definitions.flatMap((d) => [d, '']));
    paragraphs = [];
  }
  return { markdown: lines.join('\n'), images: pictures, words: bodyWords, noteWords, footnotes: footnoteCount };
}

/** Writes the novel's Markdown and its images/ into `dir`; with `noise` = { count, bytes },
 * that many random-pixel PNGs are added at chapter openings (the large file of the memory
 * test). Answers the Markdown's path. */
export function writeNovel(dir, novel, { name = 'novel', noise = null, seed = 19 } = {}) {
  mkdirSync(join(dir, 'images'), { recursive: true });
  for (const image of novel.images) writeFileSync(join(dir, 'images', image.name), image.bytes);
  let markdown = novel.markdown;
  if (noise) {
    const random = seeded(seed);
    let n = 0;
    const every = Math.max(1, Math.floor(60 / noise.count));
    markdown = markdown.replace(/^# Chapter (\d+)\n/gm, (line, number) => {
      if (Number(number) % every !== 0 || n >= noise.count) return line;
      n += 1;
      const file = `noise-${n}.png`;
      writeFileSync(join(dir, 'images', file), noisePicture(noise.bytes, random));
      return `${line}\n![](images/${file})\n`;
    });
  }
  const path = join(dir, `${name}.md`);
  writeFileSync(path, markdown);
  return path;
}
