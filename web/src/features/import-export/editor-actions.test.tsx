import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { buildPreview } from '@/testing/build-docx-preview';
import { stubXhr } from '@/testing/fake-xhr';
import type { XhrCall } from '@/testing/fake-xhr';
import { renderWithProviders } from '@/testing/render-with-providers';

import { EditorImportExport } from './editor-actions';
import type { WorkspaceLike } from './manuscript-export';

const MANUSCRIPT = 'Manuscript000000000001';

function workspace(canWrite = true) {
  const saveManuscript = vi.fn<WorkspaceLike['saveManuscript']>(() => Promise.resolve());
  const built: WorkspaceLike = {
    manuscript: { id: MANUSCRIPT, title: 'The Long Night', settings: {} },
    chapters: [{ id: 'c1', name: 'One', _order: 1 }],
    canWrite,
    userSettings: { subchaptersAsScenes: true },
    saveManuscript,
  };
  return { workspace: built, saveManuscript };
}

describe('import and export in the editor', () => {
  it('appends the chapters of a .docx to the open manuscript', async () => {
    const calls = stubXhr((call: XhrCall) =>
      call.path === '/imports/docx/preview'
        ? { body: { status: 'success', data: { preview: buildPreview() } } }
        : {
            body: {
              status: 'success',
              data: { manuscript_id: MANUSCRIPT, chapter_ids: ['a', 'b', 'c', 'd'] },
            },
          },
    );
    renderWithProviders(<EditorImportExport workspace={workspace().workspace} />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Import chapters from .docx' })).toBeVisible();
    await user.upload(screen.getByTestId('import-file-input'), new File(['PK'], 'More.docx'));
    const preview = await screen.findByTestId('import-preview');
    expect(
      within(preview).getByText('The chapters are added at the end of this manuscript.'),
    ).toBeVisible();
    expect(within(preview).queryByRole('textbox', { name: /Manuscript title/ })).toBeNull();
    // The writer's setting names subchapters scenes.
    expect(within(preview).getByText('Scene')).toBeVisible();
    await user.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByText('Imported: 4 sections.')).toBeVisible();
    expect(JSON.parse(calls[1]?.form.get('plan') as string)).toMatchObject({
      manuscript_id: MANUSCRIPT,
      folder_id: null,
    });
    expect(screen.queryByTestId('import-preview')).toBeNull();
  });

  it('keeps the export choice in the manuscript’s settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('# The Long Night', {
            headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
          }),
        ),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:quire/export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { workspace: ws, saveManuscript } = workspace();
    renderWithProviders(<EditorImportExport workspace={ws} />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('export-button'));
    const dialog = await screen.findByTestId('export-dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Scene titles' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Markdown' }));
    await user.click(screen.getByTestId('export-submit'));
    await vi.waitFor(() => {
      expect(saveManuscript).toHaveBeenCalled();
    });
    expect(saveManuscript).toHaveBeenCalledWith({
      settings: {
        export: expect.objectContaining({ format: 'markdown' }) as unknown,
      },
    });
    expect(await screen.findByText('Your file is ready: The Long Night.md')).toBeVisible();
  });

  it('offers neither to a Viewer or Commenter', () => {
    renderWithProviders(<EditorImportExport workspace={workspace(false).workspace} />);
    expect(screen.queryByTestId('import-docx-button')).toBeNull();
    expect(screen.queryByTestId('export-button')).toBeNull();
  });
});
