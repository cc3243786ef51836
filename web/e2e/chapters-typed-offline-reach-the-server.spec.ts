import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import type { Writer } from './support/accounts';
import {
  addChapter,
  binder,
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  newManuscriptInEditor,
  SYNC,
} from './support/editor';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';
import { databasesHere, startOwnServer } from './support/own-server';
import type { OwnServer } from './support/own-server';

/**
 * A writer's words typed offline reach the server whether or not their chapter is open again:
 * after a reload offline, after switching chapters, after closing the tab, in several
 * chapters at once. The status never says "Synced" before the server holds them, and the
 * app's own calls never name a chapter the server has not got yet. On SQLite and PostgreSQL.
 */

const CHAPTERS = ['Chapter 1', 'The Quay', 'Night Ferry'] as const;
/** Time for the backlog to send what was typed once the device is back online. */
const ARRIVES = { timeout: 30_000 };

interface Device {
  context: BrowserContext;
  page: Page;
  /** The app's own calls answered 404 (it named something the server did not have). */
  notFound: string[];
}

async function newDevice(browser: Browser, server: OwnServer): Promise<Device> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const notFound: string[] = [];
  context.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/api/v4/')) {
      notFound.push(response.url());
    }
  });
  return { context, page, notFound };
}

/** Opens `name` in the binder and answers its chapter id (the editor puts it in the URL). */
async function openChapter(page: Page, name: string): Promise<string> {
  await binder(page)
    .getByRole('treeitem', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/[?&]chapter=/);
  await expect(chapterText(page)).toBeVisible(SYNC);
  return new URL(page.url()).searchParams.get('chapter') ?? '';
}

/** The chapter's text as the server holds it (`GET chapters/content/{id}`), '' if none. */
async function serverText(request: APIRequestContext, chapterId: string): Promise<string> {
  const response = await request.get(`/api/v4/chapters/content/${chapterId}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { content?: string } | null };
  return body.data?.content ?? '';
}

/** A writer with a manuscript of three chapters, synced, the app shell stored for offline. */
async function writerWithThreeChapters(
  browser: Browser,
  server: OwnServer,
): Promise<{ writer: Writer; device: Device; ids: string[] }> {
  const writer = newWriter('Marta Harbour');
  const device = await newDevice(browser, server);
  const { page } = device;
  await signUpThroughApi(page.request, writer);
  await logInThroughPage(page, writer);
  await newManuscriptInEditor(page, 'The Harbour');
  await expect(binder(page).getByRole('treeitem', { name: /Chapter 1/ })).toBeVisible(SYNC);
  await addChapter(page, CHAPTERS[1]);
  await addChapter(page, CHAPTERS[2]);
  const ids: string[] = [];
  for (const name of CHAPTERS) ids.push(await openChapter(page, name));
  await expectChapterStatus(page, 'Synced');
  await waitForServiceWorker(page);
  return { writer, device, ids };
}

/** Reloads the page offline: the app comes from the service worker, the socket cannot open. */
async function reloadOffline(device: Device): Promise<void> {
  await device.context.setOffline(true);
  await device.page.reload();
  await expect(chapterText(device.page)).toBeVisible(SYNC);
}

async function typeInChapter(page: Page, name: string, words: string): Promise<void> {
  await openChapter(page, name);
  await caretAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type(words);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^(Saved on this device|\d+ chapters waiting to sync)$/ }),
  ).toBeVisible(SYNC);
}

for (const database of databasesHere()) {
  test.describe(`on ${database}`, () => {
    let server: OwnServer;
    test.beforeAll(async () => {
      server = await startOwnServer(database);
    });
    test.afterAll(async () => {
      await server.stop();
    });

    test('a paragraph typed after an offline reload reaches the server and the other laptop without reopening its chapter', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const { writer, device, ids } = await writerWithThreeChapters(browser, server);
      const { page } = device;
      const marker = `harbour-lights-${database}`;

      await reloadOffline(device);
      await typeInChapter(page, CHAPTERS[1], `The ferry left at dawn: ${marker}.`);
      await openChapter(page, CHAPTERS[2]);
      // Another chapter holds what the server lacks: not "Synced", and the editor says offline.
      await expect(page.getByRole('status').filter({ hasText: /waiting to sync/ })).toBeVisible();
      await expect(page.getByText('You are offline. Your writing is saved')).toBeVisible();
      await page.getByRole('button', { name: 'Show what is waiting to sync' }).click();
      await expect(page.getByRole('dialog', { name: 'Waiting to sync' })).toContainText(
        CHAPTERS[1],
      );
      await page.keyboard.press('Escape');

      await device.context.setOffline(false);
      await expect.poll(() => serverText(page.request, ids[1] ?? ''), ARRIVES).toContain(marker);
      await expectChapterStatus(page, 'Synced');
      // The first device never opened that chapter again.
      expect(new URL(page.url()).searchParams.get('chapter')).toBe(ids[2]);

      // The other laptop sees the paragraph, and the same total of words.
      const laptop = await newDevice(browser, server);
      await logInThroughPage(laptop.page, writer);
      await laptop.page.getByRole('link', { name: 'The Harbour' }).click();
      await openChapter(laptop.page, CHAPTERS[1]);
      await expect(chapterText(laptop.page)).toContainText(marker, SYNC);
      const total = page.getByText(/^\d[\d,]* words?$/).first();
      await expect(laptop.page.getByText(/^\d[\d,]* words?$/).first()).toHaveText(
        (await total.textContent()) ?? '',
      );
      expect(device.notFound).toEqual([]);
      expect(laptop.notFound).toEqual([]);
      await laptop.context.close();
      await device.context.close();
    });

    test('a paragraph typed offline in a tab closed before going online reaches the server when the app opens again', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const { device, ids } = await writerWithThreeChapters(browser, server);
      const marker = `closed-tab-${database}`;

      await reloadOffline(device);
      await typeInChapter(device.page, CHAPTERS[2], `Gulls over the breakwater: ${marker}.`);
      await device.page.close();
      await device.context.setOffline(false);
      expect(await serverText(device.context.request, ids[2] ?? '')).not.toContain(marker);

      // Opened again later, on the manuscripts list: the chapter is sent without being shown.
      const again = await device.context.newPage();
      await again.goto('/manuscripts');
      await expect(again.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
      await expect.poll(() => serverText(again.request, ids[2] ?? ''), ARRIVES).toContain(marker);
      expect(device.notFound).toEqual([]);
      await device.context.close();
    });

    test('three chapters typed offline all reach the server, and a chapter made offline is not called synced', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const { device, ids } = await writerWithThreeChapters(browser, server);
      const { page } = device;
      const markers = CHAPTERS.map((_, i) => `tide-${String(i)}-${database}`);

      await reloadOffline(device);
      for (const [i, name] of CHAPTERS.entries()) {
        await typeInChapter(page, name, `Written on the train: ${markers[i] ?? ''}.`);
      }
      await addChapter(page, 'Made Offline');
      await openChapter(page, 'Made Offline');
      await expect(page.getByRole('status').filter({ hasText: /waiting to sync/ })).toBeVisible();
      await expect(page.getByText('Synced', { exact: true })).toHaveCount(0);

      await device.context.setOffline(false);
      for (const [i, id] of ids.entries()) {
        await expect.poll(() => serverText(page.request, id), ARRIVES).toContain(markers[i]);
      }
      await expectChapterStatus(page, 'Synced');
      // The new chapter's place was told only once the chapter was on the server.
      expect(device.notFound).toEqual([]);
      await device.context.close();
    });
  });
}
