import {
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  writerInNewManuscript,
  SYNC,
} from './support/editor';
import { expect, test } from './support/fixtures';

/** About 1 MB of prose in paragraphs, as a writer pastes a draft from elsewhere. */
function draft(): { text: string; words: number } {
  const sentence = 'The tide came in over the black sand while the lamps burned low. ';
  const paragraph = sentence.repeat(12).trim();
  const paragraphs: string[] = [];
  let size = 0;
  while (size < 1_000_000) {
    paragraphs.push(paragraph);
    size += paragraph.length + 2;
  }
  return { text: paragraphs.join('\n\n'), words: paragraphs.length * 12 * 13 };
}

/** Bad input: a paste this large lands whole, the editor keeps taking keys, and it syncs. */
test('a 1 MB paste lands whole, typing goes on, and the chapter syncs', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Noor Paste', 'The Long Draft');
  await caretAtEnd(page);

  const { text, words } = draft();
  await chapterText(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);

  // Still taking keys after the paste: a word typed at the end shows.
  await caretAtEnd(page);
  await page.keyboard.type(' Coda-marker-77.');
  await expect(chapterText(page)).toContainText('Coda-marker-77.', SYNC);
  await expect(page.getByText(`${(words + 1).toLocaleString('en-US')} words`).first()).toBeVisible(
    SYNC,
  );
  await expectChapterStatus(page, 'Synced');
});
