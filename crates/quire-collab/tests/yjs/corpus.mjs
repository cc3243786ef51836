// The differential corpus for quire-collab's tests/differential.rs.
//
//   node corpus.mjs --out DIR
//
// Builds chapter documents with Yjs in the y-prosemirror shape: every node and mark, deletions
// (so garbage-collected structs and delete sets), many clients merged, non-Latin text, and a
// 150,000-word novel typed in realistic chunks over several sessions. Writes one JSON line per
// document to DIR/corpus.jsonl: its full state as v1 and as v2 (base64), Yjs's XML of
// `default`, and the plain text by the server's rules.

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Y, prng, b64, args, writeLines, words, node, text, para, plainText } from './lib.mjs'

const newDoc = (clientID) => {
  const doc = new Y.Doc()
  doc.clientID = clientID
  return doc
}

const record = (name, doc) => {
  const fragment = doc.getXmlFragment('default')
  return {
    name,
    v1: b64(Y.encodeStateAsUpdate(doc)),
    v2: b64(Y.encodeStateAsUpdateV2(doc)),
    xml: fragment.toString(),
    text: plainText(fragment)
  }
}

/** Every node type and mark the editor writes, as y-prosemirror stores them. */
const everyNodeAndMark = (marks) => {
  const doc = newDoc(1)
  // A fresh object each time: Yjs writes the names of marks a run does not have into the
  // attributes object it is given.
  const b = () => ({})
  doc.getXmlFragment('default').insert(0, [
    node('heading', { level: 1 }, [text([['A Chapter']])]),
    node('heading', { level: 3, textAlign: 'center' }, [text([['A Section']])]),
    node('paragraph', { textAlign: 'justify' }, [text([
      ['Plain, ', b()],
      ['bold', { bold: b() }],
      [', ', b()],
      ['italic', { italic: b() }],
      [', ', b()],
      ['underlined', { underline: b() }],
      [', ', b()],
      ['struck', { strike: b() }],
      [', ', b()],
      ['code', { code: b() }],
      [', ', b()],
      ['all at once', { bold: b(), italic: b(), underline: b(), strike: b() }],
      [', ', b()],
      ['highlighted', { highlight: b() }],
      [', H', b()],
      ['2', { subscript: b() }],
      ['O, x', b()],
      ['2', { superscript: b() }],
      ['.', b()]
    ])]),
    node('paragraph', {}, [text(marks)]),
    node('paragraph', {}, [
      text([['Line one', {}]]),
      node('hardBreak'),
      text([['line two with a footnote', {}]]),
      node('footnote', { id: 'fn-1' }, [node('paragraph', {}, [text([['The note.']])])])
    ]),
    node('bulletList', {}, [
      node('listItem', {}, [para('apples')]),
      node('listItem', {}, [
        para('pears'),
        node('orderedList', { start: 3 }, [
          node('listItem', {}, [para('conference')]),
          node('listItem', {}, [para('comice')])
        ])
      ])
    ]),
    node('blockquote', {}, [para('Quoted.'), para('Still quoted.')]),
    node('horizontalRule'),
    node('codeBlock', { language: 'rust' }, [text([['fn main() {\n    println!("<hi>");\n}']])]),
    node('pageBreak'),
    node('image', { src: 'https://example.com/cover.png', alt: 'A cover', title: 'Cover' }),
    node('paragraph', {}, [text([['<script>alert("x")</script> & javascript:void(0)']])]),
    para('')
  ])
  return doc
}

/** Marks whose attributes hold one key each: y-prosemirror's `link` as an old editor wrote it,
 * a comment, overlapping comments (`comment--<hash>`). */
const singleKeyMarks = [
  ['A link', { link: { href: 'https://example.com/a?b=1&c=2' } }],
  [' and ', {}],
  ['a comment', { comment: { id: 'c1' } }],
  [' and ', {}],
  ['two comments', { 'comment--a1': { id: 'c2' }, 'comment--b2': { id: 'c3' } }],
  ['.', {}]
]

/** Marks whose attributes hold several keys, as TipTap 3 writes them: Link's href, target, rel
 * and class; TextStyle's fontFamily and fontSize. */
const multiKeyMarks = [
  ['A TipTap link', { link: { href: 'https://example.com', target: '_blank', rel: 'noopener noreferrer nofollow', class: null } }],
  [' in ', {}],
  ['Georgia 14pt', { textStyle: { fontFamily: 'Georgia, serif', fontSize: '14pt' } }],
  ['.', {}]
]

