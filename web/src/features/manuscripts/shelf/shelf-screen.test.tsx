import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { paths, wantsTextFocus } from '@/lib/paths';
import { buildFolder, buildManuscript, DAY } from '@/testing/build-shelf';
import { createFakeShelfRemote } from '@/testing/fake-shelf-remote';
import { renderRoutes } from '@/testing/render-with-providers';
import { stubApi, success } from '@/testing/stub-api';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import { FolderPage } from '../folder-page';
import { ManuscriptsPage } from '../manuscripts-page';
import { ManuscriptsPortProvider } from './port-context';

const USER = 'UserAnaWriter000000001';

afterEach(async () => {
  await disposeTestEngines();
});

interface Seed {
  folders?: Parameters<typeof buildFolder>[0][];
  manuscripts?: Parameters<typeof buildManuscript>[0][];
  online?: boolean;
}

/** Opens the list on a fresh local database holding `seed`, over an in-memory server. */
async function open(path: string, seed: Seed = {}) {
  const remote = createFakeShelfRemote();
  const { db, engine } = createTestEngine({ remote, userId: USER });
  const marks = { user_id: USER, pending: 0 as const, pending_ops: [] };
  await db.folders.bulkPut((seed.folders ?? []).map((f) => ({ ...buildFolder(f), ...marks })));
  await db.manuscripts.bulkPut(
    (seed.manuscripts ?? []).map((m) => ({ ...buildManuscript(m), ...marks })),
  );
  remote.online = seed.online ?? false;
  // The server knows what the device knows.
  for (const f of seed.folders ?? []) remote.seed('folders', buildFolder(f));
  for (const m of seed.manuscripts ?? []) remote.seed('manuscripts', buildManuscript(m));
  const { port } = engine;
  const wrap = (element: React.ReactNode) => (
    <ManuscriptsPortProvider port={port}>{element}</ManuscriptsPortProvider>
  );
  renderRoutes(
    [
      { path: '/manuscripts', element: wrap(<ManuscriptsPage />) },
      { path: '/manuscripts/:id', element: wrap(<FolderPage />) },
      { path: '/manuscript/:id', element: <EditorStub /> },
    ],
    path,
  );
  return { db, remote, port, user: userEvent.setup() };
}

/** Stands in for the editor: which manuscript, whether it was asked for the caret in the text. */
function EditorStub() {
  const { id } = useParams();
  const state: unknown = useLocation().state;
  return (
    <>
      <h1>Editor of {id}</h1>
      <p>{wantsTextFocus(state) ? 'caret in the text' : 'caret where it was'}</p>
      <Link to={paths.manuscripts}>Back to the list</Link>
    </>
  );
}

/** The toolbar and the empty state both offer 'New manuscript': the first one. */
async function openNewManuscript(user: ReturnType<typeof userEvent.setup>) {
  const [button] = await screen.findAllByRole('button', { name: 'New manuscript' });
  if (!button) throw new Error('No New manuscript button');
  await user.click(button);
}

const listed = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      return link.textContent;
    });

