import {
  binder,
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  writerInNewManuscript,
  SYNC,
} from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * A named version, a rewrite, then the restore: the chapter shows the older text again (a forward
 * edit of its document that reaches the open editor), and the history keeps both the named version
 * and the automatic snapshot of the text it replaced.
 */
test('a writer saves a named version, rewrites the chapter, restores the version and sees both texts in the history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Pia Versions', 'The Quiet Harbour');
  await binder(page)
    .getByRole('treeitem', { name: /Chapter 1/ })
    .click(SYNC);
  const text = chapterText(page);

  await caretAtEnd(page);
  await page.keyboard.type('First draft: the harbour was quiet at dusk-gull-31.');
  await expectChapterStatus(page, 'Synced');

  // A named version of the text as it is now.
  await page.getByRole('button', { name: 'Version history' }).click();
  const history = page.getByRole('dialog', { name: /Version history/ });
  await history.getByRole('textbox', { name: 'Version name' }).fill('Quiet harbour');
  await history.getByRole('button', { name: 'Save version' }).click();
  await expect(history.getByText('Quiet harbour', { exact: true })).toBeVisible(SYNC);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // The chapter is rewritten.
  await text.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Second draft: a storm wrecked the pier, storm-pier-19.');
  await expect(text).not.toContainText('dusk-gull-31');
  await expectChapterStatus(page, 'Synced');

  // Preview shows what differs; restore brings the older text back into the open editor.
  await page.getByRole('button', { name: 'Version history' }).click();
  await history
    .getByRole('listitem')
    .filter({ hasText: 'Quiet harbour' })
    .getByRole('button', {
      name: 'Preview',
    })
    .click();
  await expect(history.getByText('Only in this version', { exact: true })).toBeVisible(SYNC);
  await expect(history.locator('ins').filter({ hasText: 'harbour' })).toHaveCount(1);
  await expect(history.locator('del').filter({ hasText: 'wrecked' })).toHaveCount(1);
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await history
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Restore this version' })
    .click();
  await expect(history.getByText('Version restored.')).toBeVisible(SYNC);
  await expect(text).toContainText('dusk-gull-31', SYNC);
  await expect(text).not.toContainText('storm-pier-19', SYNC);

  // The history has the named version and the snapshot of the rewritten text it replaced.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Version history' }).click();
  await expect(history.getByText('Quiet harbour', { exact: true })).toBeVisible(SYNC);
  const snapshots = history.getByRole('button').filter({ hasText: 'Automatic snapshot' });
  await expect(snapshots.first()).toBeVisible();
  // One of them (the server may also have taken its own automatic version of the first
  // draft) holds the rewritten text, which the chapter no longer has: its preview shows it.
  const rewritten = history.locator('ins').filter({ hasText: 'wrecked' });
  await expect(async () => {
    for (const snapshot of await snapshots.all()) {
      await snapshot.click();
      if ((await rewritten.count()) > 0) return;
    }
    throw new Error('No automatic snapshot holds the rewritten text.');
  }).toPass(SYNC);
});
