import type { Page } from '@playwright/test';

import { binder, caretAtEnd, chapterText, writerInNewManuscript, SYNC } from './support/editor';
import { expect, test } from './support/fixtures';

/** A key as the browser gets it from the keyboard: down (typing `text`, if any), then up. */
interface Key {
  key: string;
  code: string;
  keyCode: number;
  text?: string;
}

const ENTER: Key = { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };
const letter = (char: string): Key => ({
  key: char,
  code: `Key${char.toUpperCase()}`,
  keyCode: char.toUpperCase().charCodeAt(0),
  text: char,
});

/**
 * Sends `keys` to the page in one burst while its main thread is busy for 150 ms, so they are
 * handled back to back, with no frame between them: what a writer's fast fingers do on a slow
 * phone, or while the page is busy (Playwright's keyboard waits for each key to be handled).
 */
async function burst(page: Page, keys: Key[]): Promise<void> {
  await page.evaluate(() => {
    setTimeout(() => {
      const end = performance.now() + 150;
      while (performance.now() < end) {
        // The page is busy.
      }
    }, 0);
  });
  const cdp = await page.context().newCDPSession(page);
  const sent: Promise<unknown>[] = [];
  for (const { key, code, keyCode, text } of keys) {
    const event = { key, code, windowsVirtualKeyCode: keyCode };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event, text }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event }));
  }
  await Promise.all(sent);
  await cdp.detach();
}

/**
 * Enter, then the next word's first letters before the page has drawn the new paragraph: each
 * word lands whole in its own paragraph. (The new paragraph used to be skipped by the chapter's
 * `content-visibility: auto` until the next frame, and the first letter typed into it ended up
 * after the rest of the word, or at the end of the chapter.)
 */
test('a writer types straight after Enter on a busy page, and every word lands whole in its paragraph', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await writerInNewManuscript(page, request, 'Ilse Quickfingers', 'Fast Hands');
  await binder(page)
    .getByRole('treeitem', { name: /Chapter 1/ })
    .click(SYNC);
  await expect(page).toHaveURL(/chapter=/);
  const text = chapterText(page);

  await caretAtEnd(page);
  await page.keyboard.type('Opening line.');
  const words = ['Word', 'Lamp', 'Rope', 'Wren', 'Tide'];
  for (const word of words) {
    await burst(page, [ENTER, letter(word[0] ?? ''), letter(word[1] ?? '')]);
    await page.keyboard.type(word.slice(2));
  }

  await expect(text.locator('p')).toHaveText(['Opening line.', ...words]);
});
