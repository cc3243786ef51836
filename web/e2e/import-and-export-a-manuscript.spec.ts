/**
 * Issue 18 end to end: a writer drops a .docx on the manuscripts list, checks the preview's
 * chapters and its ledger, renames a chapter, imports, reads the chapters in the editor, and
 * exports the manuscript as a PDF (standard manuscript format) and as a Word file. A PDF chosen
 * in the file picker is refused in the browser, before any upload.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Download, Locator, Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { binder, chapterText, SYNC } from './support/editor';
import { expect, test } from './support/fixtures';
import { isZip, zipEntry } from './support/zip';

/** Two chapters ("Sources", "Afterwards"), a footnote and an endnote. */
const FIXTURE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../crates/quire-formats/tests/fixtures/footnotes-endnotes.docx',
);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Drags a file over `target` and drops it there, as the browser does for a file from the
 * desktop: dragenter, dragover (the drop zone shows), drop, all carrying one DataTransfer.
 */
async function dropFile(page: Page, target: Locator, name: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ fileName, base64, type }) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type }));
      return transfer;
    },
    { fileName: name, base64: bytes.toString('base64'), type: DOCX_TYPE },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId('import-drop-zone')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId('import-drop-zone')).toBeHidden();
}

/** Exports the open manuscript in `format` (its radio's label) and returns the download. */
async function exportAs(page: Page, format: string, layout?: string): Promise<Download> {
  await page.getByTestId('export-button').click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByRole('radio', { name: format, exact: true }).check();
  if (layout) await dialog.getByRole('radio', { name: layout, exact: true }).check();
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await dialog.getByTestId('export-submit').click();
  // A refusal shows in the dialog: say it at once rather than wait for a download.
  const failure = dialog.getByRole('alert');
  const failed = failure.waitFor({ timeout: 30_000 }).then(async () => {
    throw new Error(`The ${format} export failed: ${await failure.innerText()}`);
  });
  failed.catch(() => undefined);
  const download = await Promise.race([downloading, failed]);
  // The dialog closes once the file is handed to the browser.
  await expect(dialog).toBeHidden();
  return download;
}

/** The text of a WordprocessingML part, its tags dropped (a sentence may span several runs). */
function textOf(xml: Buffer): string {
  return xml
    .toString('utf8')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

test('a writer imports a .docx by dropping it on the list, then exports it as PDF and Word', async ({
  page,
  request,
}) => {
  const writer = newWriter('Ines Importer');
  await signUpThroughApi(request, writer);
  await logInThroughPage(page, writer);
  const heading = page.getByRole('heading', { level: 1, name: 'Manuscripts' });

  // A PDF from the file picker is refused here, with the way out, and nothing is uploaded.
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v4/imports/')) uploads.push(sent.url());
  });
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'Lighthouse.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n'),
  });
  await expect(page.getByTestId('import-refusal')).toContainText('This is a PDF file.');
  await expect(page.getByTestId('import-refusal')).toContainText('save it as .docx');
  expect(uploads).toEqual([]);
  const refused = page.getByRole('dialog', { name: 'This file cannot be imported' });
  // The dialog's own button, not the corner's ×, which has the same name.
  await refused.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(page.getByTestId('import-refusal')).toBeHidden();

  // The .docx dropped on the list: its chapters and the nothing-lost ledger.
  await dropFile(page, heading, 'footnotes-endnotes.docx', readFileSync(FIXTURE));
  const preview = page.getByTestId('import-preview');
  await expect(preview).toBeVisible(SYNC);
  expect(uploads).toHaveLength(1);
  await expect(preview.getByTestId('import-section')).toHaveCount(2);
  const first = preview.getByRole('textbox', { name: 'Title of section 1' });
  await expect(first).toHaveValue('Sources');
  await expect(preview.getByRole('textbox', { name: 'Title of section 2' })).toHaveValue(
    'Afterwards',
  );
  const words = preview.getByTestId('import-ledger').getByRole('row', { name: /^Words/ });
  const [found, created] = await words.getByRole('cell').allInnerTexts();
  expect(Number(found)).toBeGreaterThan(0);
  expect(created).toBe(found);
  await expect(
    preview.getByText('Nothing lost: everything found in the file will be imported.'),
  ).toBeVisible();
  expect(await axeViolations(page, 'import preview')).toEqual([]);

  // Renamed and given a title of its own, the manuscript is imported and opens in the editor.
  await preview.getByRole('textbox', { name: 'Manuscript title' }).fill('The Keeper');
  await first.fill('Whale Oil');
  await preview.getByTestId('import-confirm').click();
  await expect(page).toHaveURL(/\/manuscript\//, SYNC);
  await expect(binder(page).getByRole('treeitem', { name: /Whale Oil/ })).toBeVisible(SYNC);
  await expect(binder(page).getByRole('treeitem', { name: /Sources/ })).toHaveCount(0);

  await binder(page)
    .getByRole('treeitem', { name: /Afterwards/ })
    .click();
  await expect(chapterText(page)).toContainText('The keeper retired in 1931.', SYNC);
  await binder(page)
    .getByRole('treeitem', { name: /Whale Oil/ })
    .click();
  await expect(chapterText(page)).toContainText('The lamp burned whale oil.', SYNC);

  // PDF, standard manuscript format.
  const pdf = await exportAs(page, 'PDF', 'Standard manuscript format');
  // Named after the manuscript, from the answer's Content-Disposition.
  expect(pdf.suggestedFilename()).toBe('The Keeper.pdf');
  expect((await bytesOf(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Word: a zip whose document holds the chapters' text and the new title.
  const docx = await exportAs(page, 'Word (.docx)');
  expect(docx.suggestedFilename()).toBe('The Keeper.docx');
  const bytes = await bytesOf(docx);
  expect(isZip(bytes)).toBe(true);
  const text = textOf(zipEntry(bytes, 'word/document.xml'));
  expect(text).toContain('The keeper retired in 1931.');
  expect(text).toContain('Whale Oil');
  // The footnote and the endnote came in as footnotes, and go out as Word footnotes.
  const notes = textOf(zipEntry(bytes, 'word/footnotes.xml'));
  expect(notes).toContain('Logbook of 1850, page 12.');
  expect(notes).toContain('He died in 1950.');
});
