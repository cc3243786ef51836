import '@testing-library/jest-dom/vitest';
// IndexedDB for the local store (Dexie), in memory.
import 'fake-indexeddb/auto';

import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { session } from '@/lib/session';

// `findBy…` and `waitFor` wait up to 4 s: lazy route chunks and IndexedDB take longer than the
// 1 s default on a busy 2-core machine (CI runs the Rust and web suites side by side with
// builds), and a slow machine is not a failure.
configure({ asyncUtilTimeout: 4_000 });

/** jsdom lacks the browser APIs Mantine relies on. */
function installBrowserShims(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- legacy API some libraries still call.
      addListener: () => undefined,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- legacy API some libraries still call.
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserverShim {
    observe = vi.fn();
    unobserve = vi.fn();
    disconnect = vi.fn();
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: ResizeObserverShim,
  });

  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: vi.fn() });

  /**
   * Unit tests never reach a server: a socket the app opens (the live channel of a signed-in
   * shell) simply never connects. The channel's own tests inject fake sockets.
   */
  class UnconnectedWebSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    onopen = null;
    onmessage = null;
    onclose = null;
    onerror = null;
    constructor(readonly url: string) {
      super();
    }
    send = vi.fn();
    close() {
      this.readyState = 3;
    }
  }
  Object.defineProperty(window, 'WebSocket', {
    configurable: true,
    writable: true,
    value: UnconnectedWebSocket,
  });
  Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', {
    configurable: true,
    writable: true,
    value: vi.fn(),
  });
}

declare global {
  /** Tells React that tests drive updates through `act` (Testing Library's own setup needs globals). */
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

installBrowserShims();
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  session.clear();
  notifications.clean();
});
