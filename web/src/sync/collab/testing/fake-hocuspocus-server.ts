/**
 * An in-memory Hocuspocus v4 server for tests: `server.WebSocket` is a `WebSocket` constructor
 * for the provider whose sockets talk to it, frame by frame, in the real framing —
 * `[varString docName][varUint type][payload]` with Auth (2), y-protocols Sync (0) and the
 * SyncStatus ack (8) — as `@hocuspocus/server` 4.7 answers them. Only tests import it.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_CLOSE = 7;
const MESSAGE_SYNC_STATUS = 8;
const AUTH_TOKEN = 0;
const AUTH_PERMISSION_DENIED = 1;
const AUTH_AUTHENTICATED = 2;

type Listener = (event: { data?: ArrayBuffer; code?: number; reason?: string }) => void;

/** The server's end of one socket: which documents it authenticated, and with what scope. */
interface ServerConnection {
  socket: FakeSocket;
  scopes: Map<string, 'read-write' | 'readonly'>;
}

export class FakeHocuspocusServer {
  /** Whether new sockets open; when false they fail like an unreachable host. */
  accepting = true;
  /** While true, acks (SyncStatus) are queued until `releaseAcks()`. */
  holdAcks = false;
  /** While true, every frame a client sends is lost on the way (a half-dead network). */
  losing = false;
  readonly docs = new Map<string, Y.Doc>();
  /** Every frame a client sent, decoded to `[docName, type]`. */
  readonly received: [string, number][] = [];
  private readonly connections = new Set<ServerConnection>();
  private readonly heldAcks: (() => void)[] = [];
  private readonly readonly = new Set<string>();
  private readonly denied = new Set<string>();

  /** The constructor to pass as `WebSocketImpl`. */
  readonly WebSocket: new (url: string) => FakeSocket;

  constructor() {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the socket class is bound to this server.
    const server = this;
    this.WebSocket = class extends FakeSocket {
      constructor(url: string) {
        super(url, server);
      }
    };
  }

  doc(name: string): Y.Doc {
    let doc = this.docs.get(name);
    if (!doc) {
      doc = new Y.Doc();
      this.docs.set(name, doc);
    }
    return doc;
  }

  /** The chapter body as the server holds it (`XmlFragment` `default`). */
  text(name: string): string {
    return this.doc(name).getXmlFragment('default').toJSON();
  }

  setReadOnly(name: string): void {
    this.readonly.add(name);
  }

  deny(name: string): void {
    this.denied.add(name);
  }

  /** Lets a denied document in again (its row reached the server). */
  allow(name: string): void {
    this.denied.delete(name);
  }

  openSockets(): number {
    return this.connections.size;
  }

  releaseAcks(): void {
    this.holdAcks = false;
    for (const send of this.heldAcks.splice(0)) send();
  }

  /** Drops every socket as a network failure would (close code 1006). */
  dropConnections(): void {
    for (const connection of [...this.connections]) connection.socket.drop();
  }

  /** @internal */
  connect(socket: FakeSocket): ServerConnection {
    const connection: ServerConnection = { socket, scopes: new Map() };
    this.connections.add(connection);
    return connection;
  }

  /** @internal */
  disconnect(connection: ServerConnection): void {
    this.connections.delete(connection);
  }

  /** @internal */
  receive(connection: ServerConnection, data: Uint8Array): void {
    if (this.losing) return;
    const decoder = decoding.createDecoder(data);
    const name = decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    this.received.push([name, type]);
    if (type === MESSAGE_AUTH) this.authenticate(connection, name, decoder);
    else if (type === MESSAGE_CLOSE) connection.scopes.delete(name);
    else if (type === MESSAGE_SYNC && connection.scopes.has(name)) {
      this.sync(connection, name, decoder);
    }
    // Awareness (1) is accepted and not relayed; nothing else is expected from a provider.
    else if (type !== MESSAGE_AWARENESS && type !== MESSAGE_SYNC) {
      throw new Error(`fake server: unexpected message type ${String(type)}`);
    }
  }

