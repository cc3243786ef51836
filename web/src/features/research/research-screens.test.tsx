import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { buildLocalRow } from '@/testing/build-local-row';
import { renderWithProviders } from '@/testing/render-with-providers';
import { stubApi, success } from '@/testing/stub-api';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import { EditorResearch } from './editor-research';
import type { ResearchWorkspace } from './research-store';

const BOOK = 'BookLight0000000000001';

afterEach(async () => {
  // Unmounted first, and the sync's 1 s debounce after a last write run out, before the
  // database goes.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  await disposeTestEngines();
});

function row(fields: Partial<LocalRecord> & { id: string }): LocalRecord {
  return buildLocalRow({ manuscript_id: BOOK, kind: 'researches', ...fields });
}

/** The editor's header entry over a real local store. */
async function setup(options: { rows?: LocalRecord[]; canWrite?: boolean; path?: string } = {}) {
  const test = createTestEngine();
  test.engine.outbox.pause();
  await test.store('contents', options.rows ?? []);
  const workspace: ResearchWorkspace = {
    manuscript: { id: BOOK },
    writer: test.engine.writer,
    reads: test.engine.reads,
    canWrite: options.canWrite ?? true,
  };
  renderWithProviders(<EditorResearch workspace={workspace} />, options.path ?? '/');
  const researches = async () =>
    (await test.stored('contents')).filter((r) => r.kind === 'researches');
  return { ...test, researches };
}

const lights = row({
  id: 'ResearchLights00000001',
  name: 'Lighthouses',
  description: '<p>Keepers and their lamps</p>',
  cover: '',
  _order: 100,
  items: [
    { id: 'note-1', type: 'note', order: 100, content: '<p>Fresnel lens</p>' },
    { id: 'link-1', type: 'link', order: 101, url: 'https://lights.example/', title: 'Museum' },
  ],
});
const whales = row({
  id: 'ResearchWhales00000001',
  name: 'Whaling',
  description: '',
  cover: '',
  _order: 101,
  items: [],
});