/** Typing, then deleting characters, words, marks, whole paragraphs and a list. */
const deletions = (rng) => {
  const doc = newDoc(2)
  const fragment = doc.getXmlFragment('default')
  for (let i = 0; i < 12; i++) fragment.insert(i, [para(words(rng, 30))])
  fragment.insert(12, [node('bulletList', {}, [node('listItem', {}, [para(words(rng, 5))])])])
  for (let i = 0; i < 40; i++) {
    const t = fragment.get(rng.int(12)).get(0)
    if (t.length < 10) continue
    const at = rng.int(t.length - 5)
    if (rng.chance(0.5)) t.delete(at, 1 + rng.int(5))
    else t.format(at, 4, rng.pick([{ bold: {} }, { italic: {} }, { bold: null }]))
  }
  fragment.delete(12, 1)
  fragment.delete(3, 2)
  fragment.get(0).get(0).delete(0, fragment.get(0).get(0).length)
  return doc
}

/** Forty devices, each making a few edits from a state it synced at a different time. */
const manyClients = (rng) => {
  const main = newDoc(100)
  main.getXmlFragment('default').insert(0, [para(words(rng, 10))])
  for (let c = 0; c < 40; c++) {
    const device = newDoc(1000 + c * 7919)
    Y.applyUpdate(device, Y.encodeStateAsUpdate(main))
    const fragment = device.getXmlFragment('default')
    for (let e = 0; e < 3; e++) {
      const at = rng.int(fragment.length + 1)
      if (rng.chance(0.7) || fragment.length === 0) fragment.insert(at, [para(words(rng, 6))])
      else {
        const t = fragment.get(rng.int(fragment.length)).get(0)
        if (t && t.length > 3) t.delete(rng.int(t.length - 2), 2)
      }
    }
    if (c % 3 === 0) Y.applyUpdate(main, Y.encodeStateAsUpdate(device))
    else Y.applyUpdate(main, Y.encodeStateAsUpdate(device, Y.encodeStateVector(main)))
  }
  return main
}

/** Text beyond Latin: CJK, RTL, combining accents, emoji (astral, two UTF-16 units each). */
const unicode = () => {
  const doc = newDoc(3)
  const fragment = doc.getXmlFragment('default')
  fragment.insert(0, [
    para('東京へ行きます。我爱你。'),
    para('مرحبا بالعالم — שלום עולם'),
    para('cafe\u0301, naïve, Ölçü, Ελληνικά, русский'),
    node('paragraph', {}, [text([['emoji 🙂🎉 and ', {}], ['𝔘𝔫𝔦𝔠𝔬𝔡𝔢', { bold: {} }], [' 👩‍👩‍👧', {}]])])
  ])
  const t = fragment.get(3).get(0)
  t.insert(6, '🦀 ')
  t.delete(0, 6)
  return doc
}

/** A little over 150,000 words over 60 chapters, typed in chunks of a few words at a time over ten
 * sessions (each a new clientID, as after a page load), with backspacing, words deleted and
 * retyped, and some italics. */
const novel = (rng, target = 151_500) => {
  let state = null
  let total = 0
  let chapter = 0
  for (let session = 0; session < 10; session++) {
    const doc = newDoc(50_000 + session)
    if (state !== null) Y.applyUpdate(doc, state)
    const fragment = doc.getXmlFragment('default')
    const sessionEnd = Math.min(target, ((session + 1) * target) / 10)
    while (total < sessionEnd) {
      if (total >= chapter * (target / 60)) {
        chapter++
        fragment.push([node('heading', { level: 1 }, [text([[`Chapter ${chapter}`]])])])
        total += 2
      }
      const t = new Y.XmlText()
      fragment.push([node('paragraph', {}, [t])])
      const paragraphWords = 20 + rng.int(120)
      let typed = 0
      while (typed < paragraphWords) {
        const n = 1 + rng.int(8)
        t.insert(t.length, (t.length > 0 ? ' ' : '') + words(rng, n))
        typed += n
        if (rng.chance(0.08)) {
          const k = 1 + rng.int(4)
          t.delete(t.length - k, k)
          t.insert(t.length, words(rng, 1).slice(0, k).padEnd(k, 'e'))
        }
        if (rng.chance(0.03) && t.length > 20) t.format(t.length - 12, 6, { italic: {} })
      }
      total += typed
      if (rng.chance(0.02) && t.length > 40) {
        // a sentence struck out and rewritten
        t.delete(10, 25)
        t.insert(10, words(rng, 4) + ' ')
      }
    }
    state = Y.encodeStateAsUpdate(doc)
    if (total >= target) return doc
  }
  throw new Error('the novel did not reach its length')
}

const opts = args()
if (!opts.out) {
  process.stderr.write('usage: node corpus.mjs --out DIR\n')
  process.exit(2)
}
const rng = prng(20261122)
mkdirSync(opts.out, { recursive: true })
writeLines(join(opts.out, 'corpus.jsonl'), [
  record('every-node-and-mark', everyNodeAndMark(singleKeyMarks)),
  record('multi-key-marks', everyNodeAndMark(multiKeyMarks)),
  record('deletions', deletions(rng)),
  record('many-clients', manyClients(rng)),
  record('unicode', unicode()),
  record('novel-150k-words', novel(rng))
])
