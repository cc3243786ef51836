import type { Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';
import type { PageGlobals } from './support/offline';

async function newManuscript(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'New manuscript' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New manuscript' });
  await dialog.getByRole('textbox', { name: 'Manuscript title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Manuscript title' }).press('Enter');
  // It opens in the editor; back to the list.
  await expect(page).toHaveURL(/\/manuscript\//);
  await page.goBack();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
}

/** What the worker stored: its caches, and how many files the current one holds. */
async function storedShell(page: Page): Promise<{ caches: string[]; files: number }> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as PageGlobals;
    const names = (await caches.keys()).filter((name) => name.startsWith('quire-shell-'));
    const current = names[0] ? await caches.open(names[0]) : undefined;
    return { caches: names, files: current ? (await current.keys()).length : 0 };
  });
}

test('a writer who opened Quire once reloads it offline and keeps working from this device', async ({
  page,
  context,
}) => {
  // Sign-up, the worker's first install and six page loads: more than one page's worth.
  test.setTimeout(60_000);
  const writer = newWriter('Olga Offline');
  await signUpThroughApi(page.request, writer);
  await logInThroughPage(page, writer);
  await newManuscript(page, 'Lighthouse Notes');
  await expect(page.getByText('Not synced yet')).toHaveCount(0, { timeout: 15_000 });

  await waitForServiceWorker(page);
  const manifest = (await (await page.request.get('/precache-manifest.json')).json()) as {
    build: string;
    files: string[];
  };
  expect(manifest.files).toContain('/index.html');
  // Every file of the build is stored, lazily loaded route chunks included, in one cache.
  await expect
    .poll(() => storedShell(page))
    .toEqual({
      caches: [`quire-shell-${manifest.build}`],
      files: manifest.files.length,
    });

  await context.setOffline(true);
  const api = await page.evaluate(() =>
    fetch('/api/v4/server_time').then(
      () => 'reached',
      () => 'unreachable',
    ),
  );
  expect(api).toBe('unreachable');

  // Reloading the list: the stored app starts and shows the manuscript from IndexedDB.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lighthouse Notes' })).toBeVisible();

  // Any app URL starts the app offline, the manuscript's own page (a lazily loaded chunk) too.
  await page.getByRole('link', { name: 'Lighthouse Notes' }).click();
  await expect(page).toHaveURL(/\/manuscript\/[^/?]+$/);
  const manuscriptUrl = new URL(page.url());
  manuscriptUrl.searchParams.set('chapter', 'first');
  const deepLink = await page.goto(manuscriptUrl.toString());
  expect(deepLink?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(manuscriptUrl.toString());
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops. Nothing here...' })).toHaveCount(0);

  // And the app's own pages answer unknown paths, as online.
  await page.goto('/no/such/page');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Oops. Nothing here...' }),
  ).toBeVisible();

  // Back online, the list still shows the manuscript.
  await context.setOffline(false);
  await page.goto('/manuscripts');
  await expect(page.getByRole('link', { name: 'Lighthouse Notes' })).toBeVisible();
});
