import { axeViolations } from './support/axe';
import { binder, caretAtEnd, chapterText, SYNC, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * A writer mentions a character in a chapter, finds the chapter under "Appears in" on the
 * character's page with the line that mentions it, opens the chapter from there, and filters
 * the binder to the chapters mentioning the character.
 */
test('a mention shows on the element’s page under “Appears in”, and filters the binder', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Mara Mentions', 'Anna at the Station');

  await page.getByRole('button', { name: 'Story elements' }).click();
  const board = page.getByTestId('elements-board');
  await board.getByRole('button', { name: 'New element' }).click();
  const create = page.getByRole('dialog', { name: 'New story element' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Anna Karenina');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const elementPage = page.getByTestId('element-page');
  const appearsIn = elementPage.getByRole('region', { name: 'Appears in' });
  await expect(appearsIn).toContainText('Not mentioned in any chapter yet.', SYNC);
  await page.keyboard.press('Escape');
  await expect(elementPage).toBeHidden();

  await caretAtEnd(page);
  await page.keyboard.type('At the station, @Anna');
  await expect(page.getByRole('option', { name: /Anna Karenina/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.type('stepped off the train.');
  await expect(chapterText(page).locator('[data-type="mention"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Story elements' }).click();
  await board.getByRole('button', { name: 'Open Anna Karenina' }).click();
  await expect(appearsIn.getByRole('button', { name: 'Chapter 1' })).toBeVisible(SYNC);
  await expect(appearsIn).toContainText('1 mention');
  await expect(appearsIn).toContainText('At the station, Anna');
  expect(await axeViolations(page, 'appears in')).toEqual([]);

  // The chapter opens at the mention, the caret in the text.
  await appearsIn.getByRole('button', { name: 'Chapter 1' }).click();
  await expect(elementPage).toBeHidden();
  await expect(chapterText(page)).toBeFocused();

  await page.getByRole('button', { name: 'Story elements' }).click();
  await board.getByRole('button', { name: 'Open Anna Karenina' }).click();

  await appearsIn.getByRole('button', { name: 'Show in structure' }).click();
  await expect(elementPage).toBeHidden();
  await expect(page.getByTestId('binder-mention-count')).toHaveText('1 chapter', SYNC);
  await expect(binder(page).getByRole('treeitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('binder-mention-count')).toHaveText('');
});
