import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as decoding from 'lib0/decoding';
import { WebSocket } from 'ws';
import * as Y from 'yjs';

/** The y-prosemirror / TipTap shape the editor binds to: the chapter body is this fragment. */
export const CHAPTER_FRAGMENT = 'default';
/** The framing's SyncStatus message: the server's answer to each document update. */
const SYNC_STATUS = 8;
/** Long enough for anything the server does at once (a durable write included), on CI too. */
const PROMPT_MS = 5_000;

/**
 * One device editing one chapter with the stock `@hocuspocus/provider`, as any Hocuspocus
 * client would: its own socket (a Node `ws` sending the session cookie on the upgrade), its own
 * `Y.Doc`, the chapter id as the document name and an empty token.
 */
export class StockClient {
  readonly doc = new Y.Doc();
  readonly fragment = this.doc.getXmlFragment(CHAPTER_FRAGMENT);
  /** The server's SyncStatus answers, in order: `true` stored, `false` refused. */
  readonly acks: boolean[] = [];
  scope: string | null = null;
  denied: string | null = null;
  /** Every close of the socket (`code reason`): a refused frame shows here, not as an error. */
  readonly closes: string[] = [];
  readonly provider: HocuspocusProvider;
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly sockets: WebSocket[] = [];

  constructor(baseURL: string, cookie: string, chapterId: string) {
    const sockets = this.sockets;
    class CookieWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, undefined, { headers: { cookie } });
        sockets.push(this);
      }
    }
    this.socket = new HocuspocusProviderWebsocket({
      url: `${baseURL.replace(/^http/, 'ws')}/api/v4/collab`,
      WebSocketPolyfill: CookieWebSocket,
    });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: chapterId,
      document: this.doc,
      token: '',
      onAuthenticated: ({ scope }) => {
        this.scope = scope;
      },
      onAuthenticationFailed: ({ reason }) => {
        this.denied = reason;
      },
      onClose: ({ event }) => {
        this.closes.push(`${String(event.code)} ${event.reason}`);
      },
      onMessage: ({ message }) => {
        // A copy of the frame the provider is about to apply: `[name][type][payload]`.
        decoding.readVarString(message.decoder);
        if (decoding.readVarUint(message.decoder) === SYNC_STATUS) {
          this.acks.push(decoding.readVarInt(message.decoder) === 1);
        }
      },
    });
    // A provider given a shared socket joins it only when attached.
    this.provider.attach();
  }

  /** The scope the server granted, once it answered the provider's Auth. */
  async authenticated(): Promise<string> {
    await this.until('authenticated', 'authenticated', () => this.scope !== null);
    return this.scope ?? '';
  }

  /** The reason the server gave for refusing the document. */
  async authenticationFailed(): Promise<string> {
    await this.until('authenticationFailed', 'authentication failed', () => this.denied !== null);
    return this.denied ?? '';
  }

  /** The first sync is done: the provider holds what the server holds. */
  synced(): Promise<void> {
    return this.until('synced', 'synced', () => this.provider.isSynced);
  }

  /** Every update sent was acknowledged by the server (stored, per its contract). */
  acknowledged(): Promise<void> {
    return this.until(
      'unsyncedChanges',
      'no unsynced changes',
      () => this.provider.isSynced && this.provider.unsyncedChanges === 0,
    );
  }

  /** Resolves on the `count`-th SyncStatus answer heard. */
  answered(count: number): Promise<void> {
    return this.until('message', `SyncStatus answer #${count}`, () => this.acks.length >= count);
  }

  /**
   * The chapter body as `fragment.toString()` writes it: `<paragraph>…</paragraph>…` (`toJSON`
   * is that same string, and typed).
   */
  body(): string {
    return this.fragment.toJSON();
  }

  /** Resolves once the body holds `text`, checked on every change of the document. */
  async holds(text: string): Promise<void> {
    if (this.body().includes(text)) return;
    await waitFor(
      `the document to hold ${JSON.stringify(text)}`,
      () => this.body().includes(text),
      (check) => {
        this.doc.on('update', check);
        return () => this.doc.off('update', check);
      },
    );
  }

  /** Appends a paragraph holding `text`, as the editor does: one transaction. */
  appendParagraph(text: string): void {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    this.fragment.insert(this.fragment.length, [paragraph]);
  }

  /** Types `text` at the end of paragraph `index`. */
  typeAtEndOf(index: number, text: string): void {
    const paragraph = this.fragment.get(index);
    if (!(paragraph instanceof Y.XmlElement)) throw new Error(`no paragraph ${index}`);
    const run = paragraph.get(0);
    if (!(run instanceof Y.XmlText)) throw new Error(`no text in paragraph ${index}`);
    run.insert(run.length, text);
  }

  /** Detaches the document, closes the socket and waits until the socket is closed. */
  async close(): Promise<void> {
    this.provider.destroy();
    this.socket.destroy();
    await Promise.all(
      this.sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) resolve();
            else socket.once('close', resolve);
          }),
      ),
    );
    this.doc.destroy();
  }

  private async until(event: string, what: string, holds: () => boolean): Promise<void> {
    try {
      await waitFor(what, holds, (check) => {
        this.provider.on(event, check);
        return () => this.provider.off(event, check);
      });
    } catch (error) {
      // The provider reconnects after a close without reporting it: say what the server did.
      const closes = this.closes.length > 0 ? this.closes.join(', ') : 'none';
      throw new Error(`${(error as Error).message} Socket closes: ${closes}.`);
    }
  }
}

/** Resolves when `holds()` is true, checking now and on every event `subscribe` reports. */
function waitFor(
  what: string,
  holds: () => boolean,
  subscribe: (check: () => void) => () => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (holds()) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out after ${PROMPT_MS} ms waiting for ${what}.`));
    }, PROMPT_MS);
    const unsubscribe = subscribe(() => {
      if (!holds()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}
