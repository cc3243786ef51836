/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

import {
  buildPrecacheManifest,
  PRECACHE_MANIFEST_FILE,
  SERVICE_WORKER_FILE,
  stampServiceWorker,
} from './src/lib/precache-manifest.js';
import type { BuiltFile } from './src/lib/precache-manifest.js';

const apiTarget = process.env.QUIRE_DEV_API ?? 'http://127.0.0.1:8080';

/** Every file under `dir`, named relative to it with `/` separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * The offline app shell (ADR 0012): at the end of `vite build`, writes
 * `precache-manifest.json` (every emitted file plus the public ones, and a build hash) and
 * `sw.js` (`public/sw.js` with the build hash stamped in, so that every new build is a new
 * service worker to the browser).
 */
function precacheManifest(): Plugin {
  let publicDir = '';
  return {
    name: 'quire:precache-manifest',
    apply: 'build',
    // After Vite's own plugins have added index.html and the CSS to the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const files: BuiltFile[] = Object.values(bundle).map((output) => ({
        fileName: output.fileName,
        source: output.type === 'chunk' ? output.code : output.source,
      }));
      const emitted = new Set(files.map((file) => file.fileName));
      for (const fileName of publicDir ? filesUnder(publicDir) : []) {
        if (emitted.has(fileName)) continue;
        files.push({ fileName, source: readFileSync(join(publicDir, fileName)) });
      }
      const template = files.find((file) => file.fileName === SERVICE_WORKER_FILE);
      if (!template) throw new Error(`No ${SERVICE_WORKER_FILE} in ${publicDir}`);
      const manifest = buildPrecacheManifest(files, (parts) => {
        const hash = createHash('sha256');
        for (const part of parts) hash.update(part);
        return hash.digest('hex').slice(0, 16);
      });
      this.emitFile({
        type: 'asset',
        fileName: PRECACHE_MANIFEST_FILE,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
      // Replaces the verbatim copy of public/sw.js in the output folder.
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: stampServiceWorker(Buffer.from(template.source).toString('utf8'), manifest.build),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precacheManifest()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: false,
        ws: true,
      },
    },
  },
  preview: {
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: false,
        ws: true,
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Generous for a loaded 2-core machine; a test that hangs still fails.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
  },
});
