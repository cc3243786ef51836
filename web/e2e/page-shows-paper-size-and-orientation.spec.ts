import type { Page } from '@playwright/test';

import { caretAtEnd, chapterText, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

/** What the screen shows of the page: the sheet's box and where the text starts in it. */
async function drawnPage(page: Page) {
  const sheet = await page.getByTestId('chapter-sheet').boundingBox();
  const text = await chapterText(page).boundingBox();
  const room = await page.locator('.chapter-pages').boundingBox();
  if (!sheet || !text || !room) throw new Error('the page is not drawn');
  return { sheet, text, room };
}

/** Page setup: A4 in `orientation` with a `left` margin (mm), saved. */
async function setUpPage(page: Page, orientation: 'Portrait' | 'Landscape', left: number) {
  await page.getByRole('button', { name: 'Page setup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Page setup' });
  await dialog.getByRole('combobox', { name: 'Paper size' }).click();
  await page.getByRole('option', { name: 'A4' }).click();
  await dialog.getByText(orientation, { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Left' }).fill(String(left));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The sheet on screen has the paper's shape (mm), fits the room beside the sidebars, and its
 * text starts after the left margin at the page's scale.
 */
async function expectPageDrawn(page: Page, paper: { width: number; height: number; left: number }) {
  await expect
    .poll(async () => {
      const { sheet } = await drawnPage(page);
      return sheet.width / sheet.height;
    })
    .toBeCloseTo(paper.width / paper.height, 2);
  const drawn = await drawnPage(page);
  expect(drawn.sheet.width).toBeLessThanOrEqual(drawn.room.width);
  expect((drawn.text.x - drawn.sheet.x) / drawn.sheet.width).toBeCloseTo(
    paper.left / paper.width,
    2,
  );
  return drawn;
}

/**
 * Portrait and landscape must not look the same at a normal window width: the page on screen
 * has the paper's shape in its orientation, scaled to fit beside the sidebars, with the margins
 * set, and the writer still types into it.
 */
test('the page shows the paper size and orientation, scaled to fit the window', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await writerInNewManuscript(page, request, 'Ines Paper', 'Margins of Error');
  await expect(chapterText(page)).toBeVisible();

  await setUpPage(page, 'Portrait', 30);
  const portrait = await expectPageDrawn(page, { width: 210, height: 297, left: 30 });
  await setUpPage(page, 'Landscape', 20);
  const landscape = await expectPageDrawn(page, { width: 297, height: 210, left: 20 });
  // Both fill the room's width: the landscape page is drawn much shorter.
  expect(landscape.sheet.height).toBeLessThan(portrait.sheet.height * 0.75);

  // The scaled page is still written on where it is clicked.
  await caretAtEnd(page);
  await page.keyboard.type('Landscape words land on the page.');
  await expect(chapterText(page)).toContainText('Landscape words land on the page.');
});