describe('the manuscripts list', () => {
  it('shows what is on the device while the server cannot be reached', async () => {
    await open(paths.manuscripts, {
      folders: [{ id: 'novels', name: 'Novels' }],
      manuscripts: [{ id: 'dune', title: 'Dune' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Dune' })).toHaveAttribute(
      'href',
      '/manuscript/dune',
    );
    expect(screen.getByRole('link', { name: 'Novels' })).toHaveAttribute(
      'href',
      '/manuscripts/novels',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('You are offline.');
  });

  it('searches titles, sorts, and remembers list mode', async () => {
    const { user } = await open(paths.manuscripts, {
      manuscripts: [
        { id: 'dune', title: 'Dune', updated_at: Date.now() - DAY },
        { id: 'emma', title: 'Emma', updated_at: Date.now() - 3 * DAY },
        { id: 'arrival', title: 'Arrival', updated_at: Date.now() - 2 * DAY },
      ],
    });
    await screen.findByRole('link', { name: 'Dune' });
    expect(listed()).toEqual(['Dune', 'Arrival', 'Emma']);

    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Title' }));
    await waitFor(() => {
      expect(listed()).toEqual(['Arrival', 'Dune', 'Emma']);
    });

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'MM');
    expect(listed()).toEqual(['Emma']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'x');
    expect(screen.getByText('No folders or manuscripts here match “MMx”.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(window.localStorage.getItem('quire.manuscripts_view')).toBe('list');
  });

  it('invites to create something when empty; Enter creates a blank manuscript and opens it', async () => {
    const { db, user } = await open(paths.manuscripts);
    expect(await screen.findByText('No manuscripts yet')).toBeVisible();
    await openNewManuscript(user);
    const dialog = await screen.findByRole('dialog', { name: 'New manuscript' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Manuscript title/ }),
      'Dune{Enter}',
    );
    const rows = await db.manuscripts.toArray();
    expect(rows).toMatchObject([{ title: 'Dune', folder_id: null, pending: 1 }]);
    const [created] = rows;
    expect(
      await screen.findByRole('heading', { level: 1, name: `Editor of ${created?.id ?? ''}` }),
    ).toBeVisible();
    expect(screen.getByText('caret in the text')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByRole('link', { name: 'Dune' })).toBeVisible();
    expect(screen.getByText('Not synced yet')).toBeVisible();
  });

  it('opens a manuscript made from a template once the server has made it', async () => {
    stubApi({
      'GET /templates/enabled_new': success([
        { id: 'TplThreeAct', name: 'Three-Act Structure', category: 'fiction', structure: {} },
      ]),
    });
    const { user, remote } = await open(paths.manuscripts, { online: true });
    await openNewManuscript(user);
    const dialog = await screen.findByRole('dialog', { name: 'New manuscript' });
    await user.click(within(dialog).getByText('From a template'));
    await user.click(await within(dialog).findByRole('radio', { name: /Three-Act Structure/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const heading = await screen.findByRole('heading', { level: 1, name: /^Editor of / });
    const [made] = [...remote.rows.manuscripts.values()];
    expect(made?.title).toBe('Three-Act Structure');
    expect(heading).toHaveTextContent(`Editor of ${made?.id ?? 'nothing'}`);
    expect(screen.getByText('caret in the text')).toBeVisible();
  });

  it('says so clearly when the device is out of storage', async () => {
    const { db, user } = await open(paths.manuscripts);
    vi.spyOn(db.manuscripts, 'put').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    await openNewManuscript(user);
    const dialog = await screen.findByRole('dialog', { name: 'New manuscript' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Manuscript title/ }),
      'Big{Enter}',
    );
    expect(await screen.findByText('This device is out of storage')).toBeVisible();
    expect(screen.getByText(/its storage is full/)).toBeVisible();
    // The dialog stays open, so nothing typed is lost.
    expect(screen.getByRole('dialog', { name: 'New manuscript' })).toBeVisible();
  });

  it('sends pending changes and refreshes once the browser is back online', async () => {
    const { remote, user } = await open(paths.manuscripts);
    await openNewManuscript(user);
    const dialog = await screen.findByRole('dialog', { name: 'New manuscript' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Manuscript title/ }),
      'Later{Enter}',
    );
    await user.click(await screen.findByRole('link', { name: 'Back to the list' }));
    expect(await screen.findByText('Not synced yet')).toBeVisible();
    remote.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(
      () => {
        expect(screen.queryByText('Not synced yet')).toBeNull();
      },
      { timeout: 3000 },
    );
    expect(remote.calls).toEqual(expect.arrayContaining(['GET manuscripts?deleted=true']));
    expect([...remote.rows.manuscripts.values()].map((m) => m.title)).toEqual(['Later']);
  });

  it("cuts a paste at 255 characters and says 'Character limit reached.'", async () => {
    const { user } = await open(paths.manuscripts);
    await openNewManuscript(user);
    const field = within(await screen.findByRole('dialog')).getByRole('textbox', {
      name: /Manuscript title/,
    });
    await user.click(field);
    await user.paste('x'.repeat(300));
    expect(field).toHaveValue('x'.repeat(255));
    expect(screen.getByText('Character limit reached.')).toBeVisible();
  });

  it('needs the network for a template and says so', async () => {
    stubApi({
      'GET /templates/enabled_new': success([
        {
          id: 'TplMemoir',
          name: 'Memoir',
          description: 'A life',
          category: 'non_fiction',
          _order: 1,
          structure: {},
        },
        {
          id: 'TplThreeAct',
          name: 'Three-Act Structure',
          description: 'Setup',
          category: 'fiction',
          _order: 0,
          structure: {},
        },
      ]),
    });
    const { user, remote } = await open(paths.manuscripts);
    await openNewManuscript(user);
    const dialog = await screen.findByRole('dialog', { name: 'New manuscript' });
    await user.click(within(dialog).getByText('From a template'));
    const groups = await within(dialog).findAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual(['Fiction', 'Non-fiction']);
    await user.click(within(dialog).getByRole('radio', { name: /Three-Act Structure/ }));
    expect(within(dialog).getByRole('textbox', { name: /Manuscript title/ })).toHaveValue(
      'Three-Act Structure',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        /Creating a manuscript from a template needs an internet connection/,
        {
          selector: '.mantine-Modal-body p',
        },
      ),
    ).toBeVisible();
    expect(remote.calls).toContain('POST templates/use/TplThreeAct');
  });

  it('deletes a manuscript after confirmation, then offers Recently Deleted', async () => {
    const { user } = await open(paths.manuscripts, {
      manuscripts: [{ id: 'dune', title: 'Dune' }],
    });
    await screen.findByRole('link', { name: 'Dune' });
    expect(screen.queryByRole('link', { name: 'Recently Deleted' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Options for Dune' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete manuscript' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The manuscript has been deleted!')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Recently Deleted' })).toHaveAttribute(
      'href',
      '/manuscripts?view=trash',
    );
    expect(screen.queryByRole('link', { name: 'Dune' })).toBeNull();
  });

  it('refuses a blank duplicate title', async () => {
    const { user } = await open(paths.manuscripts, {
      manuscripts: [{ id: 'dune', title: 'Dune' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Options for Dune' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate manuscript' });
    const field = within(dialog).getByRole('textbox', { name: /Title of the copy/ });
    expect(field).toHaveValue('Copy of Dune');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(within(dialog).getByText('Manuscript title is required.')).toBeVisible();
  });

  it('shows a folder with its path back to the root', async () => {
    await open(paths.folder('drafts'), {
      folders: [
        { id: 'novels', name: 'Novels' },
        { id: 'drafts', name: 'Drafts', folder_id: 'novels' },
      ],
      manuscripts: [{ id: 'wip', title: 'Work in progress', folder_id: 'drafts' }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(trail).getByRole('link', { name: 'Manuscripts' })).toHaveAttribute(
      'href',
      '/manuscripts',
    );
    expect(within(trail).getByRole('link', { name: 'Novels' })).toHaveAttribute(
      'href',
      '/manuscripts/novels',
    );
    expect(screen.getByRole('link', { name: 'Work in progress' })).toBeVisible();
  });

  it('disables moving a folder into a folder inside it', async () => {
    const { user } = await open(paths.manuscripts, {
      folders: [
        { id: 'novels', name: 'Novels' },
        { id: 'drafts', name: 'Drafts', folder_id: 'novels' },
        { id: 'ideas', name: 'Ideas' },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Options for Novels' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Novels”' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    expect(await screen.findByRole('option', { name: 'Novels / Drafts' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(
      screen.getByRole('option', { name: 'Manuscripts (top level) (current)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Ideas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Novels' })).toBeNull();
    });
  });
});

describe('Recently Deleted', () => {
  const trash: Seed = {
    folders: [{ id: 'binned', name: 'Binned', deleted_at: Date.now() - 3 * DAY }],
    manuscripts: [
      { id: 'gone', title: 'Gone', deleted_at: Date.now() - 59.5 * DAY },
      { id: 'dune', title: 'Dune' },
    ],
  };

  it('lists the trash with days left, and recovers the selection', async () => {
    const { user, db } = await open('/manuscripts?view=trash', trash);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recently Deleted' }),
    ).toBeVisible();
    const list = screen.getByRole('list', { name: 'Recently Deleted' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Binned.*57 days left/),
      expect.stringMatching(/^Gone.*1 day left/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('checkbox', { name: 'Select Gone' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Unselect All' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Recover selected' }));
    expect(
      await screen.findByText('The manuscripts and Folders has been recovered Successfully!'),
    ).toBeVisible();
    expect(await screen.findByText('Recently Deleted is empty')).toBeVisible();
    expect((await db.manuscripts.toArray()).every((m) => m.deleted_at === null)).toBe(true);
  });

  it('recovers one folder, and deletes one item permanently after confirmation', async () => {
    const { user, db } = await open('/manuscripts?view=trash', trash);
    await user.click(await screen.findByRole('button', { name: 'Recover Binned' }));
    expect(await screen.findByText('The folder has been recovered!')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete Gone permanently' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete permanently' });
    expect(dialog).toHaveTextContent('Delete “Gone” permanently? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(
      await screen.findByText('The manuscripts and Folders has been Deleted Successfully!'),
    ).toBeVisible();
    await waitFor(async () => {
      expect((await db.manuscripts.get('gone'))?.pending_ops).toEqual(['hard_delete']);
    });
  });
});
