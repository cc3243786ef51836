/** The offline app shell as a test meets it: the service worker in control of the page. */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The browser globals these checks read. The e2e files compile without the DOM library (they
 * run in Node); the callbacks given to `page.evaluate` run in the page, where these exist.
 */
export interface PageGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<unknown>;
      controller: { state: string } | null;
    };
  };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<unknown[]> }>;
  };
}

/** Waits for the service worker to be active and to control this page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
  });
  const controlled = () =>
    page.evaluate(
      () =>
        (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller?.state ?? 'none',
    );
  // The first worker takes over the open page itself (clients.claim); a reload makes sure.
  if ((await controlled()) === 'none') await page.reload();
  await expect.poll(controlled).toBe('activated');
}
