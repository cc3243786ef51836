import { describe, expect, it } from 'vitest';

import {
  buildPrecacheManifest,
  isPrecached,
  stampServiceWorker,
  toUrlPath,
} from './precache-manifest';
import type { BuiltFile } from './precache-manifest';

/** A readable stand-in for SHA-256: the hash input joined, so tests can see what it covers. */
function joinDigest(parts: readonly (string | Uint8Array)[]): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : new TextDecoder().decode(part)))
    .join('');
}

/** A short hex digest that still changes with any byte of the input. */
function fnvDigest(parts: readonly (string | Uint8Array)[]): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(joinDigest(parts))) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const build: BuiltFile[] = [
  { fileName: 'assets/index-B1x2.js', source: 'import("./editor-C3y4.js")' },
  { fileName: 'assets/index-B1x2.js.map', source: '{"version":3}' },
  { fileName: 'assets/editor-C3y4.js', source: 'export const editor = 1' },
  { fileName: 'assets/index-D5z6.css', source: 'body{}' },
  { fileName: 'assets/inter-E7w8.woff2', source: new Uint8Array([1, 2, 3]) },
  { fileName: 'index.html', source: '<!doctype html>' },
  { fileName: 'favicon.svg', source: '<svg/>' },
  { fileName: 'sw.js', source: "const BUILD = '__QUIRE_BUILD__';" },
  { fileName: '.vite/manifest.json', source: '{}' },
];

describe('buildPrecacheManifest', () => {
  it('lists index.html first, then every emitted file, lazily loaded chunks, CSS, fonts and icons included', () => {
    const manifest = buildPrecacheManifest(build, fnvDigest);
    expect(manifest.files).toEqual([
      '/index.html',
      '/assets/editor-C3y4.js',
      '/assets/index-B1x2.js',
      '/assets/index-D5z6.css',
      '/assets/inter-E7w8.woff2',
      '/favicon.svg',
    ]);
  });

  it('leaves out source maps, the service worker, its own list and build metadata', () => {
    const { files } = buildPrecacheManifest(build, fnvDigest);
    expect(files.some((url) => url.endsWith('.map'))).toBe(false);
    expect(files).not.toContain('/sw.js');
    expect(files).not.toContain('/precache-manifest.json');
    expect(files).not.toContain('/.vite/manifest.json');
  });

  it('hashes every precached file’s name and bytes and the service worker, but no source map', () => {
    const input = buildPrecacheManifest(build, joinDigest).build;
    expect(input).toContain('assets/editor-C3y4.js\0export const editor = 1\0');
    expect(input).toContain('assets/inter-E7w8.woff2\0\u0001\u0002\u0003\0');
    expect(input).toContain("sw.js\0const BUILD = '__QUIRE_BUILD__';\0");
    expect(input).not.toContain('{"version":3}');
  });

  it('keeps the hash for the same build in any order and changes it when one byte changes', () => {
    const first = buildPrecacheManifest(build, fnvDigest).build;
    expect(buildPrecacheManifest([...build].reverse(), fnvDigest).build).toBe(first);
    const changed = build.map((file) =>
      file.fileName === 'favicon.svg' ? { ...file, source: '<svg />' } : file,
    );
    expect(buildPrecacheManifest(changed, fnvDigest).build).not.toBe(first);
    const sourceMapOnly = build.map((file) =>
      file.fileName.endsWith('.map') ? { ...file, source: '{"version":4}' } : file,
    );
    expect(buildPrecacheManifest(sourceMapOnly, fnvDigest).build).toBe(first);
  });

  it('refuses a build without index.html or with a file twice', () => {
    expect(() =>
      buildPrecacheManifest(
        build.filter((file) => file.fileName !== 'index.html'),
        fnvDigest,
      ),
    ).toThrow('no index.html');
    expect(() =>
      buildPrecacheManifest([...build, { fileName: 'favicon.svg', source: '' }], fnvDigest),
    ).toThrow('favicon.svg is in the build twice');
  });
});

describe('isPrecached and toUrlPath', () => {
  it('keeps app files and names them as the browser requests them', () => {
    expect(isPrecached('assets/index-B1x2.js')).toBe(true);
    expect(isPrecached('assets/index-B1x2.js.map')).toBe(false);
    expect(isPrecached('.DS_Store')).toBe(false);
    expect(toUrlPath('assets/a b#1.js')).toBe('/assets/a%20b%231.js');
  });
});

describe('stampServiceWorker', () => {
  it('puts the build hash where the placeholder was', () => {
    expect(stampServiceWorker("const BUILD = '__QUIRE_BUILD__';", '08d1916146')).toBe(
      "const BUILD = '08d1916146';",
    );
  });

  it('fails the build when the placeholder is missing or the hash is odd', () => {
    expect(() => stampServiceWorker("const BUILD = 'x';", '08d1916146')).toThrow(
      "no '__QUIRE_BUILD__'",
    );
    expect(() => stampServiceWorker("const BUILD = '__QUIRE_BUILD__';", "x';alert(1)//")).toThrow(
      'Unexpected build hash',
    );
  });
});
