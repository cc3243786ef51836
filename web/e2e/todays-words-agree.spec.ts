import { caretAtEnd, chapterText, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * Today's words are the net words added today across the manuscript: right after typing 25
 * words the header and the properties panel both say 25, and deleting words takes them off.
 */
test('today’s words in the header and the properties panel agree with what was just typed', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await writerInNewManuscript(page, request, 'Tomas Today', 'Counting Days');
  const header = page.getByTestId('header-today-words');
  const panel = page.getByTestId('today-words');
  await expect(header).toHaveText('0 today');
  await expect(panel).toHaveText('0 words');

  const words = Array.from({ length: 25 }, (_, i) => `word${String(i + 1)}`).join(' ');
  await caretAtEnd(page);
  await page.keyboard.type(words);
  await expect(chapterText(page)).toContainText('word25');
  await expect(header).toHaveText('25 today');
  await expect(panel).toHaveText('25 words');

  // Five words deleted: net 20, in both places.
  for (let deleted = 0; deleted < 5; deleted += 1) {
    await page.keyboard.press('Control+Backspace');
    await page.keyboard.press('Backspace');
  }
  await expect(header).toHaveText('20 today');
  await expect(panel).toHaveText('20 words');
});
