/**
 * The list of files the service worker (`public/sw.js`) stores at install: the whole built app,
 * so that a reload with no network still starts it. Built by the `precache-manifest` plugin in
 * `vite.config.ts` at the end of `vite build`; pure, so that Vitest can check it.
 *
 * Kept free of DOM and Node imports: it runs in the Vite config (Node) and in Vitest.
 */

/** Where the service worker is served from, and where it reads the list. */
export const SERVICE_WORKER_FILE = 'sw.js';
export const PRECACHE_MANIFEST_FILE = 'precache-manifest.json';

/** The text in `public/sw.js` that the build replaces with the build hash. */
export const BUILD_PLACEHOLDER = '__QUIRE_BUILD__';

/** One file of the build output, named relative to the output folder (`assets/index-3f9a.js`). */
export interface BuiltFile {
  fileName: string;
  source: string | Uint8Array;
}

export interface PrecacheManifest {
  /** Changes whenever any precached file's name or content does. Names the cache. */
  build: string;
  /** Absolute URL paths, `/index.html` first, the rest sorted. */
  files: string[];
}

/** Source maps are for developers; the service worker and its list are never cached. */
export function isPrecached(fileName: string): boolean {
  if (fileName.endsWith('.map')) return false;
  if (fileName === SERVICE_WORKER_FILE || fileName === PRECACHE_MANIFEST_FILE) return false;
  // Dot files and folders (`.vite/manifest.json`, `.DS_Store`) are build metadata, not the app.
  return !fileName.split('/').some((segment) => segment.startsWith('.'));
}

/** `assets/a b.js` → `/assets/a%20b.js` (what the browser will request). */
export function toUrlPath(fileName: string): string {
  return `/${fileName.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The manifest for a build. `digest` turns the hash input into a short hex string (SHA-256 in
 * the build); the input covers every precached file's name and bytes and the service worker's
 * source, so an unchanged build keeps its hash and a changed one never does.
 */
export function buildPrecacheManifest(
  files: readonly BuiltFile[],
  digest: (parts: readonly (string | Uint8Array)[]) => string,
): PrecacheManifest {
  const sorted = [...files].sort((a, b) =>
    a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0,
  );
  const names = new Set<string>();
  for (const file of sorted) {
    if (names.has(file.fileName)) throw new Error(`${file.fileName} is in the build twice`);
    names.add(file.fileName);
  }
  if (!names.has('index.html')) throw new Error('The build has no index.html to precache');
  // The service worker's own source counts too: a new worker gets a new cache.
  const hashed = sorted.filter(
    (file) => isPrecached(file.fileName) || file.fileName === SERVICE_WORKER_FILE,
  );
  const parts: (string | Uint8Array)[] = [];
  for (const file of hashed) parts.push(file.fileName, '\0', file.source, '\0');
  const urls = sorted
    .filter((file) => isPrecached(file.fileName))
    .map((file) => toUrlPath(file.fileName));
  return {
    build: digest(parts),
    files: ['/index.html', ...urls.filter((url) => url !== '/index.html')],
  };
}

/** `public/sw.js` with its build placeholder replaced; fails loudly if the placeholder is gone. */
export function stampServiceWorker(template: string, build: string): string {
  if (!/^[0-9a-z]+$/.test(build)) throw new Error(`Unexpected build hash ${build}`);
  const quoted = `'${BUILD_PLACEHOLDER}'`;
  if (!template.includes(quoted)) {
    throw new Error(`${SERVICE_WORKER_FILE} has no ${quoted} to replace with the build hash`);
  }
  return template.replaceAll(quoted, `'${build}'`);
}
