import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { axeViolations } from '@/testing/axe';
import { renderWithProviders } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';

import { ExportDialog } from './export-dialog';
import type { ExportChoice } from './export-options';

const CHAPTERS = [
  { id: 'c1', name: 'One', _order: 1 },
  { id: 's1', name: 'The Letter', _order: 1, chapter_id: 'c1' },
  { id: 'c2', name: 'Two', _order: 2 },
];

const SAVED: ExportChoice = {
  format: 'pdf',
  options: {
    chapter_titles: true,
    subchapter_titles: false,
    comments: false,
    footnotes: true,
    preset: {
      kind: 'trade_paperback',
      trim: 'five_by_eight',
      font_size_pt: 10,
      running_heads: true,
    },
  },
};

function renderDialog(settings: unknown = { export: SAVED }, meta: unknown = {}) {
  const saveChoice = vi.fn<(choice: ExportChoice) => Promise<void>>(() => Promise.resolve());
  const saveCovers = vi.fn<(covers: unknown[]) => Promise<void>>(() => Promise.resolve());
  const onClose = vi.fn();
  renderWithProviders(
    <ExportDialog
      manuscript={{ id: 'Manuscript000000000001', title: 'The Long Night', settings, meta }}
      chapters={CHAPTERS}
      subchaptersAsScenes={false}
      saveChoice={saveChoice}
      saveCovers={saveCovers}
      onClose={onClose}
    />,
  );
  return { saveChoice, saveCovers, onClose };
}

interface FetchCall {
  url: string;
  init: RequestInit;
}

function bodyOf(call: FetchCall | undefined): unknown {
  return JSON.parse(call?.init.body as string);
}

function stubDownload(): { calls: FetchCall[]; downloads: string[] } {
  const calls: FetchCall[] = [];
  const downloads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(new Blob(['%PDF-1.7']), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Night.pdf"; filename*=UTF-8''The%20Long%20Night.pdf`,
          },
        }),
      );
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  return { calls, downloads };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:quire/export');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  await changeLocale('en');
});

describe('the export dialog', () => {
  it('restores the manuscript’s last choices', async () => {
    renderDialog();
    const dialog = await screen.findByTestId('export-dialog');
    expect(within(dialog).getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Trade paperback' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Subchapter titles' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Trim size' })).toHaveValue('5 × 8 in');
  });

  it('sends the chosen chapters and options, downloads the file and keeps the choice', async () => {
    const { calls, downloads } = stubDownload();
    const { saveChoice, onClose } = renderDialog();
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('export-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen chapters' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'The Letter' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Two' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Comments' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Running heads' }));
    await user.click(screen.getByTestId('export-submit'));

    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalled();
    });
    expect(calls[0]?.url).toBe('/api/v4/manuscripts/Manuscript000000000001/export');
    expect(new Headers(calls[0]?.init.headers).get('X-Requested-With')).toBe('quire');
    const expected: ExportChoice = {
      format: 'pdf',
      options: {
        chapter_titles: true,
        subchapter_titles: false,
        comments: true,
        footnotes: true,
        preset: {
          kind: 'trade_paperback',
          trim: 'five_by_eight',
          font_size_pt: 10,
          running_heads: false,
        },
      },
    };
    expect(bodyOf(calls[0])).toEqual({
      ...expected,
      chapter_ids: ['s1', 'c2'],
    });
    expect(downloads).toEqual(['The Long Night.pdf']);
    expect(saveChoice).toHaveBeenCalledWith(expected);
  });

  it('sends the standard manuscript format with its contact block for Word', async () => {
    const { calls } = stubDownload();
    const { saveChoice } = renderDialog({});
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('export-dialog');
    await user.click(within(dialog).getByRole('textbox', { name: /Contact block/ }));
    await user.paste('Ana Pérez\n12 Calle Mayor\n\nana@example.com');
    await user.click(within(dialog).getByRole('textbox', { name: 'Surname for the page header' }));
    await user.paste('Pérez');
    await user.click(screen.getByTestId('export-submit'));
    await vi.waitFor(() => {
      expect(saveChoice).toHaveBeenCalled();
    });
    expect(bodyOf(calls[0])).toEqual({
      format: 'docx',
      chapter_ids: null,
      options: {
        chapter_titles: true,
        subchapter_titles: true,
        comments: false,
        footnotes: true,
        preset: {
          kind: 'standard_manuscript',
          font: 'times_new_roman',
          contact: ['Ana Pérez', '12 Calle Mayor', 'ana@example.com'],
          surname: 'Pérez',
        },
      },
    });
  });

  it('makes an EPUB an ebook in the chosen language', async () => {
    const { calls } = stubDownload();
    renderDialog({});
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('export-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'EPUB (ebook)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Language of the book' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish' }));
    await user.click(screen.getByTestId('export-submit'));
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(bodyOf(calls[0])).toMatchObject({
      format: 'epub',
      options: { preset: { kind: 'ebook', language: 'es', cover: null } },
    });
  });

  it('uploads a chosen cover and keeps it first in the manuscript’s covers', async () => {
    const calls = stubApi({
      'POST /uploads/': success({ id: 'Upload0000000000000new', url: '/api/v4/uploads/new' }),
    });
    const { saveCovers } = renderDialog({}, { covers: ['/api/v4/uploads/old'] });
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('export-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'EPUB (ebook)' }));
    expect(within(dialog).getByRole('img', { name: "The manuscript's cover" })).toHaveAttribute(
      'src',
      '/api/v4/uploads/old',
    );
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', {
      type: 'image/png',
    });
    await user.upload(within(dialog).getByTestId('ebook-cover-input'), png);
    await vi.waitFor(() => {
      expect(saveCovers).toHaveBeenCalledWith(['/api/v4/uploads/new', '/api/v4/uploads/old']);
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/uploads/',
      body: {
        manuscript_id: 'Manuscript000000000001',
        file: { name: 'cover.png', type: 'image/png', data: 'data:image/png;base64,iVBORw==' },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the cover' }));
    expect(saveCovers).toHaveBeenLastCalledWith([]);
  });

  it('says why a cover was refused', async () => {
    stubApi({ 'POST /uploads/': refusal(413, 'file_too_large') });
    const { saveCovers } = renderDialog({});
    const user = userEvent.setup();
    const dialog = await screen.findByTestId('export-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'EPUB (ebook)' }));
    expect(within(dialog).getByText(/No cover yet/)).toBeVisible();
    const png = new File([new Uint8Array([1])], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByTestId('ebook-cover-input'), png);
    expect(await within(dialog).findByRole('alert')).not.toBeEmptyDOMElement();
    expect(saveCovers).not.toHaveBeenCalled();
  });

  it('shows the refusal’s message and stays open', async () => {
    stubApi({ 'POST /manuscripts/Manuscript000000000001/export': refusal(403, 'not_authorized') });
    const { saveChoice, onClose } = renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('export-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
    expect(onClose).not.toHaveBeenCalled();
    expect(saveChoice).not.toHaveBeenCalled();
  });

  it('will not export chosen chapters until one is ticked', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Chosen chapters' }));
    expect(screen.getByText('Choose at least one chapter.')).toBeVisible();
    expect(screen.getByTestId('export-submit')).toBeDisabled();
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    renderDialog({});
    const dialog = await screen.findByTestId('export-dialog');
    expect(within(dialog).getByRole('radio', { name: 'Texto sin formato' })).toBeVisible();
    expect(within(dialog).getByText('Formato estándar de manuscrito')).toBeVisible();
  });

  it('has no serious accessibility violations', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Chosen chapters' }));
    expect(await axeViolations()).toEqual([]);
  });
});
