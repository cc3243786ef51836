import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SessionUser } from '@/lib/session';
import { GROWING_PAGE } from '@/lib/use-growing-list';
import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { buildLocalRow } from '@/testing/build-local-row';
import { buildUser } from '@/testing/build-user';
import { renderWithProviders } from '@/testing/render-with-providers';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import { NotesDataProvider } from './notes-data';
import { QuickNotesButton } from './quick-notes-button';
import { QuickNotesModal } from './quick-notes-modal';
import type { OpenedFromEditor } from './quick-notes-modal';

const BOOK = 'BookDune00000000000001';
const CHAPTER = 'ChapterOne000000000001';
const GROUP = 'GroupPartOne0000000001';

afterEach(async () => {
  vi.unstubAllGlobals();
  await disposeTestEngines();
});

const user = (overrides: Partial<SessionUser> = {}) =>
  buildUser({ id: TEST_USER, settings: { timezone: 'UTC' }, ...overrides });

const row = buildLocalRow;

async function setup(options: {
  manuscripts?: LocalRecord[];
  notes?: LocalRecord[];
  contents?: LocalRecord[];
  signedIn?: SessionUser;
  fromEditor?: OpenedFromEditor;
}) {
  const test = createTestEngine();
  await test.store('manuscripts', options.manuscripts ?? []);
  await test.store('notes', options.notes ?? []);
  await test.store('contents', options.contents ?? []);
  renderWithProviders(
    <NotesDataProvider data={{ reads: test.engine.reads, writer: test.engine.writer }}>
      <QuickNotesModal
        opened
        onClose={() => undefined}
        user={options.signedIn ?? user()}
        fromEditor={options.fromEditor}
      />
    </NotesDataProvider>,
  );
  return test;
}

const book = row({ id: BOOK, title: 'Dune', folder_id: null });

