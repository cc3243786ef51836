/* global self, caches -- a service worker's globals (ServiceWorkerGlobalScope) */
/*
 * Quire's offline app shell (ADR 0012). Plain JavaScript, no build step: `vite build` copies
 * this file to dist/sw.js with BUILD replaced by the build's hash (vite.config.ts), and writes
 * dist/precache-manifest.json, the list of every file of that build.
 *
 * - install: stores the whole build (index.html, every script chunk, stylesheet, font, icon)
 *   in the cache `quire-shell-<build>`; the install fails, and is tried again later, unless
 *   every file was stored.
 * - activate (only after a complete install): deletes every other `quire-shell-*` cache.
 * - fetch: `/api/*` (JSON, WebSockets) is never touched; hashed `/assets/*` are cache-first;
 *   page loads are network-first with a short time-out, falling back to the stored index.html,
 *   so that any app URL opens offline and the app reads its data from IndexedDB.
 * - message `skip-waiting`: sent by the app's "Update" button (src/lib/service-worker.ts).
 */

const BUILD = '__QUIRE_BUILD__';
const CACHE_PREFIX = 'quire-shell-';
const CACHE = CACHE_PREFIX + BUILD;
const MANIFEST_URL = '/precache-manifest.json';
const INDEX_URL = '/index.html';
/** A page load waits this long for the network before the stored app is used. */
const NAVIGATION_TIMEOUT_MS = 3000;

/** Stores one file: hashed assets come from an older cache when they are already there. */
async function store(cache, url) {
  if (url.startsWith('/assets/')) {
    const stored = await caches.match(url);
    if (stored) {
      await cache.put(url, stored);
      return;
    }
  }
  // Past the HTTP cache: a stale index.html must not be stored as this build's.
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await cache.put(url, response);
}

async function precache() {
  const response = await fetch(MANIFEST_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${MANIFEST_URL} answered ${response.status}`);
  const manifest = await response.json();
  // A newer build went live while this worker was being fetched: its files are not ours.
  if (manifest.build !== BUILD) throw new Error(`${MANIFEST_URL} is for build ${manifest.build}`);
  const cache = await caches.open(CACHE);
  await Promise.all(manifest.files.map((url) => store(cache, url)));
}

/**
 * Hashed assets straight from this build's cache, without starting this script for each of
 * them (Static Routing API, where the browser has it): a page load asks for a dozen chunks
 * at once, and each answer through the fetch handler waited for the worker's turn. An asset
 * not in the cache goes to the network, as below.
 */
function routeAssetsToCache(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  event
    .addRoutes({
      condition: { urlPattern: new URLPattern({ pathname: '/assets/*' }) },
      source: { cacheName: CACHE },
    })
    .catch(() => undefined);
}

self.addEventListener('install', (event) => {
  routeAssetsToCache(event);
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      // The first install controls the open page at once (no reload needed to work offline).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') void self.skipWaiting();
});

function isApi(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  return cache.match(request, { ignoreSearch: true });
}

async function cacheFirst(request) {
  const cached = (await fromCache(request)) ?? (await caches.match(request));
  return cached ?? fetch(request);
}

/** The stored page for a navigation: the file itself if it was precached, else index.html. */
async function storedPage(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreSearch: true })) ?? cache.match(INDEX_URL);
}

async function networkFirst(event) {
  const network = fetch(event.request);
  // Keep the request alive past the time-out, so that the answer is not thrown away unread.
  event.waitUntil(network.then(() => undefined).catch(() => undefined));
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([network, timedOut]);
    // A server error (a proxy's 502, an unbuilt app's 503) is worse than the stored app.
    if (response && response.status < 500) return response;
    return (await storedPage(event.request)) ?? response ?? (await network);
  } catch {
    const stored = await storedPage(event.request);
    if (stored) return stored;
    throw new Error('Offline, and this build is not stored yet');
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API and its WebSockets always go to the network, untouched.
  if (isApi(url.pathname)) return;
  if (url.pathname === '/sw.js' || url.pathname === MANIFEST_URL) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event));
    return;
  }
  event.respondWith(cacheFirst(request));
});
