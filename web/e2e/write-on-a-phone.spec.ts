import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { caretAtEnd, chapterText, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };
/** The height an on-screen keyboard takes from a phone's window. */
const KEYBOARD = 340;

/**
 * In the page, before the app starts: a visual viewport that an on-screen keyboard can shrink
 * while the layout viewport stays as it is (as on a phone). `__keyboard(px)` opens it.
 */
function fakeKeyboard() {
  let keyboard = 0;
  const viewport = new EventTarget();
  const sizes = {
    width: () => window.innerWidth,
    height: () => window.innerHeight - keyboard,
    offsetTop: () => 0,
    offsetLeft: () => 0,
    pageTop: () => window.scrollY,
    pageLeft: () => window.scrollX,
    scale: () => 1,
  };
  for (const [name, read] of Object.entries(sizes)) {
    Object.defineProperty(viewport, name, { get: read });
  }
  Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => viewport });
  (window as unknown as { __keyboard: (px: number) => void }).__keyboard = (px) => {
    keyboard = px;
    viewport.dispatchEvent(new Event('resize'));
  };
}

/** The caret's box on screen, as the editor places it. */
async function caretBox(page: Page): Promise<{ top: number; bottom: number }> {
  return page.evaluate(() => {
    const dom = document.querySelector<
      HTMLElement & {
        editor?: {
          view: { coordsAtPos: (pos: number) => { top: number; bottom: number } };
          state: { selection: { head: number } };
        };
      }
    >('.ProseMirror');
    const editor = dom?.editor;
    if (!editor) throw new Error('no editor');
    const { top, bottom } = editor.view.coordsAtPos(editor.state.selection.head);
    return { top, bottom };
  });
}

/**
 * On a phone the editor's toolbar is one row; the rest of it is behind "More", a menu button
 * that works from the keyboard. Typing near the bottom of the page with the on-screen keyboard
 * open keeps the caret above the keyboard.
 */
test('on a phone the toolbar is one row with a More menu, and the caret stays above the keyboard', async ({
  page,
  request,
}) => {
  await page.addInitScript(fakeKeyboard);
  await writerInNewManuscript(page, request, 'Pia Phone', 'Pocket Novel');
  await page.setViewportSize(PHONE);
  // Open on the wide window, the properties become a drawer over the page on the phone's.
  const properties = page.getByRole('dialog', { name: 'Properties' });
  await expect(properties).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(properties).toBeHidden();
  await expect(chapterText(page)).toBeVisible();

  // One row: every control of the toolbar on the same line.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting', exact: true });
  const more = toolbar.getByRole('button', { name: 'More', exact: true });
  await expect(more).toBeVisible();
  const rowTops = await toolbar
    .locator('button:visible, [role="combobox"]:visible')
    .evaluateAll((controls) => [...new Set(controls.map((c) => c.getBoundingClientRect().top))]);
  expect(rowTops).toHaveLength(1);
  const box = await toolbar.boundingBox();
  expect(box?.height).toBeLessThan(56);

  // The menu button pattern: announced, opened from the keyboard, arrows move, Escape returns.
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More' });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // Enter opens it on its first item; the arrows move, and wrap.
  const first = menu.getByRole('menuitem', { name: 'Text style' });
  await expect(first).toBeFocused();
  // Its focus is seen: the focus ring is drawn.
  expect(
    await first.evaluate(
      (item) => item.matches(':focus-visible') && getComputedStyle(item).outlineStyle,
    ),
  ).toBe('solid');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Font', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Focus mode' })).toBeFocused();
  const axe = await new AxeBuilder({ page })
    .include('[role="toolbar"]')
    .include('[role="menu"]')
    .analyze();
  expect(axe.violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // A submenu from the keyboard: Text style → Heading 1.
  await caretAtEnd(page);
  await page.keyboard.type('A storm at sea');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Text style' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const styles = page.getByRole('menu', { name: 'Text style' });
  await expect(styles).toBeVisible();
  await styles.getByRole('menuitemradio', { name: 'Heading 1' }).click();
  await expect(chapterText(page).locator('h1')).toHaveText('A storm at sea');

  // A toggle from the menu, by touch: Underline on the selected word.
  await caretAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('The hull groaned.');
  await page.keyboard.press('Shift+Control+ArrowLeft');
  await page.keyboard.press('Shift+Control+ArrowLeft');
  await more.click();
  await page.getByRole('menuitemcheckbox', { name: 'Underline' }).click();
  await expect(chapterText(page).locator('u')).toHaveText('groaned.');

  // Many lines, the caret at the last one, then the keyboard opens over the bottom of the page.
  await caretAtEnd(page);
  for (let line = 1; line <= 30; line += 1) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Wave ${String(line)}`);
  }
  await page.evaluate((px) => {
    (window as unknown as { __keyboard: (px: number) => void }).__keyboard(px);
  }, KEYBOARD);
  const visibleBottom = PHONE.height - KEYBOARD;
  await expect.poll(async () => (await caretBox(page)).bottom).toBeLessThanOrEqual(visibleBottom);
  expect((await caretBox(page)).top).toBeGreaterThan(0);
  // Typing on, new lines and all, the text lands at the caret and the caret stays in sight.
  await page.keyboard.type(' and the last wave');
  await expect(chapterText(page)).toContainText('Wave 30 and the last wave');
  for (let line = 1; line <= 5; line += 1) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Foam ${String(line)}`);
  }
  await expect.poll(async () => (await caretBox(page)).bottom).toBeLessThanOrEqual(visibleBottom);
});
