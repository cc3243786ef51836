#!/usr/bin/env node
// Diagnostic (companion of codecache.mjs): does this Chromium write V8's code cache for the app's
// chunks when no DevTools client is attached? Starts the server on the built app, then runs
// Chromium by hand (no Playwright, no CDP) on a fresh profile, `--dump-dom` of the login page
// (which loads the entry chunk and the shared ones) three times, and prints the sizes of the
// profile's `Code Cache/js` entries after each load: small "seen once" timestamps after the
// first, the full caches after the second when code caching works. `--playwright-switches` adds
// every switch Playwright passes, to rule them out. Not timed; no lock needed.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServer } from './lib/server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// As Playwright 1.65's chromiumSwitches (its --disable-features list abridged to the features
// that exist in Chromium on Linux) plus run.mjs's own.
const PLAYWRIGHT = ['--disable-field-trial-config', '--disable-background-networking', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows', '--disable-back-forward-cache', '--disable-breakpad', '--disable-component-extensions-with-background-pages', '--disable-component-update', '--no-default-browser-check', '--disable-default-apps', '--disable-dev-shm-usage', '--disable-extensions', '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch', '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies', '--allow-pre-commit-input', '--disable-hang-monitor', '--disable-ipc-flooding-protection', '--disable-popup-blocking', '--disable-prompt-on-repost', '--disable-renderer-backgrounding', '--force-color-profile=srgb', '--metrics-recording-only', '--no-first-run', '--password-store=basic', '--use-mock-keychain', '--no-service-autorun', '--disable-quic', '--disable-sync', '--enable-automation'];
const extra = process.argv.includes('--playwright-switches') ? PLAYWRIGHT : [];
const dist = mkdtempSync(join(os.tmpdir(), 'quire-ccp-dist-'));
cpSync(process.env.QUIRE_WEB_DIR ?? join(root, 'web/dist'), dist, { recursive: true });
const profile = mkdtempSync(join(os.tmpdir(), 'quire-ccp-profile-'));
const cacheDir = join(profile, 'Default', 'Code Cache', 'js');
const sizes = () => (existsSync(cacheDir) ? readdirSync(cacheDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => statSync(join(cacheDir, e.name)).size).join(' ') : 'none');
const server = await startServer({ bin: process.env.QUIRE_BIN, webDir: dist });
try {
  for (let run = 1; run <= 3; run += 1) {
    const args = [...extra, '--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, '--virtual-time-budget=5000', '--dump-dom', `${server.baseURL}/login`];
    try {
      execFileSync('/usr/bin/chromium', args, { stdio: 'ignore', timeout: 60_000 });
    } catch (error) {
      console.log(`load ${run}: chromium failed (${error.status ?? error.message})`);
    }
    console.log(`after load ${run}: Code Cache/js entry sizes: ${sizes()}`);
  }
} finally {
  server.stop();
  rmSync(profile, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}
