import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

/** Removes the throw-away server data directory made by `playwright.config.ts`. */
export default function globalTeardown(): void {
  const dataDir = process.env.QUIRE_E2E_DATA_DIR;
  if (dataDir && dirname(dataDir) === tmpdir() && basename(dataDir).startsWith('quire-e2e-')) {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