describe('Quick Notes', () => {
  it('shows only global notes under Global Notes to a writer without manuscripts, and refuses a blank title', async () => {
    const { stored } = await setup({});
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    expect(await within(modal).findByRole('heading', { name: 'Global Notes' })).toBeVisible();
    expect(within(modal).queryByRole('tab')).toBeNull();
    expect(await within(modal).findByText('No notes yet.')).toBeVisible();
    expect(await axeViolations(modal)).toEqual([]);

    const writer = userEvent.setup();
    await writer.click(within(modal).getByRole('button', { name: 'New note' }));
    await writer.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(
      await within(modal).findByText('A note needs a title: it is not saved until it has one.'),
    ).toBeVisible();
    expect(await stored('notes')).toEqual([]);

    await writer.type(within(modal).getByRole('textbox', { name: /Title/ }), 'Ideas');
    await writer.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Note created successfully.')).toBeVisible();
    const notes = await stored('notes');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Ideas', manuscript_id: null, pending: 1 });
    expect(await axeViolations(modal)).toEqual([]);
  });

  it('draws a long group a page at a time and tells how many notes it holds', async () => {
    // The end of the drawn notes never comes near the screen.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe = vi.fn();
        disconnect = vi.fn();
      },
    );
    const total = GROWING_PAGE + 10;
    await setup({
      notes: Array.from({ length: total }, (_, n) =>
        row({
          id: `NoteMany${String(n).padStart(14, '0')}`,
          kind: 'notes',
          manuscript_id: null,
          title: `Note ${String(n)}`,
          updated_at: Date.now() - n * 1000,
        }),
      ),
    });
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    const items = await within(modal).findAllByRole('listitem');
    expect(items).toHaveLength(GROWING_PAGE);
    expect(items[0]).toHaveAttribute('aria-setsize', String(total));
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[GROWING_PAGE - 1]).toHaveAttribute('aria-posinset', String(GROWING_PAGE));
  });

  it('lists a manuscript’s notes by date, filters them by what they are attached to, and searches', async () => {
    const now = Date.now();
    const day = 86_400_000;
    await setup({
      manuscripts: [book],
      contents: [
        row({ id: CHAPTER, kind: 'chapters', manuscript_id: BOOK, name: 'Arrakis' }),
        row({ id: GROUP, kind: 'groups', manuscript_id: BOOK, name: 'Part One' }),
      ],
      notes: [
        row({
          id: 'NoteSpice0000000000001',
          kind: 'notes',
          manuscript_id: BOOK,
          title: 'Spice',
          content: '<p>The melange trade</p>',
          settings: { chapter_id: CHAPTER },
        }),
        row({
          id: 'NoteHouses000000000001',
          kind: 'notes',
          manuscript_id: BOOK,
          title: 'Houses',
          updated_at: now - 3 * day,
          settings: { group_id: GROUP },
        }),
        row({ id: 'NoteGlobal000000000001', kind: 'notes', manuscript_id: null, title: 'Errand' }),
      ],
      fromEditor: { manuscriptId: BOOK, editorEnabled: true },
    });
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    expect(await within(modal).findByRole('tab', { name: 'Manuscript' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const items = await within(modal).findAllByTestId('quick-note-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Spice'),
      expect.stringContaining('Houses'),
    ]);
    expect(within(modal).getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(within(modal).getByRole('heading', { name: 'Previous 7 Days' })).toBeVisible();
    expect(within(modal).getByText('Chapter: Arrakis')).toBeVisible();
    expect(await axeViolations(modal)).toEqual([]);

    const writer = userEvent.setup();
    await writer.click(within(modal).getByRole('radio', { name: 'Folder' }));
    expect(within(modal).getAllByTestId('quick-note-item')).toHaveLength(1);
    expect(within(modal).getByText('Houses')).toBeVisible();
    await writer.click(within(modal).getByRole('radio', { name: 'All' }));
    await writer.type(within(modal).getByRole('searchbox', { name: 'Search notes' }), 'melange');
    expect(within(modal).getAllByTestId('quick-note-item')).toHaveLength(1);
    expect(within(modal).getByText('Spice')).toBeVisible();

    await writer.click(within(modal).getByRole('tab', { name: 'Global' }));
    expect(await within(modal).findByText('Errand')).toBeVisible();
    expect(within(modal).queryByRole('radio', { name: 'Folder' })).toBeNull();
  });

  it('saves as the writer types, says so on Save, duplicates, and deletes into the trash', async () => {
    const { stored } = await setup({
      manuscripts: [book],
      notes: [
        row({ id: 'NotePlot00000000000001', kind: 'notes', manuscript_id: null, title: 'Plot' }),
      ],
    });
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    const writer = userEvent.setup();
    await writer.click(await within(modal).findByText('Plot'));
    const title = within(modal).getByRole('textbox', { name: /Title/ });
    await writer.type(title, ' twist');
    await waitFor(async () => {
      expect((await stored('notes'))[0]).toMatchObject({ title: 'Plot twist', pending: 1 });
    });

    await writer.clear(title);
    expect(
      await within(modal).findByText('A note needs a title: it is not saved until it has one.'),
    ).toBeVisible();
    await writer.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await stored('notes'))[0]).toMatchObject({ title: 'Plot twist' });
    await writer.type(title, 'Plot twists');
    await writer.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note saved successfully.')).toBeVisible();
    await waitFor(async () => {
      expect((await stored('notes'))[0]).toMatchObject({ title: 'Plot twists' });
    });

    await writer.click(within(modal).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Note duplicated successfully')).toBeVisible();
    await waitFor(async () => {
      expect((await stored('notes')).map((note) => note.title).sort()).toEqual([
        'Copy of Plot twists',
        'Plot twists',
      ]);
    });

    await writer.click(within(modal).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete note' });
    expect(within(confirm).getByText('Are you sure you want to delete this note?')).toBeVisible();
    await writer.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The note has been deleted!')).toBeVisible();
    const copy = (await stored('notes')).find((note) => note.title === 'Copy of Plot twists');
    expect(copy?.deleted_at).toEqual(expect.any(Number));
    await waitFor(() => {
      expect(within(modal).getAllByTestId('quick-note-item')).toHaveLength(1);
    });
  });

  it('reads but does not change notes when Premium has lapsed or the manuscript is someone else’s', async () => {
    await setup({
      manuscripts: [book],
      notes: [
        row({ id: 'NoteOld000000000000001', kind: 'notes', manuscript_id: null, title: 'Old' }),
      ],
      signedIn: user({ entitlements: { can_write: false } }),
    });
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    expect(await within(modal).findByTestId('quick-notes-locked')).toHaveTextContent(
      'Your Premium subscription has been cancelled or has expired',
    );
    expect(within(modal).queryByRole('button', { name: 'New note' })).toBeNull();
    const writer = userEvent.setup();
    await writer.click(await within(modal).findByText('Old'));
    expect(within(modal).getByRole('textbox', { name: /Title/ })).toHaveAttribute('readonly');
    expect(within(modal).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says only the owner may change a shared manuscript’s notes', async () => {
    await setup({
      manuscripts: [row({ id: BOOK, title: 'Dune', shared_with_me: 1, shared_permissions: 1 })],
      fromEditor: { manuscriptId: BOOK, editorEnabled: true },
    });
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    expect(await within(modal).findByTestId('quick-notes-locked')).toHaveTextContent(
      'Only the owner of this manuscript can change its notes.',
    );
  });
});

describe('the Quick Notes button', () => {
  it('opens the modal on the editor’s manuscript', async () => {
    const test = createTestEngine();
    await test.store('manuscripts', [book, row({ id: 'BookOther0000000000001', title: 'Emma' })]);
    renderWithProviders(
      <NotesDataProvider data={{ reads: test.engine.reads, writer: test.engine.writer }}>
        <QuickNotesButton user={user()} fromEditor={{ manuscriptId: BOOK, editorEnabled: false }} />
      </NotesDataProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quick Notes' }));
    const modal = await screen.findByRole('dialog', { name: 'Quick Notes' });
    expect(await within(modal).findByDisplayValue('Dune')).toBeVisible();
    expect(within(modal).getByTestId('quick-notes-locked')).toHaveTextContent(
      'The editor is disabled for this manuscript',
    );
  });
});
