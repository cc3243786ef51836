import { axeViolations } from './support/axe';
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
 * A paragraph cut aside into the chapter's stash leaves the text and shows in the stashes
 * panel; after a reload it is still there, goes back in at the caret with "Insert at cursor",
 * and two deletes remove it: the first marks it deleted, the second (confirmed) for good — on
 * the server too.
 */
test('a writer stashes a paragraph, reloads, brings it back at the cursor and deletes it twice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Nell Stash', 'Odds and Ends');
  await binder(page)
    .getByRole('treeitem', { name: /Chapter 1/ })
    .click(SYNC);
  await expect(page).toHaveURL(/chapter=/);
  const manuscriptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const text = chapterText(page);

  await caretAtEnd(page);
  await page.keyboard.type('The first paragraph stays.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The second paragraph goes aside.');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Move to stash' }).click();

  const panel = page.getByRole('complementary', { name: 'Stashes' });
  const stash = panel.getByTestId('stash');
  await expect(stash).toHaveCount(1);
  await expect(stash).toContainText('The second paragraph goes aside.');
  await expect(text).toContainText('The first paragraph stays.');
  await expect(text).not.toContainText('goes aside');
  expect(await axeViolations(page, 'stashes panel')).toEqual([]);
  await expectChapterStatus(page, 'Synced');

  // The server has the stash (the manuscript's parts list it).
  const serverStashes = async () => {
    const answer = await page.request.get(`/api/v4/manuscripts/${manuscriptId}`);
    const body = (await answer.json()) as {
      data?: { stashes?: { id: string; content?: string }[] | null };
    };
    return body.data?.stashes ?? [];
  };
  await expect
    .poll(async () => (await serverStashes()).map((row) => row.content), SYNC)
    .toEqual(['<p>The second paragraph goes aside.</p>']);
  const [kept] = await serverStashes();
  const inServerTrash = async () => {
    const answer = await page.request.get(`/api/v4/manuscripts/deleted_content/${manuscriptId}`);
    return JSON.stringify(await answer.json()).includes(kept?.id ?? 'no stash');
  };

  await page.reload();
  await expect(text).toContainText('The first paragraph stays.', SYNC);
  await expect(text).not.toContainText('goes aside');
  await page.getByRole('button', { name: 'Stashes', exact: true }).click();
  await expect(stash).toContainText('The second paragraph goes aside.');

  // Back in at the caret, before the first paragraph.
  await text.click();
  await page.keyboard.press('Control+Home');
  await stash.getByRole('button', { name: 'Insert at cursor' }).click();
  await expect(text.locator('p').first()).toHaveText('The second paragraph goes aside.');
  await expect(text.locator('p').nth(1)).toHaveText('The first paragraph stays.');

  // The first delete marks it deleted; the second, confirmed, removes it for good.
  await stash.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(stash).toHaveAttribute('data-deleted', 'yes');
  await expect(stash.getByText('Deleted', { exact: true })).toBeVisible();
  await expect.poll(inServerTrash, SYNC).toBe(true);
  await stash.getByRole('button', { name: 'Delete for good' }).click();
  const confirm = stash.getByRole('alertdialog');
  await expect(confirm).toContainText('cannot be brought back');
  await confirm.getByRole('button', { name: 'Delete for good' }).click();
  await expect(stash).toHaveCount(0);
  await expect(panel).toContainText('Nothing stashed in this chapter yet');

  // Removed for good on the server too: not in the manuscript's trash either.
  await expect.poll(inServerTrash, SYNC).toBe(false);
  expect(await serverStashes()).toEqual([]);
});
