import type { Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** Outbox debounce (1 s) + the other device's live queue (400 ms) + the reload, with room. */
const LIVE = { timeout: 15_000 };

async function openQuickNotes(page: Page) {
  await page.getByRole('button', { name: 'Quick Notes' }).click();
  const modal = page.getByRole('dialog', { name: 'Quick Notes' });
  await expect(modal.getByRole('heading', { name: 'Global Notes' })).toBeVisible();
  return modal;
}

test('a quick note written offline reaches the writer’s other devices once back online', async ({
  browser,
  request,
}) => {
  const writer = newWriter('Noor Quick-Notes');
  await signUpThroughApi(request, writer);
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext();
  const a = await deviceA.newPage();
  const b = await deviceB.newPage();
  await logInThroughPage(a, writer);
  await logInThroughPage(b, writer);

  // B keeps its Quick Notes open: the list follows this device's notes live.
  const onB = await openQuickNotes(b);
  await expect(onB.getByText('No notes yet.')).toBeVisible();

  // A goes offline and writes a note with a formatted line.
  await deviceA.setOffline(true);
  const onA = await openQuickNotes(a);
  expect(await axeViolations(a, 'Quick Notes')).toEqual([]);
  await onA.getByRole('button', { name: 'New note' }).click();
  await onA.getByRole('button', { name: 'Create' }).click();
  await expect(
    onA.getByText('A note needs a title: it is not saved until it has one.'),
  ).toBeVisible();
  await onA.getByRole('textbox', { name: 'Title' }).fill('Train thoughts');
  await onA.getByTestId('note-content').click();
  await a.keyboard.type('The lighthouse keeper ');
  await a.keyboard.press('Control+b');
  await a.keyboard.type('lies');
  await onA.getByRole('button', { name: 'Create' }).click();
  await expect(a.getByText('Note created successfully.')).toBeVisible();
  await onA.getByRole('button', { name: 'Back to notes' }).click();
  await expect(onA.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(onA.getByText('Train thoughts')).toBeVisible();

  // Offline, B learns nothing of it.
  await a.waitForTimeout(2_000);
  await expect(onB.getByText('Train thoughts')).toHaveCount(0);

  // Back online, A sends it and B shows it without a reload, with its text.
  await deviceA.setOffline(false);
  await expect(onB.getByText('Train thoughts')).toBeVisible(LIVE);
  await onB.getByText('Train thoughts').click();
  await expect(onB.getByTestId('note-content')).toContainText('The lighthouse keeper lies');
  await expect(onB.getByTestId('note-content').locator('strong')).toHaveText('lies');

  // A phone that was not open then gets it when it starts.
  const deviceC = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const c = await deviceC.newPage();
  await logInThroughPage(c, writer);
  const onC = await openQuickNotes(c);
  await expect(onC.getByText('Train thoughts')).toBeVisible(LIVE);
  expect(await axeViolations(c, 'Quick Notes on a phone')).toEqual([]);

  await deviceA.close();
  await deviceB.close();
  await deviceC.close();
});
