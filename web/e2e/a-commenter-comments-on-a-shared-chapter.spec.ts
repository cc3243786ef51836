import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import {
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  SYNC,
  writerInNewManuscript,
} from './support/editor';
import { expect, test } from './support/fixtures';

/**
 * A Commenter (sharing permission Comment, 2) reads the chapter, cannot change its text, and
 * starts a comment on a selection; the writer sees the thread and its anchor live. The server
 * takes the Commenter's update because it touches nothing but comments.
 */
test('a Commenter comments on a shared chapter and the writer sees it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const writerContext = await browser.newContext();
  const commenterContext = await browser.newContext();
  const writer = await writerContext.newPage();
  const commenter = await commenterContext.newPage();

  await writerInNewManuscript(writer, request, 'Wren Writer', 'Tidewater');
  await caretAtEnd(writer);
  await writer.keyboard.type('The tide came in at dawn.');
  await expectChapterStatus(writer, 'Synced');
  const manuscriptUrl = writer.url();
  const manuscriptId = /\/manuscript\/([^/?#]+)/.exec(manuscriptUrl)?.[1] ?? '';

  const reader = newWriter('Cole Commenter');
  await signUpThroughApi(request, reader);
  const shared = await writer.request.post('/api/v4/manuscripts/share', {
    headers: { 'X-Requested-With': 'quire' },
    data: { manuscript_id: manuscriptId, email: reader.email, permissions: 2 },
  });
  expect(shared.ok(), await shared.text()).toBe(true);

  await logInThroughPage(commenter, reader);
  await commenter.goto(manuscriptUrl);
  const text = chapterText(commenter);
  await expect(text).toContainText('The tide came in at dawn.', SYNC);
  await expect(text).toHaveAttribute('contenteditable', 'false');

  // Select the paragraph and start a comment on it.
  await text.locator('p').first().click({ clickCount: 3 });
  const commentButton = commenter.getByRole('button', { name: 'Comment', exact: true });
  await expect(commentButton).toBeEnabled();
  await commentButton.click();
  await commenter.getByRole('textbox', { name: 'New comment' }).fill('Which dawn?');
  await commenter.getByRole('button', { name: 'Add comment' }).click();
  await expect(text.locator('[data-comment-id]')).toHaveCount(1);

  // The writer's editor shows the anchor live, and the thread in the comments panel.
  await expect(chapterText(writer).locator('[data-comment-id]')).toHaveCount(1, SYNC);
  await writer.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(writer.getByTestId('comment-thread')).toContainText('Which dawn?');
  await expect(writer.getByTestId('comment-thread')).toContainText('Cole Commenter');

  // The text itself is unchanged on both sides.
  await expect(chapterText(writer)).toHaveText('The tide came in at dawn.');
  await expect(text).toHaveText('The tide came in at dawn.');

  await writerContext.close();
  await commenterContext.close();
});
