// Convergence scenarios for quire-collab's tests/convergence.rs.
//
//   node converge.mjs --seeds 0..300[,1234,…] --out DIR
//
// Per seed: three Yjs devices (distinct clientIDs) start from one base chapter, edit offline in
// rounds in the y-prosemirror shape (type text holding unique marker tokens such as `d2w17`,
// insert, split and delete paragraphs, delete word ranges, add and remove bold/italic/link,
// change alignment), and exchange updates shuffled, duplicated and with gaps (a later update
// before an earlier one, so Yjs holds pending structs), until all three converge. Writes one
// JSON line per seed to DIR/converge.jsonl: every update made (v1, base64), a shuffled delivery
// schedule with duplicates for a fourth replica, Yjs's XML of `default`, its state vector, its
// plain text, the marker tokens each device typed and did not itself delete, and how often a
// device held pending structs.
//
// So that "every word a device typed and did not itself delete survives" is a property Yjs
// itself must hold here, a device deletes only its own characters and only paragraphs it made,
// types only into the base paragraphs and its own, types only at word boundaries, and splits
// only its own paragraphs. (Deleting a paragraph while another device types into it does lose
// that typing in the y-prosemirror model; these scenarios do not exercise that.)

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Y, prng, b64, args, writeLines, words, node, text, para, plainText } from './lib.mjs'

const REMOTE = Symbol('remote')
const TOKEN = /^d\d+w\d+$/

/** "0..300,1234,7" → [0, 1, …, 299, 1234, 7] */
const parseSeeds = (spec) =>
  spec.split(',').filter(Boolean).flatMap((part) => {
    const m = /^(\d+)\.\.(\d+)$/.exec(part)
    if (m) return Array.from({ length: Number(m[2]) - Number(m[1]) }, (_, i) => Number(m[1]) + i)
    if (/^\d+$/.test(part)) return [Number(part)]
    throw new Error(`bad seed spec ${part}`)
  })

const tokensIn = (s) => s.split(/\s+/).filter((w) => TOKEN.test(w))

/** The visible string of a Y.XmlText, without formatting. */
const plain = (t) => t.toDelta().map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('')

/** Runs of visible characters inserted by `client`: [[start, end], …] in text indices. */
const ownRuns = (t, client) => {
  const runs = []
  let index = 0
  for (let n = t._start; n !== null; n = n.right) {
    if (n.deleted || !n.countable) continue
    if (n.id.client === client) {
      const last = runs[runs.length - 1]
      if (last && last[1] === index) last[1] += n.length
      else runs.push([index, index + n.length])
    }
    index += n.length
  }
  return runs
}

const textblocks = (fragment) => {
  const out = []
  const walk = (parent) => {
    for (const child of parent.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue
      if (child.nodeName === 'paragraph' || child.nodeName === 'heading') out.push(child)
      else walk(child)
    }
  }
  walk(fragment)
  return out
}

const firstText = (el) => el.toArray().find((c) => c instanceof Y.XmlText)

/** Word boundaries of `s`: 0, its length, and every index right after a space. */
const boundaries = (s) => {
  const out = [0]
  for (let i = 0; i < s.length; i++) if (s[i] === ' ') out.push(i + 1)
  if (s.length > 0 && out[out.length - 1] !== s.length) out.push(s.length)
  return out
}

class Device {
  constructor (n, clientID, baseClient, rng) {
    this.n = n
    this.rng = rng
    this.baseClient = baseClient
    this.doc = new Y.Doc()
    this.doc.clientID = clientID
    this.fragment = this.doc.getXmlFragment('default')
    this.typed = new Set()
    this.selfDeleted = new Set()
    this.counter = 0
    this.made = [] // updates this device produced, in order
    this.heldPending = 0 // deliveries after which Yjs held structs waiting for a gap to fill
    this.doc.on('update', (u, origin) => {
      if (origin !== REMOTE) this.made.push(u)
    })
  }

  receive (update) {
    Y.applyUpdate(this.doc, update, REMOTE)
    if (this.doc.store.pendingStructs !== null) this.heldPending++
  }

  own (item) {
    return item !== null && item.id.client === this.doc.clientID
  }

  chunk () {
    const token = `d${this.n}w${this.counter++}`
    this.typed.add(token)
    const before = words(this.rng, 1 + this.rng.int(5))
    const after = words(this.rng, this.rng.int(4))
    return ` ${before} ${token} ${after} `.replace(/ {2,}/g, ' ')
  }

  edit () {
    const r = this.rng.next()
    if (r < 0.34) this.type()
    else if (r < 0.46) this.newParagraph()
    else if (r < 0.61) this.format()
    else if (r < 0.73) this.deleteWords()
    else if (r < 0.79) this.deleteParagraph()
    else if (r < 0.88) this.split()
    else if (r < 0.96) this.align()
    else this.level()
  }

