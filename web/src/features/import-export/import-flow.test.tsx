import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import en from '@/i18n/en.json';
import { changeLocale } from '@/lib/i18n';
import { buildPreview } from '@/testing/build-docx-preview';
import { stubXhr } from '@/testing/fake-xhr';
import type { XhrAnswer, XhrCall } from '@/testing/fake-xhr';
import { renderRoutes } from '@/testing/render-with-providers';

import { ImportDocxButton, ShelfImportFrame } from './shelf-import';

const FOLDER = 'Folder0000000000000001';

function renderShelf() {
  renderRoutes([
    {
      path: '/',
      element: (
        <ShelfImportFrame folderId={FOLDER}>
          <p>The list</p>
          <ImportDocxButton />
        </ShelfImportFrame>
      ),
    },
    { path: '/manuscript/:id', element: <p>The imported manuscript is open</p> },
  ]);
}

function docx(name = 'Novel.docx') {
  return new File(['PK…'], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });
}

function planOf(call: XhrCall | undefined): unknown {
  return JSON.parse(call?.form.get('plan') as string);
}

const success = (data: unknown): XhrAnswer => ({ body: { status: 'success', data } });

function answerPreviewThenImport(call: XhrCall): XhrAnswer {
  if (call.path === '/imports/docx/preview') return success({ preview: buildPreview() });
  return success({ manuscript_id: 'Imported00000000000001', chapter_ids: ['a', 'b', 'c'] });
}

function dropFile(file: File) {
  const list = screen.getByText('The list');
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  fireEvent.dragEnter(list, { dataTransfer });
  return { dataTransfer, list };
}

