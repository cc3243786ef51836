import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

/**
 * E2E runs against the real `quire` server binary serving the built app (`web/dist`).
 * Build first (`npm run build`, and `cargo build -p quire-server` in the repository root).
 *
 * Playwright evaluates this file in the runner and again in every worker, so the chosen port
 * and data directory are kept in environment variables that the workers inherit.
 */

const webDir = dirname(fileURLToPath(import.meta.url));
const distDir = join(webDir, 'dist');
const quireBin = resolve(webDir, process.env.QUIRE_BIN ?? '../target/debug/quire');

/** A free loopback port, found synchronously (the config cannot await). */
function freePort(): string {
  const probe =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

process.env.PLAYWRIGHT_PORT ??= freePort();
process.env.QUIRE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'quire-e2e-'));

const port = process.env.PLAYWRIGHT_PORT;
const dataDir = process.env.QUIRE_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`No built web app in ${distDir}: run \`npm run build\` first.`);
}
if (!existsSync(quireBin)) {
  throw new Error(
    `No quire server binary at ${quireBin}: run \`cargo build -p quire-server\` in the repository root, or set QUIRE_BIN.`,
  );
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: true,
  workers: 1,
  retries: 0,
  reporter: 'list',
  // A 2-core machine that also builds and benchmarks: a debug server and a production app
  // answer within a second when it is quiet, but several seconds when it is not.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    colorScheme: 'light',
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: JSON.stringify(quireBin),
    url: `${baseURL}/api/v4/server_time`,
    env: {
      QUIRE_LISTEN: `127.0.0.1:${port}`,
      QUIRE_DATA_DIR: dataDir,
      QUIRE_WEB_DIR: distDir,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
