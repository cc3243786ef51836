import type { Page } from '@playwright/test';

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

/** The chapter's mentions, in order. */
function mentions(page: Page) {
  return chapterText(page).locator('span[data-type=mention]');
}

/** Opens the story elements' board over the chapter. */
async function openBoard(page: Page) {
  await page.getByRole('button', { name: 'Story elements' }).click();
  const board = page.getByTestId('elements-board');
  await expect(board).toBeVisible();
  return board;
}

/** Closes the elements view; the chapter shows again. */
async function closeElements(page: Page) {
  const view = page.getByRole('dialog', { name: 'Story elements' });
  await view.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(view).toBeHidden();
}

/**
 * A writer's chapter already names Ishmael, and calls him Ish. Creating the character turns the
 * name into mentions, adding the nickname turns "Ish" too; a rename shows in every mention. A
 * second device of the same writer, offline, types in the chapter while the first renames: back
 * online, both devices hold both changes.
 */
test('a new character’s name and nickname become mentions that follow a rename, merged with an offline device’s typing', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const writer = newWriter('Mina Mentions');
  await signUpThroughApi(request, writer);
  const laptop = await browser.newContext();
  const phone = await browser.newContext();
  const a = await laptop.newPage();
  const b = await phone.newPage();
  await logInThroughPage(a, writer);
  await logInThroughPage(b, writer);

  await newManuscriptInEditor(a, 'The Whale');
  await expect(binder(a).getByRole('treeitem', { name: /Chapter 1/ })).toBeVisible(SYNC);
  await caretAtEnd(a);
  await a.keyboard.type('Call me Ishmael. Ish went to sea. ');
  await a.keyboard.press('Enter');
  await a.keyboard.type('Ishmael met Queequeg, and Ish slept.');
  await expectChapterStatus(a, 'Synced');
  await expect(mentions(a)).toHaveCount(0);

  // The phone opens the same chapter.
  await b.getByRole('link', { name: 'The Whale' }).click(SYNC);
  await expect(chapterText(b)).toContainText('Ishmael met Queequeg', SYNC);
  await expectChapterStatus(b, 'Synced');

  // The character, then its nickname, on the laptop's elements board.
  const board = await openBoard(a);
  await board.getByRole('button', { name: 'New element' }).click();
  const create = a.getByRole('dialog', { name: 'New story element' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Ishmael');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const elementPage = a.getByTestId('element-page');
  await expect(elementPage).toBeVisible(SYNC);
  await elementPage.getByRole('combobox', { name: 'Add a nickname' }).fill('Ish');
  await a.keyboard.press('Enter');
  await expect(elementPage.getByTestId('element-nicknames')).toContainText('Ish');
  await closeElements(a);

  // Where the names were, mentions; the text reads as before.
  await expect(mentions(a)).toHaveText(['Ishmael', 'Ish', 'Ishmael', 'Ish'], SYNC);
  await expect(chapterText(a)).toContainText('Call me Ishmael. Ish went to sea.');
  await expectChapterStatus(a, 'Synced');
  await expect(mentions(b)).toHaveText(['Ishmael', 'Ish', 'Ishmael', 'Ish'], SYNC);

  // The phone goes offline and writes; meanwhile the laptop renames the character.
  await phone.setOffline(true);
  await caretAtEnd(b);
  await b.keyboard.press('Enter');
  await b.keyboard.type('Phone words: cobalt-heron-42 crossed the deck.');
  await expectChapterStatus(b, 'Saved on this device');

  await openBoard(a);
  await a.getByRole('button', { name: 'Open Ishmael' }).click();
  const name = a.getByTestId('element-name');
  await name.fill('Ahab');
  await name.blur();
  await elementPage.getByRole('button', { name: 'Back to the board' }).click();
  await expect(a.getByRole('button', { name: 'Open Ahab' })).toBeVisible();
  await closeElements(a);
  // The mentions made from the name read the new one; those made from the nickname keep it.
  await expect(mentions(a)).toHaveText(['Ahab', 'Ish', 'Ahab', 'Ish'], SYNC);
  await expect(chapterText(a)).toContainText('Call me Ahab. Ish went to sea.');
  await expect(chapterText(b)).not.toContainText('Ahab');

  // Back online: each device holds the other's change.
  await phone.setOffline(false);
  for (const page of [a, b]) {
    await expect(chapterText(page)).toContainText('cobalt-heron-42 crossed the deck.', SYNC);
    await expect(mentions(page)).toHaveText(['Ahab', 'Ish', 'Ahab', 'Ish'], SYNC);
    await expectChapterStatus(page, 'Synced');
  }

  await laptop.close();
  await phone.close();
});
