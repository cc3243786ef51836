// Stock @hocuspocus/provider clients, as any Hocuspocus client (and Quire's web app) makes them:
// a HocuspocusProviderWebsocket (a Node `ws` that sends Quire's session cookie on the upgrade)
// carrying one or more HocuspocusProviders, each with its own Y.Doc.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { WebSocket } from 'ws';
import * as Y from 'yjs';

/** The y-prosemirror / TipTap shape Quire's editor binds to. */
export const FRAGMENT = 'default';

export function openSocket(url, cookie) {
  const closes = [];
  class CookieWebSocket extends WebSocket {
    constructor(address) {
      super(address, undefined, cookie ? { headers: { cookie } } : {});
      this.on('close', (code) => closes.push(code));
    }
  }
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: CookieWebSocket });
  socket.closes = closes;
  return socket;
}

/** A provider for document `name` on `socket`; `doc` may already hold text (sent on sync). */
export function openDoc(socket, name, doc = new Y.Doc()) {
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token: '' });
  provider.attach();
  return provider;
}

export function synced(provider, timeoutMs = 120_000) {
  return waitFor(provider, 'synced', () => provider.isSynced, timeoutMs);
}

/** Synced and every local change acknowledged by the server. */
export function acknowledged(provider, timeoutMs = 120_000) {
  return waitFor(
    provider,
    'unsyncedChanges',
    () => provider.isSynced && provider.unsyncedChanges === 0,
    timeoutMs,
  );
}

function waitFor(provider, event, holds, timeoutMs) {
  return new Promise((resolve, reject) => {
    if (holds()) return resolve();
    const check = () => {
      if (!holds()) return;
      clearTimeout(timer);
      provider.off(event, check);
      provider.off('synced', check);
      resolve();
    };
    const timer = setTimeout(() => {
      provider.off(event, check);
      provider.off('synced', check);
      reject(new Error(`${provider.configuration.name}: no ${event} after ${timeoutMs} ms`));
    }, timeoutMs);
    provider.on(event, check);
    provider.on('synced', check);
  });
}

const VOCABULARY = (
  'the a of and to in was her his that it with as had for on at by she he not but from they ' +
  'night river letter window silence morning harbour lantern winter garden voice stranger road ' +
  'remembered whispered waited turned opened carried followed watched answered wondered'
).split(' ');

/** `words` words of prose in paragraphs of about 100 words, deterministic from `seed`. */
export function prose(words, seed = 1) {
  let state = seed >>> 0 || 1;
  const paragraphs = [];
  let current = [];
  for (let i = 0; i < words; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    current.push(VOCABULARY[state % VOCABULARY.length]);
    if (current.length === 100 || i === words - 1) {
      paragraphs.push(`${current.join(' ')}.`);
      current = [];
    }
  }
  return paragraphs;
}

/** Appends paragraphs to the chapter body in one transaction, as a paste would. */
export function appendParagraphs(doc, paragraphs) {
  const fragment = doc.getXmlFragment(FRAGMENT);
  doc.transact(() => {
    fragment.insert(
      fragment.length,
      paragraphs.map((text) => {
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText(text)]);
        return paragraph;
      }),
    );
  });
}

/** The chapter body's plain text (paragraphs joined by newlines). */
export function bodyText(doc) {
  return doc
    .getXmlFragment(FRAGMENT)
    .toArray()
    .map((node) => (node instanceof Y.XmlElement ? node.toArray().map((t) => t.toString()).join('') : ''))
    .join('\n');
}

export const wordCount = (text) => (text.match(/\S+/g) ?? []).length;
