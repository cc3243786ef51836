import type { Page } from '@playwright/test';

import { addChapter, binder, chapterText, SYNC, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

/** The binder's rows, top to bottom, as "level:name". */
async function outline(page: Page): Promise<string[]> {
  const rows = binder(page).getByRole('treeitem');
  const count = await rows.count();
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = rows.nth(i);
    const level = (await row.getAttribute('aria-level')) ?? '?';
    const name = (await row.getAttribute('aria-labelledby')) ?? '';
    const label = await page.locator(`[id="${name}"]`).innerText();
    lines.push(`${level}:${label.trim()}`);
  }
  return lines;
}

test('a writer builds chapters and scenes, reorders and nests them by keyboard drag, and it stays after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await writerInNewManuscript(page, request, 'Theo Structure', 'Harbour Lights');

  await addChapter(page, 'The Storm');
  await addChapter(page, 'Aftermath');

  // A scene under Chapter 1, from its menu (labelled 'subchapter' by default).
  await binder(page).getByRole('button', { name: 'Options for Chapter 1' }).click();
  await page.getByRole('menuitem', { name: 'Add subchapter' }).click();
  const scene = page.getByRole('dialog', { name: 'New subchapter' });
  await scene.getByRole('textbox', { name: 'Name' }).fill('At the Quay');
  await scene.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect
    .poll(() => outline(page))
    .toEqual(['1:Chapter 1', '2:At the Quay', '1:The Storm', '1:Aftermath']);

  // Keyboard drag: Aftermath up above The Storm.
  // Each key waits for what the binder announces, as a screen-reader user would.
  await binder(page).getByRole('button', { name: 'Drag Aftermath' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Aftermath.', { exact: true })).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(
    page.getByText('Aftermath goes into the top level, position 2.', { exact: true }),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect
    .poll(() => outline(page))
    .toEqual(['1:Chapter 1', '2:At the Quay', '1:Aftermath', '1:The Storm']);

  // Keyboard drag with Right: The Storm nests under Aftermath, as its subchapter.
  await binder(page).getByRole('button', { name: 'Drag The Storm' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up The Storm.', { exact: true })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(
    page.getByText('The Storm goes into Aftermath, position 1.', { exact: true }),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect
    .poll(() => outline(page))
    .toEqual(['1:Chapter 1', '2:At the Quay', '1:Aftermath', '2:The Storm']);

  // Promote it back from the menu.
  await binder(page).getByRole('button', { name: 'Options for The Storm' }).click();
  await page.getByRole('menuitem', { name: 'Promote to chapter' }).click();
  await expect
    .poll(() => outline(page))
    .toEqual(['1:Chapter 1', '2:At the Quay', '1:Aftermath', '1:The Storm']);

  // Opening a scene shows its own (empty) text; the structure survives a reload.
  await binder(page)
    .getByRole('treeitem', { name: /At the Quay/ })
    .click();
  await expect(chapterText(page)).toBeVisible();
  await expect(page).toHaveURL(/chapter=/);
  // Local first: the reload reads this device's database, whether or not the server has it yet.
  await page.reload();
  await expect
    .poll(() => outline(page), SYNC)
    .toEqual(['1:Chapter 1', '2:At the Quay', '1:Aftermath', '1:The Storm']);
});
