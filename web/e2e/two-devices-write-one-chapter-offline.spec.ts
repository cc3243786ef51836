import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import {
  binder,
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  newManuscriptInEditor,
  SYNC,
} from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * Two devices of one writer (two browser contexts) both go offline, both type into the same
 * chapter, both come back — each shows every word of both; and a chapter renamed on one shows on
 * the other live.
 */
test('two devices type offline into one chapter and both keep every word; a rename shows live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const writer = newWriter('Iris Two-Laptops');
  await signUpThroughApi(request, writer);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const a = await laptop.newPage();
  const b = await phone.newPage();
  await logInThroughPage(a, writer);
  await logInThroughPage(b, writer);

  await newManuscriptInEditor(a, 'The Lighthouse');
  await expect(binder(a).getByRole('treeitem', { name: /Chapter 1/ })).toBeVisible(SYNC);
  await caretAtEnd(a);
  await a.keyboard.type('The keeper climbed the stairs.');
  await expectChapterStatus(a, 'Synced');

  // The other device opens the same chapter and gets its text from the server.
  await b.getByRole('link', { name: 'The Lighthouse' }).click(SYNC);
  await expect(chapterText(b)).toContainText('The keeper climbed the stairs.', SYNC);
  await expectChapterStatus(b, 'Synced');

  // Both go offline and write their own paragraphs; neither sees the other's.
  await laptop.setOffline(true);
  await phone.setOffline(true);
  await caretAtEnd(a);
  await a.keyboard.press('Enter');
  await a.keyboard.type('Laptop words: amber-falcon-17 rose over the sea.');
  await caretAtEnd(b);
  await b.keyboard.press('Enter');
  await b.keyboard.type('Phone words: cobalt-heron-42 crossed the dunes.');
  await expectChapterStatus(a, 'Saved on this device');
  await expectChapterStatus(b, 'Saved on this device');
  await expect(chapterText(a)).not.toContainText('cobalt-heron-42');
  await expect(chapterText(b)).not.toContainText('amber-falcon-17');

  // Back online: each device shows every word of both.
  await laptop.setOffline(false);
  await phone.setOffline(false);
  for (const page of [a, b]) {
    await expect(chapterText(page)).toContainText('amber-falcon-17 rose over the sea.', SYNC);
    await expect(chapterText(page)).toContainText('cobalt-heron-42 crossed the dunes.', SYNC);
    await expect(chapterText(page)).toContainText('The keeper climbed the stairs.');
    await expectChapterStatus(page, 'Synced');
  }

  // A chapter renamed on the laptop shows on the phone without a reload.
  await binder(a).getByRole('button', { name: 'Options for Chapter 1' }).click();
  await a.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = a.getByRole('dialog', { name: /Rename/ });
  await rename.getByRole('textbox', { name: 'Name' }).fill('The Storm Night');
  await rename.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(binder(b).getByRole('treeitem', { name: /The Storm Night/ })).toBeVisible(SYNC);

  await laptop.close();
  await phone.close();
});
