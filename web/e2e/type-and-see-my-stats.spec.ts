import { logInThroughPage } from './support/accounts';
import { axeViolations } from './support/axe';
import { caretAtEnd, chapterText, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

const wordsFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `word${String(first + i)}`).join(' ');

/**
 * A writer types in a chapter, pauses for over a minute and types again: My Stats (from the
 * header's settings menu, on the manuscripts list) shows today's minutes of that writing
 * session and today's words, keyboard-operable and axe-clean, also at phone width; and the
 * writer's other device, which never saw the chapter open, shows the same figures.
 */
test('type in a chapter for a while and see today’s words and minutes in My Stats', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const writer = await writerInNewManuscript(page, request, 'Mina Stats', 'Counting Minutes');
  const header = page.getByTestId('header-today-words');

  await caretAtEnd(page);
  await page.keyboard.type(wordsFrom(1, 30));
  await expect(chapterText(page)).toContainText('word30');
  await expect(header).toHaveText('30 today');
  // The session runs from the first words to the last: over a minute later.
  await page.waitForTimeout(65_000);
  await page.keyboard.type(` ${wordsFrom(31, 10)}`);
  await expect(chapterText(page)).toContainText('word40');
  await expect(header).toHaveText('40 today');

  // The editor's header opens My Stats too.
  await page.getByRole('button', { name: 'View stats' }).click();
  const inEditor = page.getByRole('dialog', { name: 'My Stats' });
  await expect(inEditor.getByTestId('my-stats-minutes-today')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(inEditor).toBeHidden();

  // My Stats opens from the header on every screen: here from the manuscripts list (the editor
  // writes what is left on leaving).
  await page.getByRole('link', { name: 'Quire: go to my manuscripts' }).click();
  await expect(page).toHaveURL(/\/manuscripts$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'View stats' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Stats' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Your writing lifestyle' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The recorder writes at most every 5 s; the modal follows the store live.
  await expect(dialog.getByTestId('my-stats-minutes-today')).toHaveText(/^[12] minutes?$/, {
    timeout: 20_000,
  });
  await expect(dialog.getByTestId('my-stats-streak-current')).toHaveText('1 day');
  expect(await axeViolations(page, 'My Stats, writing lifestyle')).toEqual([]);

  // The tabs by keyboard: the arrow moves to Word count.
  await dialog.getByRole('tab', { name: 'Your writing lifestyle' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Word count' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByTestId('my-stats-words-today')).toHaveText('40 words', {
    timeout: 20_000,
  });
  await expect(dialog.getByTestId('my-stats-words-total')).toHaveText('40 words');
  await expect(dialog.getByTestId('my-stats-goal')).toHaveCount(0);
  expect(await axeViolations(page, 'My Stats, word count')).toEqual([]);

  // At phone width the modal takes the screen and the figures stay readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId('my-stats-words-today')).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Another device of the writer brings in this device's writing when My Stats opens.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.setViewportSize({ width: 1400, height: 900 });
  await logInThroughPage(second, writer);
  await second.getByRole('button', { name: 'Settings' }).click();
  await second.getByRole('menuitem', { name: 'View stats' }).click();
  const elsewhere = second.getByRole('dialog', { name: 'My Stats' });
  await expect(elsewhere.getByText('Figures from your writing on every device.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(elsewhere.getByTestId('my-stats-minutes-today')).toHaveText(/^[12] minutes?$/);
  await elsewhere.getByRole('tab', { name: 'Word count' }).click();
  await expect(elsewhere.getByTestId('my-stats-words-today')).toHaveText('40 words');
  await other.close();
});
