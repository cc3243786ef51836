/**
 * The steps of the offline stories: a writer's devices (browser contexts, optionally on a
 * server of the test's own), a manuscript of three chapters, going offline and reloading,
 * typing into a chapter, and what the server holds of a chapter.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './accounts';
import type { Writer } from './accounts';
import {
  addChapter,
  binder,
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  newManuscriptInEditor,
  SYNC,
} from './editor';
import { waitForServiceWorker } from './offline';

export const CHAPTERS = ['Chapter 1', 'The Quay', 'Night Ferry'] as const;
/** Time for the backlog to send what was typed once the device is back online. */
export const ARRIVES = { timeout: 30_000 };

export interface Device {
  context: BrowserContext;
  page: Page;
  /** The app's own calls answered 404 (it named something the server did not have). */
  notFound: string[];
}

export async function newDevice(browser: Browser, server?: { baseURL: string }): Promise<Device> {
  const context = await browser.newContext(server ? { baseURL: server.baseURL } : {});
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
export async function openChapter(page: Page, name: string): Promise<string> {
  await binder(page)
    .getByRole('treeitem', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(/[?&]chapter=/);
  await expect(chapterText(page)).toBeVisible(SYNC);
  return new URL(page.url()).searchParams.get('chapter') ?? '';
}

/** The chapter's text as the server holds it (`GET chapters/content/{id}`), '' if none. */
export async function serverText(request: APIRequestContext, chapterId: string): Promise<string> {
  const response = await request.get(`/api/v4/chapters/content/${chapterId}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { content?: string } | null };
  return body.data?.content ?? '';
}

/** A writer with a manuscript of three chapters, synced, the app shell stored for offline. */
export async function writerWithThreeChapters(
  browser: Browser,
  server?: { baseURL: string },
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
export async function reloadOffline(device: Device): Promise<void> {
  await device.context.setOffline(true);
  await device.page.reload();
  await expect(chapterText(device.page)).toBeVisible(SYNC);
}

export async function typeInChapter(page: Page, name: string, words: string): Promise<void> {
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
