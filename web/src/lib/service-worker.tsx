/**
 * The offline app shell's client side (ADR 0012): registers `/sw.js` (`public/sw.js`) in production
 * builds, and when a newer service worker has been installed and waits, shows the notice (for
 * `UPDATE_NOTICE_MS`) with an Update button that lets it take over and reloads the page once it
 * controls it.
 *
 * Never registers under Vitest, the Vite dev server, a browser without service workers, or the
 * desktop shell (Tauri serves the app from the bundle already).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { i18n } from '@/lib/i18n';
import { isInsideAppShell } from '@/lib/platform';

export const SERVICE_WORKER_URL = '/sw.js';
/** How long the new-service-worker notice stays. */
export const UPDATE_NOTICE_MS = 10_000;
/** How often an open app asks for a newer worker: that is how a new version reaches an open tab. */
export const UPDATE_CHECK_MS = 300_000;
export const UPDATE_NOTIFICATION_ID = 'service-worker-update';
/** The message `public/sw.js` answers with `skipWaiting()`. */
export const SKIP_WAITING_MESSAGE = { type: 'skip-waiting' } as const;

export interface ServiceWorkerSupport {
  /** `import.meta.env.PROD`: false under Vitest and the dev server. */
  production: boolean;
  hasServiceWorker: boolean;
  insideAppShell: boolean;
}

/** Whether this page should register the service worker at all. */
export function shouldRegisterServiceWorker(support: ServiceWorkerSupport): boolean {
  return support.production && support.hasServiceWorker && !support.insideAppShell;
}

/** What this browser offers, read once. */
export function currentServiceWorkerSupport(): ServiceWorkerSupport {
  return {
    production: import.meta.env.PROD,
    hasServiceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    insideAppShell: isInsideAppShell(),
  };
}

/**
 * Calls `onReady` with each newer worker that has finished installing and waits. A worker that
 * installs while no worker controls the page is the first one: it takes over by itself, so it
 * is no update. Returns a function that stops watching.
 */
export function watchForWaitingWorker(
  registration: ServiceWorkerRegistration,
  container: Pick<ServiceWorkerContainer, 'controller'>,
  onReady: (worker: ServiceWorker) => void,
): () => void {
  const announced = new WeakSet<ServiceWorker>();
  const announce = (worker: ServiceWorker) => {
    if (!container.controller || announced.has(worker)) return;
    announced.add(worker);
    onReady(worker);
  };
  if (registration.waiting) announce(registration.waiting);
  const stops: (() => void)[] = [];
  const onUpdateFound = () => {
    const installing = registration.installing;
    if (!installing) return;
    const onStateChange = () => {
      if (installing.state === 'installed') announce(installing);
    };
    installing.addEventListener('statechange', onStateChange);
    stops.push(() => {
      installing.removeEventListener('statechange', onStateChange);
    });
  };
  registration.addEventListener('updatefound', onUpdateFound);
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    for (const stop of stops) stop();
  };
}

/**
 * Lets `worker` take over and reloads once it controls the page (once only: a second
 * `controllerchange` must not reload again).
 */
export function applyUpdate(
  worker: ServiceWorker,
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>,
  reload: () => void,
): void {
  // Another tab already let it take over: this page is controlled by it and only needs a reload.
  if (container.controller === worker || worker.state === 'activated') {
    reload();
    return;
  }
  let reloaded = false;
  container.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  });
  worker.postMessage(SKIP_WAITING_MESSAGE);
}

/** The new-service-worker notice: for `UPDATE_NOTICE_MS`, with an Update button. */
export function showUpdateNotice(onUpdate: () => void): void {
  notifications.show({
    id: UPDATE_NOTIFICATION_ID,
    autoClose: UPDATE_NOTICE_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{i18n.t('service_worker.update_ready')}</Text>
        <Button
          size="xs"
          onClick={() => {
            notifications.hide(UPDATE_NOTIFICATION_ID);
            onUpdate();
          }}
        >
          {i18n.t('service_worker.update')}
        </Button>
      </Group>
    ),
  });
}

function register(container: ServiceWorkerContainer): void {
  container
    // `updateViaCache: 'none'`: the browser never takes sw.js from its HTTP cache.
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .then((registration) => {
      watchForWaitingWorker(registration, container, (worker) => {
        showUpdateNotice(() => {
          applyUpdate(worker, container, () => {
            window.location.reload();
          });
        });
      });
      window.setInterval(() => {
        // Offline, or the server is away: the next check tries again.
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => {
      console.warn('The offline app shell could not be installed', error);
    });
}

/**
 * Registers the service worker after the page has loaded (so it never competes with the first
 * paint), when `shouldRegisterServiceWorker` allows. Returns whether it will register.
 */
export function registerServiceWorker(
  support: ServiceWorkerSupport = currentServiceWorkerSupport(),
): boolean {
  if (!shouldRegisterServiceWorker(support)) return false;
  const container = navigator.serviceWorker;
  if (document.readyState === 'complete') {
    register(container);
  } else {
    window.addEventListener(
      'load',
      () => {
        register(container);
      },
      { once: true },
    );
  }
  return true;
}
