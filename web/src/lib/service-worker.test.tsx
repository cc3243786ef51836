import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render-with-providers';

import {
  applyUpdate,
  currentServiceWorkerSupport,
  registerServiceWorker,
  shouldRegisterServiceWorker,
  showUpdateNotice,
  SKIP_WAITING_MESSAGE,
  UPDATE_NOTICE_MS,
  watchForWaitingWorker,
} from './service-worker';
import type { ServiceWorkerSupport } from './service-worker';

/** A service worker as the page sees it: a state, `statechange` events, `postMessage`. */
class FakeWorker extends EventTarget {
  readonly postMessage = vi.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
  asWorker(): ServiceWorker {
    return this as unknown as ServiceWorker;
  }
}

/** A registration: the waiting and installing workers, `updatefound` events. */
class FakeRegistration extends EventTarget {
  waiting: ServiceWorker | null = null;
  installing: ServiceWorker | null = null;
  startInstalling(worker: FakeWorker): void {
    this.installing = worker.asWorker();
    this.dispatchEvent(new Event('updatefound'));
  }
  asRegistration(): ServiceWorkerRegistration {
    return this as unknown as ServiceWorkerRegistration;
  }
}

class FakeContainer extends EventTarget {
  controller: ServiceWorker | null = null;
}

const production: ServiceWorkerSupport = {
  production: true,
  hasServiceWorker: true,
  insideAppShell: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('shouldRegisterServiceWorker', () => {
  it('registers only in a production build of a browser with service workers, outside the desktop shell', () => {
    expect(shouldRegisterServiceWorker(production)).toBe(true);
    expect(shouldRegisterServiceWorker({ ...production, production: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...production, hasServiceWorker: false })).toBe(false);
    expect(shouldRegisterServiceWorker({ ...production, insideAppShell: true })).toBe(false);
  });

  it('sees Vitest as no production build', () => {
    expect(currentServiceWorkerSupport().production).toBe(false);
  });
});

describe('registerServiceWorker', () => {
  function stubServiceWorkerContainer() {
    const register = vi.fn(() => new Promise<ServiceWorkerRegistration>(() => undefined));
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        serviceWorker: { register, controller: null },
      }),
    );
    return register;
  }

  it('never registers under Vitest, even where the browser has service workers', () => {
    const register = stubServiceWorkerContainer();
    expect(registerServiceWorker()).toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('registers /sw.js for the whole site in a production build, bypassing the HTTP cache', () => {
    const register = stubServiceWorkerContainer();
    expect(document.readyState).toBe('complete');
    expect(registerServiceWorker(production)).toBe(true);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });
});

describe('watchForWaitingWorker', () => {
  it('announces a worker already waiting when the page loads', () => {
    const registration = new FakeRegistration();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting.asWorker();
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated').asWorker();
    const onReady = vi.fn();
    watchForWaitingWorker(registration.asRegistration(), container, onReady);
    expect(onReady).toHaveBeenCalledExactlyOnceWith(waiting);
  });

  it('announces a newer worker once it has installed, once', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated').asWorker();
    const onReady = vi.fn();
    watchForWaitingWorker(registration.asRegistration(), container, onReady);
    const newer = new FakeWorker('installing');
    registration.startInstalling(newer);
    expect(onReady).not.toHaveBeenCalled();
    newer.moveTo('installed');
    newer.dispatchEvent(new Event('statechange'));
    expect(onReady).toHaveBeenCalledExactlyOnceWith(newer);
  });

  it('does not announce the first worker: it takes over by itself', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer();
    const onReady = vi.fn();
    watchForWaitingWorker(registration.asRegistration(), container, onReady);
    const first = new FakeWorker('installing');
    registration.startInstalling(first);
    first.moveTo('installed');
    first.moveTo('activated');
    expect(onReady).not.toHaveBeenCalled();
  });

  it('stops watching when asked', () => {
    const registration = new FakeRegistration();
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated').asWorker();
    const onReady = vi.fn();
    const stop = watchForWaitingWorker(registration.asRegistration(), container, onReady);
    const newer = new FakeWorker('installing');
    registration.startInstalling(newer);
    stop();
    newer.moveTo('installed');
    registration.startInstalling(new FakeWorker('installed'));
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe('applyUpdate', () => {
  it('tells the waiting worker to take over and reloads once it controls the page', () => {
    const waiting = new FakeWorker('installed');
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated').asWorker();
    const reload = vi.fn();
    applyUpdate(waiting.asWorker(), container, reload);
    expect(waiting.postMessage).toHaveBeenCalledExactlyOnceWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();

    container.controller = waiting.asWorker();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('only reloads when another tab already let the worker take over', () => {
    const activated = new FakeWorker('activated');
    const container = new FakeContainer();
    container.controller = activated.asWorker();
    const reload = vi.fn();
    applyUpdate(activated.asWorker(), container, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(activated.postMessage).not.toHaveBeenCalled();
  });
});

describe('showUpdateNotice', () => {
  it('says an update is ready and updates on the button', async () => {
    const onUpdate = vi.fn();
    renderWithProviders(<p>app</p>);
    act(() => {
      showUpdateNotice(onUpdate);
    });
    expect(await screen.findByText('An update is ready.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('goes away by itself after the spec’s 10000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<p>app</p>);
    act(() => {
      showUpdateNotice(() => undefined);
    });
    expect(await screen.findByText('An update is ready.')).toBeInTheDocument();
    expect(UPDATE_NOTICE_MS).toBe(10_000);
    act(() => {
      vi.advanceTimersByTime(UPDATE_NOTICE_MS - 500);
    });
    expect(screen.getByText('An update is ready.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    // Then the exit transition ends.
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByText('An update is ready.')).not.toBeInTheDocument();
  });
});