  type () {
    const targets = textblocks(this.fragment).filter((el) => el._item.id.client === this.baseClient || this.own(el._item))
    if (targets.length === 0) return this.newParagraph()
    const el = this.rng.pick(targets)
    this.doc.transact(() => {
      let t = firstText(el)
      if (t === undefined) {
        t = new Y.XmlText()
        el.insert(0, [t])
      }
      const at = this.rng.pick(boundaries(plain(t)))
      const marks = this.rng.chance(0.2) ? this.rng.pick([{ bold: {} }, { italic: {} }]) : undefined
      t.insert(at, this.chunk(), marks)
    })
  }

  newParagraph () {
    const at = this.rng.int(this.fragment.length + 1)
    const content = this.rng.chance(0.15) ? '' : this.chunk().trim()
    this.fragment.insert(at, [para(content)])
  }

  format () {
    const withText = textblocks(this.fragment).map(firstText).filter((t) => t !== undefined && t.length > 0)
    if (withText.length === 0) return
    const t = this.rng.pick(withText)
    const a = this.rng.int(t.length)
    const len = 1 + this.rng.int(t.length - a)
    const attrs = this.rng.pick([
      { bold: {} }, { italic: {} }, { link: { href: `https://example.com/d${this.n}/${this.counter}` } },
      { bold: null }, { italic: null }, { link: null }
    ])
    t.format(a, len, attrs)
  }

  deleteWords () {
    const candidates = []
    for (const el of textblocks(this.fragment)) {
      const t = firstText(el)
      if (t === undefined) continue
      for (const run of ownRuns(t, this.doc.clientID)) candidates.push([t, run])
    }
    if (candidates.length === 0) return
    const [t, [start, end]] = this.rng.pick(candidates)
    // Cut only at word boundaries of the whole text, so that what is left on either side of
    // the cut still has a space between its words.
    const full = plain(t)
    const cuts = boundaries(full).filter((q) => q >= start && q <= end)
    if (cuts.length < 2) return
    const i = this.rng.int(cuts.length - 1)
    const j = i + 1 + this.rng.int(Math.min(4, cuts.length - 1 - i))
    for (const token of tokensIn(full.slice(cuts[i], cuts[j]))) this.selfDeleted.add(token)
    t.delete(cuts[i], cuts[j] - cuts[i])
  }

  /** Top-level paragraphs this device made, with no one else's characters in them. */
  ownParagraphs () {
    return this.fragment.toArray()
      .map((el, index) => ({ el, index }))
      .filter(({ el }) => el instanceof Y.XmlElement && el.nodeName === 'paragraph' && this.own(el._item))
      .filter(({ el }) => el.toArray().every((t) => !(t instanceof Y.XmlText) ||
        ownRuns(t, this.doc.clientID).reduce((sum, [a, b]) => sum + b - a, 0) === t.length))
  }

  deleteParagraph () {
    const own = this.ownParagraphs()
    if (own.length === 0) return
    const { el, index } = this.rng.pick(own)
    for (const t of el.toArray()) {
      if (t instanceof Y.XmlText) for (const token of tokensIn(plain(t))) this.selfDeleted.add(token)
    }
    this.fragment.delete(index, 1)
  }

  /** Enter inside a paragraph, as y-prosemirror writes it: the tail is deleted from the
   * paragraph and re-inserted, with its marks, into a new paragraph after it. */
  split () {
    const own = this.ownParagraphs().filter(({ el }) => firstText(el) !== undefined && el.length === 1)
    if (own.length === 0) return
    const { el, index } = this.rng.pick(own)
    const t = firstText(el)
    const at = this.rng.pick(boundaries(plain(t)))
    const tail = []
    let pos = 0
    for (const op of t.toDelta()) {
      const s = op.insert
      const from = Math.max(at - pos, 0)
      if (from < s.length) tail.push([s.slice(from), op.attributes ?? {}])
      pos += s.length
    }
    this.doc.transact(() => {
      t.delete(at, t.length - at)
      const rest = tail.filter(([s]) => s.length > 0)
      this.fragment.insert(index + 1, [node('paragraph', {}, rest.length > 0 ? [text(rest)] : [])])
    })
  }

  align () {
    const blocks = textblocks(this.fragment)
    if (blocks.length === 0) return
    const el = this.rng.pick(blocks)
    if (this.rng.chance(0.25)) el.removeAttribute('textAlign')
    else el.setAttribute('textAlign', this.rng.pick(['left', 'center', 'right', 'justify']))
  }

  level () {
    const headings = textblocks(this.fragment).filter((el) => el.nodeName === 'heading')
    if (headings.length > 0) this.rng.pick(headings).setAttribute('level', 1 + this.rng.int(3))
  }
}

