import { logInThroughPage } from './support/accounts';
import { addChapter, chapterText, expectChapterStatus, SYNC } from './support/editor';
import { expect, test } from './support/fixtures';
import {
  ARRIVES,
  CHAPTERS,
  newDevice,
  openChapter,
  reloadOffline,
  serverText,
  typeInChapter,
  writerWithThreeChapters,
} from './support/offline-story';
import { databasesHere, startOwnServer } from './support/own-server';
import type { OwnServer } from './support/own-server';

/**
 * A writer's words typed offline reach the server whether or not their chapter is open again:
 * after a reload offline, after switching chapters, after closing the tab, in several
 * chapters at once. The status never says "Synced" before the server holds them, and the
 * app's own calls never name a chapter the server has not got yet. On SQLite and PostgreSQL.
 */

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
