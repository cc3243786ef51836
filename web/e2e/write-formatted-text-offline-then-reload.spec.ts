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
 * Formatted text with a comment and a footnote, then offline: type, reload, and everything is still
 * there (the app starts from its offline shell and the chapter from this device's database); back
 * online, the server gets it all.
 */
test('a writer formats text, comments and footnotes it, types offline, reloads, and sees everything', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Mara Footnotes', 'Salt and Iron');
  await binder(page)
    .getByRole('treeitem', { name: /Chapter 1/ })
    .click(SYNC);
  await expect(page).toHaveURL(/chapter=/);
  const chapterId = new URL(page.url()).searchParams.get('chapter') ?? '';
  const text = chapterText(page);

  // A heading, then a paragraph with a bold word.
  await caretAtEnd(page);
  await page.getByRole('combobox', { name: 'Text style' }).click();
  await page.getByRole('option', { name: 'Heading 1' }).click();
  await text.click();
  await page.keyboard.type('The Forge');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The smith worked ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('iron');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' until dawn.');
  await expect(text.locator('h1')).toHaveText('The Forge');
  await expect(text.locator('strong')).toHaveText('iron');

  // A comment on "smith".
  await text.getByText('The smith worked').click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.press('Control+Shift+ArrowRight');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByRole('textbox', { name: 'New comment' }).fill('Is she a smith or a farrier?');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Is she a smith or a farrier?')).toBeVisible();
  await expect(text.locator('[data-comment-id]')).toContainText('smith');

  // A footnote after "dawn." with its body.
  await caretAtEnd(page);
  await page.getByRole('button', { name: 'Footnote', exact: true }).click();
  await page.getByRole('textbox', { name: 'Footnote 1' }).fill('Dawn came late in the valley.');
  await expectChapterStatus(page, 'Synced');

  // Offline: type, reload, everything is there.
  await context.setOffline(true);
  await caretAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Written offline: ember-lantern-88.');
  await expectChapterStatus(page, 'Saved on this device');
  await page.reload();
  await expect(text).toContainText('Written offline: ember-lantern-88.', SYNC);
  await expect(text.locator('h1')).toHaveText('The Forge');
  await expect(text.locator('strong')).toHaveText('iron');
  await expect(text.locator('[data-comment-id]')).toContainText('smith');
  await expect(page.getByRole('textbox', { name: 'Footnote 1' })).toHaveValue(
    'Dawn came late in the valley.',
  );

  // Back online, the server gets what was written offline.
  await context.setOffline(false);
  await expectChapterStatus(page, 'Synced');
  const content = await page.request.get(`/api/v4/chapters/content/${chapterId}`);
  expect(content.ok()).toBe(true);
  const body = (await content.json()) as { data: { content: string } | null };
  expect(body.data?.content).toContain('ember-lantern-88');
  expect(body.data?.content).toContain('<strong>iron</strong>');
});