afterEach(async () => {
  await changeLocale('en');
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('importing a .docx from the manuscripts list', () => {
  it('previews the file, takes the writer’s rename, merge, split and exclusion, and opens the new manuscript', async () => {
    const calls = stubXhr(answerPreviewThenImport);
    renderShelf();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('import-file-input'), docx());

    const preview = await screen.findByTestId('import-preview');
    expect(calls[0]?.path).toBe('/imports/docx/preview');
    expect(calls[0]?.headers['X-Requested-With']).toBe('quire');
    expect(calls[0]?.form.get('h2_as_subchapters')).toBe('false');
    expect(within(preview).getByRole('textbox', { name: /Manuscript title/ })).toHaveValue(
      'The Long Night',
    );

    const first = within(preview).getByRole('textbox', { name: 'Title of section 1' });
    await user.clear(first);
    await user.paste('Prologue');
    await user.click(
      within(preview).getByRole('checkbox', { name: 'Merge with previous: “The Letter”' }),
    );
    await user.click(within(preview).getByRole('button', { name: 'Split “Prologue”' }));
    await user.click(within(preview).getByRole('combobox', { name: 'Start a new section at' }));
    await user.click(await screen.findByRole('option', { name: '4. Morning came.' }));
    await user.click(within(preview).getByRole('textbox', { name: 'New section title' }));
    await user.paste('Dawn');
    await user.click(within(preview).getByRole('button', { name: 'Split here' }));
    await user.click(within(preview).getByRole('checkbox', { name: 'Import: “Chapter Three”' }));
    expect(within(preview).getByText('3 sections will be created.')).toBeVisible();

    await user.click(screen.getByTestId('import-confirm'));
    expect(await screen.findByText('The imported manuscript is open')).toBeVisible();
    const commit = calls[1];
    expect(commit?.path).toBe('/imports/docx');
    expect(commit?.form.get('file')).toBeInstanceOf(File);
    expect(planOf(commit)).toEqual({
      h2_as_subchapters: false,
      title: 'The Long Night',
      manuscript_id: null,
      folder_id: FOLDER,
      sections: [
        {
          index: 0,
          title: 'Prologue',
          include: true,
          merge_with_previous: false,
          split_at: [{ block: 3, title: 'Dawn' }],
        },
        { index: 1, title: 'Chapter Two', include: true, merge_with_previous: false, split_at: [] },
        { index: 2, title: 'The Letter', include: true, merge_with_previous: true, split_at: [] },
        {
          index: 3,
          title: 'Chapter Three',
          include: false,
          merge_with_previous: false,
          split_at: [],
        },
      ],
    });
  });

  it('reads the file again when headings 2 become subchapters', async () => {
    const calls = stubXhr(answerPreviewThenImport);
    renderShelf();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('import-file-input'), docx());
    const preview = await screen.findByTestId('import-preview');
    await user.click(
      within(preview).getByRole('switch', { name: 'Headings 2 become subchapters' }),
    );
    await vi.waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[1]?.path).toBe('/imports/docx/preview');
    expect(calls[1]?.form.get('h2_as_subchapters')).toBe('true');
    await user.click(screen.getByTestId('import-confirm'));
    await screen.findByText('The imported manuscript is open');
    expect(planOf(calls[2])).toMatchObject({
      h2_as_subchapters: true,
    });
  });

  it('keeps the preview and the writer’s edits when the import itself fails', async () => {
    const calls = stubXhr((call) =>
      call.path === '/imports/docx/preview'
        ? success({ preview: buildPreview() })
        : {
            status: 422,
            body: { status: 'failed', data: 'invalid_fields', fields: { plan: 'invalid' } },
          },
    );
    renderShelf();
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('import-file-input'), docx());
    const preview = await screen.findByTestId('import-preview');
    await user.click(within(preview).getByRole('checkbox', { name: 'Import: “Chapter Two”' }));
    await user.click(screen.getByTestId('import-confirm'));
    expect(await within(preview).findByRole('alert')).toBeVisible();
    expect(calls).toHaveLength(2);
    expect(
      within(preview).getByRole('checkbox', { name: 'Import: “Chapter Two”' }),
    ).not.toBeChecked();
  });

  it.each([
    ['half', 'Uploading Novel.docx… 50 %'],
    ['sent', 'Reading the document…'],
  ] as const)('shows the upload’s progress (%s sent), then the preview', async (progress, text) => {
    let release: (answer: XhrAnswer) => void = () => undefined;
    const reply = new Promise<XhrAnswer>((resolve) => {
      release = resolve;
    });
    stubXhr(() => ({ progress, reply }));
    renderShelf();
    await userEvent.setup().upload(screen.getByTestId('import-file-input'), docx());
    expect(await screen.findByTestId('import-progress')).toHaveTextContent(text);
    release(success({ preview: buildPreview() }));
    expect(await screen.findByTestId('import-preview')).toBeInTheDocument();
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('shows a drop zone while a file is dragged over the list, and imports the dropped file', async () => {
    const calls = stubXhr(answerPreviewThenImport);
    renderShelf();
    const { dataTransfer, list } = dropFile(docx());
    expect(screen.getByTestId('import-drop-zone')).toHaveTextContent(
      'Drop a .docx file here to import it',
    );
    expect(screen.getByText(en.import_export.drop_zone_announce)).toBeInTheDocument();
    fireEvent.drop(list, { dataTransfer });
    expect(screen.queryByTestId('import-drop-zone')).toBeNull();
    await screen.findByTestId('import-preview');
    expect(calls).toHaveLength(1);
  });

  it('names a Word 97–2003 file and says what to do, without sending it', async () => {
    const calls = stubXhr(answerPreviewThenImport);
    renderShelf();
    const { dataTransfer, list } = dropFile(docx('Old novel.doc'));
    fireEvent.drop(list, { dataTransfer });
    expect(await screen.findByTestId('import-refusal')).toHaveTextContent(
      'This is a .doc file (Word 97–2003). Open it in Word or LibreOffice and save it as .docx, then import that.',
    );
    expect(calls).toHaveLength(0);
  });

  it.each([
    'format_doc',
    'format_odt',
    'format_pages',
    'format_pdf',
    'format_rtf',
    'not_docx',
    'encrypted',
    'too_many_entries',
    'uncompressed_too_large',
    'missing_document',
    'malformed_xml',
    'empty_document',
  ] as const)('explains the server’s refusal %s', async (reason) => {
    stubXhr(() => ({
      status: 422,
      body: { status: 'failed', data: 'import_failed', fields: { file: reason } },
    }));
    renderShelf();
    await userEvent.setup().upload(screen.getByTestId('import-file-input'), docx());
    expect(await screen.findByTestId('import-refusal')).toHaveTextContent(
      en.import_export.refusal[reason],
    );
  });

  it('explains a file over 40 MB refused by the server', async () => {
    stubXhr(() => ({ status: 413, body: { status: 'failed', data: 'payload_too_large' } }));
    renderShelf();
    await userEvent.setup().upload(screen.getByTestId('import-file-input'), docx());
    expect(await screen.findByTestId('import-refusal')).toHaveTextContent(
      en.import_export.refusal.payload_too_large,
    );
  });

  it('says in Spanish what to do with a Pages file', async () => {
    stubXhr(answerPreviewThenImport);
    await changeLocale('es');
    renderShelf();
    const { dataTransfer, list } = dropFile(docx('Novela.pages'));
    fireEvent.drop(list, { dataTransfer });
    expect(await screen.findByTestId('import-refusal')).toHaveTextContent(
      'Es un archivo .pages (Apple Pages). Ábrelo en Pages, expórtalo como Word (.docx) e importa ese archivo.',
    );
  });

  it('tells an offline writer that importing needs a connection', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const calls = stubXhr(answerPreviewThenImport);
    renderShelf();
    const user = userEvent.setup();
    const button = screen.getByTestId('import-docx-button');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(await screen.findByTestId('import-refusal')).toHaveTextContent(
      en.import_export.needs_connection,
    );
    expect(calls).toHaveLength(0);
  });
});