describe('the research board', { timeout: 30_000 }, () => {
  it('opens from the editor header, shows each research and searches its items', async () => {
    await setup({ rows: [whales, lights] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Research' }));
    const board = await screen.findByTestId('research-board');
    const cards = within(board).getAllByTestId('research-card');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Lighthouses'),
      expect.stringContaining('Whaling'),
    ]);
    expect(cards[0]).toHaveTextContent('Keepers and their lamps');
    expect(cards[0]).toHaveTextContent('2 items');
    expect(cards[1]).toHaveTextContent('0 items');
    const search = within(board).getByRole('searchbox', { name: 'Search research' });
    await user.type(search, 'fresnel');
    expect(within(board).getAllByTestId('research-card')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'nothing here');
    expect(within(board).getByRole('status')).toHaveTextContent('No research matches the search.');
  });

  it('moves a research later and opens one from the keyboard', async () => {
    const { researches } = await setup({ rows: [lights, whales], path: '/?research=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('research-board');
    await user.click(within(board).getByRole('button', { name: 'Move Lighthouses later' }));
    await waitFor(async () => {
      const orders = Object.fromEntries(
        (await researches()).map((r) => [String(r.name), r._order] as const),
      );
      expect(orders).toEqual({ Whaling: 100, Lighthouses: 101 });
    });
    // Last now: focus moves to the button still of use, not lost with the moved card.
    await waitFor(() => {
      expect(within(board).getByRole('button', { name: 'Move Lighthouses earlier' })).toHaveFocus();
    });
    within(board).getByRole('button', { name: 'Open Whaling' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('research-page')).toBeVisible();
    expect(screen.getByTestId('research-name')).toHaveValue('Whaling');
  });

  it('has no serious accessibility violations, board and page', async () => {
    await setup({ rows: [lights, whales], path: '/?research=board' });
    await screen.findByTestId('research-board');
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open Lighthouses' }));
    await screen.findByTestId('research-page');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a Viewer the research without ways to change it', async () => {
    await setup({ rows: [lights], canWrite: false, path: `/?research=${lights.id}` });
    const page = await screen.findByTestId('research-page');
    expect(within(page).queryByRole('button', { name: 'Delete research' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Add a note' })).toBeNull();
    expect(within(page).queryByRole('button', { name: /^Move up/ })).toBeNull();
    expect(within(page).getByRole('link', { name: /Museum/ })).toHaveAttribute(
      'href',
      'https://lights.example/',
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    await setup({ rows: [lights], path: '/?research=board' });
    const board = await screen.findByTestId('research-board');
    expect(within(board).getByRole('button', { name: 'Nueva investigación' })).toBeVisible();
    expect(within(board).getByTestId('research-card')).toHaveTextContent('2 elementos');
  });
});

describe('a research, created, filled and deleted', { timeout: 40_000 }, () => {
  it('creates a research from 100, adds a link and a note, reorders and removes items, then trashes and recovers it', async () => {
    const { researches } = await setup({ path: '/?research=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('research-board');
    expect(within(board).getByText(/No research yet/)).toBeVisible();
    await user.click(within(board).getByRole('button', { name: 'New research' }));
    const dialog = await screen.findByRole('dialog', { name: 'New research' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name is required.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Storms');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const page = await screen.findByTestId('research-page');
    const [created] = await researches();
    expect(created).toMatchObject({ name: 'Storms', _order: 100, items: [], pending: 1 });

    await user.click(within(page).getByRole('button', { name: 'Add a link' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Add a link' });
    await user.type(within(linkDialog).getByRole('textbox', { name: 'Address' }), 'http://x.org');
    await user.type(within(linkDialog).getByRole('textbox', { name: 'Title' }), 'Beaufort scale');
    await user.click(within(linkDialog).getByRole('button', { name: 'Add link' }));
    expect(within(linkDialog).getByText('Enter a valid https:// address.')).toBeVisible();
    const address = within(linkDialog).getByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'metoffice.gov.uk/beaufort');
    await user.click(within(linkDialog).getByRole('button', { name: 'Add link' }));
    const link = await within(page).findByRole('link', { name: /Beaufort scale/ });
    expect(link).toHaveAttribute('href', 'https://metoffice.gov.uk/beaufort');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await user.click(within(page).getByRole('button', { name: 'Add a note' }));
    await waitFor(() => {
      expect(within(page).getAllByTestId('research-item')).toHaveLength(2);
    });
    await user.click(within(page).getByRole('button', { name: 'Move up: Note 2' }));
    await waitFor(async () => {
      const [stored] = await researches();
      expect(stored?.items).toEqual([
        { id: expect.any(String) as string, type: 'note', order: 100, content: '' },
        {
          id: expect.any(String) as string,
          type: 'link',
          order: 101,
          url: 'https://metoffice.gov.uk/beaufort',
          title: 'Beaufort scale',
        },
      ]);
    });
    // The focus stays with the moved note (at the top now: on its other move button).
    await waitFor(() => {
      expect(within(page).getByRole('button', { name: 'Move down: Note 1' })).toHaveFocus();
    });
    await user.click(within(page).getByRole('button', { name: 'Remove item: Note 1' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(async () => {
      const [stored] = await researches();
      expect((stored?.items as { type: string }[]).map((item) => item.type)).toEqual(['link']);
    });

    await user.click(within(page).getByRole('button', { name: 'Delete research' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const back = await screen.findByTestId('research-board');
    const trashRow = await within(back).findByTestId('research-trash-row');
    expect(trashRow).toHaveTextContent('60 days left');
    await user.click(within(trashRow).getByRole('button', { name: 'Recover Storms' }));
    expect(await within(back).findByRole('button', { name: 'Open Storms' })).toBeVisible();
  });

  it('refuses a file that is not a PDF, keeps a PDF as a file that opens in a new tab and shows a picture', async () => {
    let upload = 0;
    const calls = stubApi({
      'POST /uploads/': () => {
        upload += 1;
        return success({ url: `/api/v4/uploads/Up${String(upload)}` });
      },
    });
    const { researches } = await setup({ rows: [whales], path: `/?research=${whales.id}` });
    const user = userEvent.setup({ applyAccept: false });
    const page = await screen.findByTestId('research-page');
    const fileInput = within(page).getByTestId('research-file-input');
    await user.upload(fileInput, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(page).findByRole('alert')).toHaveTextContent('Choose a PDF file.');
    expect(calls).toHaveLength(0);
    await user.upload(
      fileInput,
      new File(['%PDF-1.4'], 'logbook.pdf', { type: 'application/pdf' }),
    );
    const open = await within(page).findByRole('link', { name: /Open logbook\.pdf/ });
    expect(open).toHaveAttribute('href', '/api/v4/uploads/Up1');
    expect(open).toHaveAttribute('target', '_blank');
    await user.upload(
      within(page).getByTestId('research-image-input'),
      new File([new Uint8Array([137, 80])], 'harpoon.png', { type: 'image/png' }),
    );
    expect(await within(page).findByRole('img', { name: 'harpoon.png' })).toHaveAttribute(
      'src',
      '/api/v4/uploads/Up2',
    );
    await user.upload(
      within(page).getByTestId('research-cover-input'),
      new File([new Uint8Array([137, 80])], 'cover.png', { type: 'image/png' }),
    );
    expect(await within(page).findByRole('img', { name: 'Cover of Whaling' })).toBeVisible();
    const [stored] = await researches();
    expect(stored).toMatchObject({
      cover: '/api/v4/uploads/Up3',
      items: [
        { type: 'file', order: 100, url: '/api/v4/uploads/Up1', name: 'logbook.pdf' },
        { type: 'image', order: 101, url: '/api/v4/uploads/Up2', name: 'harpoon.png' },
      ],
    });
  });
});
