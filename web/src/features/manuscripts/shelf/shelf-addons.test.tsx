import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { buildManuscript } from '@/testing/build-shelf';
import { createFakeShelfRemote } from '@/testing/fake-shelf-remote';
import { renderRoutes } from '@/testing/render-with-providers';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import { ManuscriptsPage } from '../manuscripts-page';
import type { ShelfAddons } from './addons';
import { ManuscriptsPortProvider } from './port-context';

const USER = 'UserAnaWriter000000001';

afterEach(async () => {
  await disposeTestEngines();
});

/** What the import-export feature adds, as app/ hands it in: stand-ins that say what they got. */
const ADDONS: ShelfAddons = {
  Frame: ({ folderId, children }: { folderId: string | null; children: ReactNode }) => (
    <section aria-label={`Import frame of ${folderId ?? 'the top level'}`}>{children}</section>
  ),
  ToolbarAction: () => <button type="button">Import stand-in</button>,
  ExportDialog: ({ manuscript }) => <div role="dialog" aria-label={`Export ${manuscript.title}`} />,
};

async function open(addons?: ShelfAddons) {
  const remote = createFakeShelfRemote();
  remote.seed('manuscripts', buildManuscript({ id: 'dune', title: 'Dune' }));
  const { engine, store } = createTestEngine({ remote, userId: USER });
  await store('manuscripts', [
    {
      ...buildManuscript({ id: 'dune', title: 'Dune' }),
      user_id: USER,
      pending: 0,
      pending_ops: [],
    },
  ]);
  const { port } = engine;
  renderRoutes(
    [
      {
        path: '/manuscripts',
        element: (
          <ManuscriptsPortProvider port={port}>
            <ManuscriptsPage addons={addons} />
          </ManuscriptsPortProvider>
        ),
      },
    ],
    '/manuscripts',
  );
  return userEvent.setup();
}

describe('the manuscripts list with what app/ adds to it', () => {
  it('sits in the frame, shows the import beside New manuscript, and offers a manuscript’s export', async () => {
    const user = await open(ADDONS);
    const frame = await screen.findByRole('region', { name: 'Import frame of the top level' });
    expect(within(frame).getByRole('link', { name: 'Dune' })).toBeVisible();
    expect(within(frame).getByRole('button', { name: 'Import stand-in' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Options for Dune' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export…' }));
    expect(await screen.findByRole('dialog', { name: 'Export Dune' })).toBeInTheDocument();
  });

  it('offers no export without it', async () => {
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Options for Dune' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Export…' })).toBeNull();
  });
});
