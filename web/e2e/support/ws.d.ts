/**
 * The part of `ws` the collaboration specs use. The package is in node_modules (through jsdom)
 * without types, and @types/ws is not a dependency. A Node socket is needed because it can send
 * the session cookie on the upgrade, which the WHATWG WebSocket API cannot.
 */
declare module 'ws' {
  export class WebSocket {
    static readonly CLOSED: number;
    constructor(
      address: string,
      protocols?: string | string[],
      options?: { headers?: Record<string, string> },
    );
    readonly readyState: number;
    close(code?: number, reason?: string): void;
    once(event: 'close', listener: () => void): this;
  }
}
