import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/testing/axe';
import { buildPreview } from '@/testing/build-docx-preview';
import { renderWithProviders } from '@/testing/render-with-providers';

import type { ImportPreview } from './import-api';
import { ImportPreviewDialog } from './import-preview-dialog';

function renderPreview(
  preview: ImportPreview,
  onConfirm = vi.fn<(plan: unknown) => Promise<string | null>>(() => Promise.resolve(null)),
) {
  renderWithProviders(
    <ImportPreviewDialog
      preview={preview}
      target={{ manuscriptId: null, folderId: null }}
      subchaptersAsScenes={false}
      onRepreview={() => Promise.resolve(preview)}
      onConfirm={onConfirm}
      onClose={vi.fn()}
    />,
  );
  return onConfirm;
}

describe('the import preview’s ledger', () => {
  it('says nothing is lost when what the file holds is what the import creates', async () => {
    renderPreview(buildPreview());
    const ledger = await screen.findByTestId('import-ledger');
    const words = within(ledger).getByRole('row', { name: /Words/ });
    expect(
      within(words)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,200', '1,200']);
    expect(
      within(ledger).getByText('Nothing lost: everything found in the file will be imported.'),
    ).toBeVisible();
    expect(within(ledger).queryByText(/cannot be imported as they are/)).toBeNull();
  });

  it('explains each difference and names the parts it cannot import, known or not', async () => {
    const preview = buildPreview({
      created: { words: 1180, paragraphs: 40, footnotes: 2, comments: 1, images: 0 },
      unsupported: [
        { kind: 'text_box', count: 2, text_kept: true },
        { kind: 'ink_drawing', count: 1, text_kept: false },
      ],
      warnings: [
        { code: 'tracked_changes_accepted', count: 14 },
        { code: 'glossary_dropped', count: 1 },
      ],
    });
    renderPreview(preview);
    const ledger = await screen.findByTestId('import-ledger');
    expect(within(ledger).getByText('Words: 1,200 found, 1,180 will be created.')).toBeVisible();
    expect(within(ledger).queryByText(/everything found in the file will be imported/)).toBeNull();
    expect(within(ledger).getByTestId('import-unsupported')).toHaveTextContent(
      'Text boxes: 2 — their text is imported as plain paragraphs',
    );
    expect(within(ledger).getByTestId('import-unsupported')).toHaveTextContent(
      'ink_drawing: 1 — their text cannot be imported',
    );
    const warnings = within(ledger).getByTestId('import-warnings');
    expect(warnings).toHaveTextContent('Tracked changes were accepted (14)');
    expect(warnings).toHaveTextContent('glossary_dropped (1)');
  });

  it('notes that left-out sections are not imported', async () => {
    renderPreview(buildPreview());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Import: “Chapter Two”' }));
    expect(screen.getByText(/Sections you leave out are not imported/)).toBeVisible();
  });
});

describe('the import preview', () => {
  it('keeps the writer from importing untitled sections', async () => {
    const onConfirm = renderPreview(buildPreview());
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Title of section 2' }));
    await user.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByText('Every section that is imported needs a title.')).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot merge the first section into anything', async () => {
    renderPreview(buildPreview());
    expect(
      await screen.findByRole('checkbox', { name: 'Merge with previous: “Chapter One”' }),
    ).toBeDisabled();
  });

  it('has no serious accessibility violations', async () => {
    renderPreview(buildPreview({ warnings: [{ code: 'tracked_changes_accepted', count: 3 }] }));
    await screen.findByTestId('import-preview');
    expect(await axeViolations()).toEqual([]);
  });
});