const baseChapter = (rng, clientID) => {
  const doc = new Y.Doc()
  doc.clientID = clientID
  const updates = []
  doc.on('update', (u) => updates.push(u))
  const fragment = doc.getXmlFragment('default')
  fragment.insert(0, [node('heading', { level: 1 }, [text([['Chapter ' + words(rng, 2)]])])])
  fragment.insert(1, [para(words(rng, 8)), para('')])
  fragment.insert(3, [node('bulletList', {}, [
    node('listItem', {}, [para(words(rng, 4))]),
    node('listItem', {}, [para(words(rng, 3))])
  ])])
  fragment.insert(4, [node('paragraph', { textAlign: 'center' }, [text([[words(rng, 5) + ' ', {}], [words(rng, 2), { italic: {} }]])])])
  return updates
}

const scenario = (seed) => {
  const rng = prng(seed ^ 0x5eed)
  const ids = new Set()
  while (ids.size < 4) ids.add(1 + rng.int(2 ** 31))
  const [baseClient, ...deviceClients] = [...ids]
  const all = baseChapter(rng, baseClient).map((bytes) => ({ from: -1, bytes }))
  const devices = deviceClients.map((id, i) => new Device(i + 1, id, baseClient, rng))
  for (const d of devices) for (const u of all) d.receive(u.bytes)
  // delivered[b] holds the indices into `all` that device b has been given
  const delivered = devices.map(() => new Set(all.map((_, i) => i)))
  const collect = () => {
    for (const [i, d] of devices.entries()) {
      for (const bytes of d.made.splice(0)) {
        delivered[i].add(all.length)
        all.push({ from: i, bytes })
      }
    }
  }
  const deliver = (b, indices) => {
    for (const i of rng.shuffle(indices)) {
      devices[b].receive(all[i].bytes)
      delivered[b].add(i)
      if (rng.chance(0.1)) devices[b].receive(all[i].bytes)
    }
  }

  const rounds = 2 + rng.int(4)
  for (let round = 0; round < rounds; round++) {
    for (const d of devices) {
      const edits = 1 + rng.int(6)
      for (let e = 0; e < edits; e++) d.edit()
    }
    collect()
    for (let b = 0; b < devices.length; b++) {
      const missing = all.map((_, i) => i).filter((i) => !delivered[b].has(i))
      // Some updates reach b, some do not yet: a later one may arrive before an earlier one.
      deliver(b, missing.filter(() => rng.chance(0.6)))
    }
    collect()
  }
  for (let pass = 0; ; pass++) {
    if (pass > 20) throw new Error(`seed ${seed}: devices did not settle`)
    collect()
    let sent = 0
    for (let b = 0; b < devices.length; b++) {
      const missing = all.map((_, i) => i).filter((i) => !delivered[b].has(i))
      sent += missing.length
      deliver(b, missing)
    }
    collect()
    if (sent === 0) break
  }

  const [first, ...rest] = devices
  const xml = first.fragment.toString()
  const sv = Y.encodeStateVector(first.doc)
  for (const d of rest) {
    if (d.fragment.toString() !== xml || b64(Y.encodeStateVector(d.doc)) !== b64(sv)) {
      throw new Error(`seed ${seed}: Yjs devices did not converge`)
    }
  }
  for (const d of devices) {
    if (d.doc.store.pendingStructs !== null || d.doc.store.pendingDs !== null) {
      throw new Error(`seed ${seed}: device ${d.n} still has pending structs`)
    }
  }
  const plainText = plainTextOf(first)
  const present = new Set(plainText.split(/\s+/))
  const survivors = devices.flatMap((d) => [...d.typed].filter((t) => !d.selfDeleted.has(t)))
  const lost = survivors.filter((t) => !present.has(t))
  if (lost.length > 0) throw new Error(`seed ${seed}: Yjs itself lost ${lost.join(' ')}`)

  const schedule = rng.shuffle(all.map((_, i) => i))
  for (let k = Math.floor(all.length / 6); k > 0; k--) {
    schedule.splice(rng.int(schedule.length + 1), 0, rng.int(all.length))
  }
  return {
    seed,
    updates: all.map((u) => b64(u.bytes)),
    schedule,
    xml,
    stateVector: [...Y.decodeStateVector(sv).entries()],
    text: plainText,
    survivors,
    heldPending: devices.reduce((n, d) => n + d.heldPending, 0)
  }
}

const plainTextOf = (device) => plainText(device.fragment)

const opts = args()
if (!opts.seeds || !opts.out) {
  process.stderr.write('usage: node converge.mjs --seeds 0..300[,N…] --out DIR\n')
  process.exit(2)
}
mkdirSync(opts.out, { recursive: true })
writeLines(join(opts.out, 'converge.jsonl'), parseSeeds(opts.seeds).map(scenario))
