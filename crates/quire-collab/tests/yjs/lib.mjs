// Shared by the generators of quire-collab's Yjs tests: loading the web app's yjs, a seeded
// PRNG, the y-prosemirror document shape and the plain text the server derives from it.
// Plain Node (20+), no package.json: yjs resolves from the web app's node_modules.

import { createRequire } from 'node:module'
import { writeFileSync } from 'node:fs'

const fromWeb = createRequire(new URL('../../../../web/package.json', import.meta.url))

/** The web app's yjs, or exit 3 with the command that installs it. */
export const loadYjs = () => {
  try {
    return fromWeb('yjs')
  } catch (e) {
    process.stderr.write(`yjs not found in web/node_modules (${e.code}): run \`make web-deps\`\n`)
    process.exit(3)
  }
}

export const Y = loadYjs()

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export const prng = (seed) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n) => Math.floor(next() * n)
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (xs) => xs[int(xs.length)],
    shuffle: (xs) => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = int(i + 1)
        ;[xs[i], xs[j]] = [xs[j], xs[i]]
      }
      return xs
    }
  }
}

export const b64 = (bytes) => Buffer.from(bytes).toString('base64')

/** `--name value` pairs from argv. */
export const args = () => {
  const out = {}
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) {
      throw new Error(`expected --name value pairs, got ${argv.slice(i).join(' ')}`)
    }
    out[argv[i].slice(2)] = argv[i + 1]
  }
  return out
}

export const writeLines = (path, records) => {
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
}

const FILLER = ('the of and a to in is was he she it that for on with as his her at by had ' +
  'from they but not this which be or have an one all were we when there can been who more if ' +
  'no out so said what up its about into than them only other time new some could these two ' +
  'may first then do any like my now over such our man me even most made after also did many ' +
  'before must through back years where much your way well down should because each just those ' +
  'people how too little state good very make world still own see men work long get here between ' +
  'both life being under never day same another know while last might us great old year off come ' +
  'since against go came right used take three').split(' ')

/** `n` words of ordinary prose, separated by single spaces. */
export const words = (rng, n) => {
  const out = []
  for (let i = 0; i < n; i++) out.push(rng.pick(FILLER))
  return out.join(' ')
}

/** Builds a y-prosemirror element: `node('paragraph', {attrs}, [children])`, children being
 * elements or XmlText made by `text([[string, marks], …])`. Prelim types, for inserting. */
export const node = (name, attrs = {}, children = []) => {
  const el = new Y.XmlElement(name)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  if (children.length > 0) el.insert(0, children)
  return el
}

export const text = (runs) => {
  const t = new Y.XmlText()
  let at = 0
  for (const [s, marks] of runs) {
    t.insert(at, s, marks ?? {})
    at += s.length
  }
  return t
}

export const para = (s, attrs = {}) => node('paragraph', attrs, s === '' ? [] : [text([[s]])])

const TEXTBLOCKS = new Set(['paragraph', 'heading', 'codeBlock'])
const CONTAINERS = new Set(['blockquote', 'bulletList', 'orderedList', 'listItem'])
const ATOMS = new Set(['horizontalRule', 'pageBreak', 'image'])

/** The plain text quire-collab's `derive` gives, computed on the Yjs side: one line per
 * paragraph, heading or code block (and per stray text between blocks), a hard break as a line
 * break, embeds and atoms left out. */
export const plainText = (fragment) => {
  const lines = []
  let line = null
  const startLine = () => {
    line = []
    lines.push(line)
  }
  const runText = (t) => {
    for (const op of t.toDelta()) if (typeof op.insert === 'string') line.push(op.insert)
  }
  const inline = (parent) => {
    for (const child of parent.toArray()) {
      if (child instanceof Y.XmlText) runText(child)
      else if (child instanceof Y.XmlElement) element(child, true)
      else inline(child)
    }
  }
  const block = (parent) => {
    for (const child of parent.toArray()) {
      if (child instanceof Y.XmlText) {
        startLine()
        runText(child)
      } else if (child instanceof Y.XmlElement) element(child, false)
      else block(child)
    }
  }
  const element = (el, inInline) => {
    const name = el.nodeName
    if (TEXTBLOCKS.has(name)) {
      startLine()
      inline(el)
    } else if (name === 'hardBreak') {
      if (!inInline) startLine()
      line.push('\n')
    } else if (ATOMS.has(name)) {
      // no text
    } else if (CONTAINERS.has(name) || !inInline) {
      block(el)
    } else {
      inline(el)
    }
  }
  block(fragment)
  return lines.map((l) => l.join('')).join('\n')
}
