import type { Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';

/** Outbox debounce (1 s) + the other device's live queue (400 ms) + the reload, with room. */
const LIVE = { timeout: 15_000 };

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

test('two devices of one writer see each other’s changes live, also after one was offline', async ({
  browser,
  request,
}) => {
  const writer = newWriter('Cleo Two-Devices');
  await signUpThroughApi(request, writer);
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext();
  const a = await deviceA.newPage();
  const b = await deviceB.newPage();
  await logInThroughPage(a, writer);
  await logInThroughPage(b, writer);
  await expect(b.getByText('No manuscripts yet')).toBeVisible();

  // A new manuscript on A appears on B without a reload.
  await newManuscript(a, 'First Light');
  await expect(b.getByRole('link', { name: 'First Light' })).toBeVisible(LIVE);

  // Renamed on A: B shows the new title without a reload.
  await a.getByRole('button', { name: 'Options for First Light' }).click();
  await a.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = a.getByRole('dialog', { name: 'Rename manuscript' });
  await rename.getByRole('textbox', { name: 'Manuscript title' }).fill('First Light, Revised');
  await rename.getByRole('textbox', { name: 'Manuscript title' }).press('Enter');
  await expect(b.getByRole('link', { name: 'First Light, Revised' })).toBeVisible(LIVE);
  await expect(b.getByRole('link', { name: 'First Light', exact: true })).toHaveCount(0);

  // B goes offline and writes; the manuscript waits on B, unknown to A.
  await deviceB.setOffline(true);
  await newManuscript(b, 'Written on the Train');
  await expect(b.getByText('Not synced yet')).toBeVisible();
  await a.waitForTimeout(2_000);
  await expect(a.getByRole('link', { name: 'Written on the Train' })).toHaveCount(0);

  // Back online, B sends it and A shows it without a reload.
  await deviceB.setOffline(false);
  await expect(b.getByText('Not synced yet')).toHaveCount(0, LIVE);
  await expect(a.getByRole('link', { name: 'Written on the Train' })).toBeVisible(LIVE);

  await deviceA.close();
  await deviceB.close();
});