  private authenticate(connection: ServerConnection, name: string, decoder: decoding.Decoder) {
    if (decoding.readVarUint(decoder) !== AUTH_TOKEN) return;
    decoding.readVarString(decoder); // token: "" (the cookie authenticates)
    if (this.denied.has(name)) {
      this.send(connection, name, MESSAGE_AUTH, (encoder) => {
        encoding.writeVarUint(encoder, AUTH_PERMISSION_DENIED);
        encoding.writeVarString(encoder, 'permission-denied');
      });
      return;
    }
    const scope = this.readonly.has(name) ? 'readonly' : 'read-write';
    connection.scopes.set(name, scope);
    this.send(connection, name, MESSAGE_AUTH, (encoder) => {
      encoding.writeVarUint(encoder, AUTH_AUTHENTICATED);
      encoding.writeVarString(encoder, scope);
    });
  }

  private sync(connection: ServerConnection, name: string, decoder: decoding.Decoder) {
    const doc = this.doc(name);
    const kind = decoding.readVarUint(decoder);
    if (kind === syncProtocol.messageYjsSyncStep1) {
      const stateVector = decoding.readVarUint8Array(decoder);
      this.send(connection, name, MESSAGE_SYNC, (encoder) => {
        syncProtocol.writeSyncStep2(encoder, doc, stateVector);
      });
      this.send(connection, name, MESSAGE_SYNC, (encoder) => {
        syncProtocol.writeSyncStep1(encoder, doc);
      });
      return;
    }
    const update = decoding.readVarUint8Array(decoder);
    let applied = true;
    if (connection.scopes.get(name) === 'readonly') {
      // Like @hocuspocus/server: a read-only client's step 2 is acked only when it adds nothing.
      applied =
        kind === syncProtocol.messageYjsSyncStep2 &&
        Y.snapshotContainsUpdate(Y.snapshot(doc), update);
    } else {
      Y.applyUpdate(doc, update, connection);
      for (const other of this.connections) {
        if (other === connection || !other.scopes.has(name)) continue;
        this.send(other, name, MESSAGE_SYNC, (encoder) => {
          syncProtocol.writeUpdate(encoder, update);
        });
      }
    }
    const ack = () => {
      this.send(connection, name, MESSAGE_SYNC_STATUS, (encoder) => {
        encoding.writeVarInt(encoder, applied ? 1 : 0);
      });
    };
    if (this.holdAcks) this.heldAcks.push(ack);
    else ack();
  }

  private send(
    connection: ServerConnection,
    name: string,
    type: number,
    write: (encoder: encoding.Encoder) => void,
  ) {
    const encoder = encoding.createEncoder();
    encoding.writeVarString(encoder, name);
    encoding.writeVarUint(encoder, type);
    write(encoder);
    connection.socket.deliver(encoding.toUint8Array(encoder));
  }
}

/** The client's end: the part of `WebSocket` the provider uses. Frames travel asynchronously. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  binaryType = 'arraybuffer';
  readyState = FakeSocket.CONNECTING;
  private readonly listeners = new Map<string, Set<Listener>>();
  private connection: ServerConnection | null = null;

  constructor(
    readonly url: string,
    private readonly server: FakeHocuspocusServer,
  ) {
    const accepted = server.accepting;
    setTimeout(() => {
      if (this.readyState !== FakeSocket.CONNECTING) return;
      if (!accepted) {
        this.emit('error', {});
        this.finish(1006);
        return;
      }
      this.readyState = FakeSocket.OPEN;
      this.connection = server.connect(this);
      this.emit('open', {});
    }, 0);
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  send(data: Uint8Array): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('fake socket: not open');
    const copy = data.slice();
    const connection = this.connection;
    // Like a real socket, a frame sent before close() still reaches the server.
    queueMicrotask(() => {
      if (connection) this.server.receive(connection, copy);
    });
  }

  close(): void {
    this.finish(1000);
  }

  /** @internal A frame from the server. */
  deliver(bytes: Uint8Array): void {
    const data = bytes.slice().buffer;
    queueMicrotask(() => {
      if (this.readyState === FakeSocket.OPEN) this.emit('message', { data });
    });
  }

  /** @internal */
  drop(): void {
    this.finish(1006);
  }

  private finish(code: number) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    if (this.connection) this.server.disconnect(this.connection);
    this.connection = null;
    setTimeout(() => {
      this.emit('close', { code, reason: '' });
    }, 0);
  }

  private emit(type: string, event: Parameters<Listener>[0]) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}
