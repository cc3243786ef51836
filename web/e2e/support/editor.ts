import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './accounts';
import type { Writer } from './accounts';

/** Chapter text and the syncing of a chapter's document (Yjs over /api/v4/collab). */
export const SYNC = { timeout: 20_000 };

/** Makes a manuscript on the manuscripts screen; it opens in the editor. */
export async function newManuscriptInEditor(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'New manuscript' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New manuscript' });
  await dialog.getByRole('textbox', { name: 'Manuscript title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Manuscript title' }).press('Enter');
  // A new manuscript opens in the editor by itself.
  await expect(page).toHaveURL(/\/manuscript\//);
}

/** Adds a chapter through the binder's "Add chapter" and waits for it in the binder. */
export async function addChapter(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add chapter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New chapter' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(binder(page).getByRole('treeitem', { name: new RegExp(name) })).toBeVisible();
}

/** The chapter's editable text. */
export function chapterText(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Chapter text' });
}

/** The binder's tree. */
export function binder(page: Page): Locator {
  return page.getByRole('tree', { name: 'Manuscript structure' });
}

/** Waits until the chapter's saving indicator says `status`. */
export async function expectChapterStatus(
  page: Page,
  status: 'Synced' | 'Saved on this device',
): Promise<void> {
  await expect(page.getByText(status, { exact: true })).toBeVisible(SYNC);
}

/**
 * Puts the caret at the end of the chapter's text, and waits until the editor has it: the
 * browser moves its selection at once, but ProseMirror takes it over in a `selectionchange`
 * task of its own, and a key pressed before that acts at the old caret (an Enter then split
 * whatever the click had landed in). A selection handed back by a panel that just closed can
 * land after the key (seen after adding a comment: the words stayed selected): then the move
 * is made again, as a writer would, a few times at most.
 */
export async function caretAtEnd(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await chapterText(page).click();
    await page.keyboard.press('Control+End');
    try {
      await page.waitForFunction(caretIsAtEnd, undefined, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/** In the page: the editor's selection is a caret after the last character of the text. */
function caretIsAtEnd(): boolean {
  // TipTap puts its editor on the editable element.
  const dom = document.querySelector<HTMLElement & { editor?: EditorLike }>('.ProseMirror');
  const state = dom?.editor?.state;
  if (!state) return false;
  const { selection, doc } = state;
  let lastTextEnd = 0;
  doc.descendants((node, pos) => {
    if (node.isTextblock) lastTextEnd = pos + 1 + node.content.size;
  });
  return selection.empty && selection.head === lastTextEnd;
}

/** What `caretAtEnd` reads of the page's TipTap editor. */
interface EditorLike {
  state: {
    selection: { empty: boolean; head: number };
    doc: {
      descendants: (
        visit: (node: { isTextblock: boolean; content: { size: number } }, pos: number) => void,
      ) => void;
    };
  };
}

/**
 * A new writer (signed up over the API, logged in on the page) in a new manuscript's editor,
 * its first chapter ('Chapter 1', the server's) in the binder.
 */
export async function writerInNewManuscript(
  page: Page,
  request: APIRequestContext,
  writerName: string,
  title: string,
): Promise<Writer> {
  const writer = newWriter(writerName);
  await signUpThroughApi(request, writer);
  await logInThroughPage(page, writer);
  await newManuscriptInEditor(page, title);
  await expect(binder(page).getByRole('treeitem', { name: /Chapter 1/ })).toBeVisible(SYNC);
  return writer;
}
