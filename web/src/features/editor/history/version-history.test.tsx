import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render-with-providers';
import { refusal, stubApi, success } from '@/testing/stub-api';
import type { StubRoute } from '@/testing/stub-api';

import { VersionHistory } from './version-history';

const CHAPTER = 'ChapterOne000000000001';
const NAMED = 'VersionNamed0000000001';
const AUTO = 'VersionAuto00000000001';
const T = Date.UTC(2026, 10, 20, 9, 30);

const named = {
  id: NAMED,
  chapter_id: CHAPTER,
  name: 'Before the rewrite',
  words: 4,
  created_at: T,
  updated_at: T,
};
const automatic = {
  id: AUTO,
  chapter_id: CHAPTER,
  name: '',
  words: 1,
  automatic: true,
  created_at: T - 60_000,
  updated_at: T - 60_000,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(
  routes: Record<string, StubRoute>,
  props: { readOnly?: boolean; currentHtml?: string } = {},
) {
  const calls = stubApi(routes);
  const currentHtml = vi.fn(() => props.currentHtml ?? '<p>The cat sat on the mat.</p>');
  renderWithProviders(
    <VersionHistory
      chapterId={CHAPTER}
      chapterName="Chapter One"
      opened
      onClose={vi.fn()}
      currentHtml={currentHtml}
      readOnly={props.readOnly ?? false}
    />,
  );
  return { calls, user: userEvent.setup() };
}

const listing = { [`GET /chapter_versions/chapter/${CHAPTER}`]: success([named, automatic]) };

// Many typed keystrokes per test: generous under a loaded CI machine.
describe('VersionHistory', { timeout: 20_000 }, () => {
  it('lists the versions newest first, with names, snapshots and words', async () => {
    open(listing);
    const list = await screen.findByRole('list', { name: 'Versions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Before the rewrite');
    expect(items[0]).toHaveTextContent('4 words');
    expect(items[1]).toHaveTextContent('Automatic snapshot');
    expect(items[1]).toHaveTextContent('1 word');
    expect(screen.getByRole('dialog')).toHaveTextContent('Version history: Chapter One');
  });

  it('says so when there are no versions yet, and when they cannot be loaded', async () => {
    open({ [`GET /chapter_versions/chapter/${CHAPTER}`]: success([]) });
    expect(await screen.findByText(/No versions yet/)).toBeInTheDocument();
  });

  it('offers to try again after a failed load', async () => {
    let calls = 0;
    const { user } = open({
      [`GET /chapter_versions/chapter/${CHAPTER}`]: () => {
        calls += 1;
        return calls === 1 ? refusal(500, 'internal') : success([named]);
      },
    });
    expect(await screen.findByText('The versions could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Before the rewrite')).toBeInTheDocument();
  });

  it('saves a named version on Enter and lists it', async () => {
    let saved = false;
    const { calls, user } = open({
      [`GET /chapter_versions/chapter/${CHAPTER}`]: () =>
        success(
          saved ? [{ ...named, id: 'VersionNew000000000001', name: 'Draft two' }, named] : [named],
        ),
      'POST /chapter_versions/add': () => {
        saved = true;
        return success({ ...named, id: 'VersionNew000000000001', name: 'Draft two', content: '' });
      },
    });
    await screen.findByText('Before the rewrite');
    const name = screen.getByRole('textbox', { name: /Version name/ });
    await user.type(name, '{Enter}');
    expect(screen.getByText('Give the version a name.')).toBeInTheDocument();
    await user.type(name, 'Draft two{Enter}');
    expect(await screen.findByText('Version saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/chapter_versions/add',
      body: { chapter_id: CHAPTER, name: 'Draft two' },
    });
    expect(await screen.findByText('Draft two')).toBeInTheDocument();
    expect(name).toHaveValue('');
  });

  it('cuts a long pasted name to 255 characters and says the limit was reached', async () => {
    const { user } = open(listing);
    await screen.findByText('Before the rewrite');
    const name = screen.getByRole('textbox', { name: /Version name/ });
    await user.click(name);
    await user.paste('x'.repeat(300));
    expect(name).toHaveValue('x'.repeat(255));
    expect(screen.getByText('Character limit reached.')).toBeInTheDocument();
  });

  it('previews a version with its word changes from the current text marked and labelled', async () => {
    const { user } = open({
      ...listing,
      [`GET /chapter_versions/get/${NAMED}`]: success({
        ...named,
        content: '<p>The dog sat on the mat.</p>',
      }),
    });
    await user.click(await screen.findByText('Before the rewrite'));
    const diff = await screen.findByTestId('version-diff');
    const added = diff.querySelector('ins');
    const removed = diff.querySelector('del');
    expect(added).toHaveTextContent('[Only in this version] dog');
    expect(removed).toHaveTextContent('[Only in the current text] cat');
    expect(diff).toHaveTextContent(/sat on the mat\./);
  });

  it('finds nothing changed when the version has the same text and footnotes as the chapter', async () => {
    const withNote =
      '<p>The cat sat.<sup data-type="footnote" class="footnote-ref" data-id="f1"></sup></p>';
    const notes =
      '<section data-type="footnotes"><ol><li data-id="f1"><p>A real cat.</p></li></ol></section>';
    const { user } = open(
      {
        ...listing,
        [`GET /chapter_versions/get/${NAMED}`]: success({ ...named, content: withNote + notes }),
      },
      { currentHtml: withNote + notes },
    );
    await user.click(await screen.findByText('Before the rewrite'));
    expect(
      await screen.findByText('This version has the same text as the chapter now.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('version-footnotes-diff')).toHaveTextContent('1. A real cat.');
    expect(document.querySelector('ins, del')).toBeNull();
  });

  it('marks a changed footnote under the footnotes, and a replaced phrase whole', async () => {
    const { user } = open(
      {
        ...listing,
        [`GET /chapter_versions/get/${NAMED}`]: success({
          ...named,
          content:
            '<p>The quick brown fox.</p><section data-type="footnotes"><ol>' +
            '<li data-id="f1"><p>Old source.</p></li></ol></section>',
        }),
      },
      {
        currentHtml:
          '<p>The slow red fox.</p><section data-type="footnotes"><ol>' +
          '<li data-id="f1"><p>New source.</p></li></ol></section>',
      },
    );
    await user.click(await screen.findByText('Before the rewrite'));
    const text = await screen.findByTestId('version-diff');
    expect(text).toHaveTextContent(
      'The [Only in the current text] slow red [Only in this version] quick brown fox.',
    );
    const notes = screen.getByTestId('version-footnotes-diff');
    expect(notes.querySelector('del')).toHaveTextContent('New');
    expect(notes.querySelector('ins')).toHaveTextContent('Old');
  });

  it('restores a version after a confirmation', async () => {
    const { calls, user } = open({
      ...listing,
      [`GET /chapter_versions/get/${NAMED}`]: success({ ...named, content: '<p>Old.</p>' }),
      [`POST /chapter_versions/copy/${NAMED}`]: success({ content: '<p>Old.</p>' }),
    });
    await user.click(await screen.findByText('Before the rewrite'));
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(calls.some((call) => call.path.startsWith('/chapter_versions/copy'))).toBe(false);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent(/kept first as an automatic snapshot/);
    await user.click(within(confirm).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByText('Version restored.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: `/chapter_versions/copy/${NAMED}`, body: {} },
    ]);
  });

  it('renames and deletes a version', async () => {
    const { calls, user } = open({
      ...listing,
      [`PUT /chapter_versions/update/${NAMED}`]: success({ ...named, name: 'Renamed' }),
      [`DELETE /chapter_versions/delete/${AUTO}`]: success(true),
    });
    const list = await screen.findByRole('list', { name: 'Versions' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two versions listed');
    await user.click(within(first).getByRole('button', { name: 'Rename' }));
    const field = within(first).getByRole('textbox', { name: /New name/ });
    await user.clear(field);
    await user.type(field, 'Renamed{Enter}');
    expect(await screen.findByText('Version renamed.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/chapter_versions/update/${NAMED}`,
      body: { name: 'Renamed' },
    });

    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Version deleted.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.includes(AUTO))).toBe(true);
  });

  it('read-only: lists and previews, but offers no save, rename, delete or restore', async () => {
    const { user } = open(
      {
        ...listing,
        [`GET /chapter_versions/get/${NAMED}`]: success({ ...named, content: '<p>Old.</p>' }),
      },
      { readOnly: true },
    );
    await user.click(await screen.findByText('Before the rewrite'));
    await screen.findByTestId('version-diff');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    for (const name of ['Save version', 'Rename', 'Delete', 'Restore this version']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says that versions need the server when offline, and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = open(listing);
    expect(await screen.findByText(/this device is offline/)).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
