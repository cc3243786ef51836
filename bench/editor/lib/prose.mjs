// Deterministic pseudo-English: the same seed gives the same manuscript on every machine.

/** mulberry32: a small seeded PRNG answering floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to a in that it was he for on are as with his they at be this from have or by ' +
  'one had not but what all were when we there can an your which their said if do will each ' +
  'about how up out them then she many some so these would other into has more her two like ' +
  'him see time could no make than first been its who now people my made over did down only ' +
  'way find use may water long little very after words called just where most know get ' +
  'through back much before go good new write our used me man too any day same right look ' +
  'think also around another came come work three word must because does part even place ' +
  'well such here take why things help put years different away again off went old number ' +
  'great tell men say small every found still between name should home big give air line set ' +
  'own under read last never us left end along while might next sound below saw something ' +
  'thought both few those always looked show large often together asked house world going ' +
  'want school important until form food keep children feet land side without boy once ' +
  'animals life enough took sometimes four head above kind began almost live page got earth ' +
  'need far hand high year mother light parts country father let night following picture ' +
  'being study second eyes soon times story boys since white days ever paper hard near ' +
  'sentence better best across during today others however sure means knew try told young ' +
  'miles sun ways thing whole hear example heard several change answer room sea against top ' +
  'turned learn point city play toward five using himself usually river window train letter ' +
  'garden morning silence winter station quietly harbour lantern journey stranger promise'
).split(' ');

const NAMES = ['Nora', 'Elias', 'Marta', 'Tomas', 'Ines', 'Oskar', 'Lena', 'Hugo'];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

/** A sentence of 6–22 words: a capital, the odd name and comma, a full stop (or ? / !). */
export function sentence(rand) {
  const n = 6 + Math.floor(rand() * 17);
  const words = [];
  for (let i = 0; i < n; i += 1) {
    let word = rand() < 0.04 ? pick(rand, NAMES) : pick(rand, WORDS);
    if (i > 2 && i < n - 2 && rand() < 0.08) word += ',';
    words.push(word);
  }
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  const end = rand();
  return words.join(' ') + (end < 0.9 ? '.' : end < 0.96 ? '?' : '!');
}

/** A paragraph of 60–120 words (whole sentences, so a little more at times). */
export function paragraph(rand) {
  const target = 60 + Math.floor(rand() * 61);
  const out = [];
  let words = 0;
  while (words < target) {
    const s = sentence(rand);
    out.push(s);
    words += s.split(' ').length;
  }
  return out.join(' ');
}

/** Paragraphs until `words` words are reached: `{ paragraphs, words }`. */
export function chapter(seed, words) {
  const rand = prng(seed);
  const paragraphs = [];
  let count = 0;
  while (count < words) {
    const p = paragraph(rand);
    paragraphs.push(p);
    count += p.split(' ').length;
  }
  return { paragraphs, words: count };
}

/** Exactly `length` characters of prose to type (letters, spaces, punctuation). */
export function typingText(seed, length) {
  const rand = prng(seed);
  let text = ' ';
  while (text.length < length) text += sentence(rand) + ' ';
  return text.slice(0, length);
}

/** `<p>…</p>` per paragraph (the text holds no character that needs escaping). */
export function toHtml(paragraphs) {
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}
