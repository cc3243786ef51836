import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { buildWorkspace, useFakeWorkspace } from '@/testing/build-workspace';
import type { FakeWorkspace, WorkspaceSeed } from '@/testing/build-workspace';
import { renderWithProviders } from '@/testing/render-with-providers';

import { Binder } from './binder';

const novel: WorkspaceSeed = {
  groups: [{ id: 'partOne', name: 'Part One', type: 'chapters', _order: 1 }],
  chapters: [
    { id: 'prologue', name: 'Prologue', _order: 0 },
    { id: 'one', name: 'Chapter One', group_id: 'partOne', _order: 0 },
    { id: 'oneA', name: 'The Storm', chapter_id: 'one', group_id: 'partOne', _order: 0 },
    { id: 'epilogue', name: 'Epilogue', _order: 2, settings: { status_id: 4 } },
  ],
};

function Harness({ fake, onOpen }: { fake: FakeWorkspace; onOpen: (id: string) => void }) {
  const workspace = useFakeWorkspace(fake);
  const [active, setActive] = useState<string | null>('prologue');
  return (
    <Binder
      workspace={workspace}
      activeChapterId={active}
      onOpenChapter={(id) => {
        onOpen(id);
        setActive(id);
      }}
      words={new Map([['prologue', 1204]])}
      copyChapterText={() => Promise.resolve()}
    />
  );
}

function open(seed: WorkspaceSeed = novel) {
  const fake = buildWorkspace(seed);
  const onOpen = vi.fn<(id: string) => void>();
  renderWithProviders(<Harness fake={fake} onOpen={onOpen} />);
  return { fake, onOpen, user: userEvent.setup({ delay: null }) };
}

const item = (name: string) => screen.getByRole('treeitem', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, row: string, command: string) {
  await user.click(screen.getByRole('button', { name: `Options for ${row}` }));
  await user.click(await screen.findByRole('menuitem', { name: command }));
}

// Each test drives menus and dialogs with many events: slow on a loaded machine.
describe('the binder', { timeout: 20_000 }, () => {
  it('shows sections, chapters and subchapters as a tree with status and words', () => {
    open();
    const tree = screen.getByRole('tree', { name: 'Manuscript structure' });
    const rows = within(tree).getAllByRole('treeitem');
    expect(rows.map((r) => [r.getAttribute('aria-level'), r.textContent])).toEqual([
      ['1', 'Prologue1,204'],
      ['1', 'Part One'],
      ['2', 'Chapter One'],
      ['3', 'The Storm'],
      ['1', 'EpilogueFinal'],
    ]);
    expect(item('Part One')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Prologue')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Drag Chapter One' })).toBeInTheDocument();
  });

  it('opens a chapter by click, and by arrow keys and Enter', async () => {
    const { onOpen, user } = open();
    await user.click(screen.getByRole('button', { name: 'Epilogue' }));
    expect(onOpen).toHaveBeenLastCalledWith('epilogue');
    item('Epilogue').focus();
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('one');
    expect(item('Chapter One')).toHaveFocus();
    // Left on an open row closes it; its child is no longer shown.
    await user.keyboard('{ArrowLeft}');
    expect(item('Chapter One')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'The Storm' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(item('Part One')).toHaveFocus();
  });

  it('renames through the menu: required, and a long paste is cut at 255 characters', async () => {
    const { fake, user } = open();
    await choose(user, 'Chapter One', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Chapter One”' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Chapter name required')).toBeInTheDocument();
    await user.click(field);
    await user.paste('x'.repeat(300));
    expect(field).toHaveValue('x'.repeat(255));
    expect(within(dialog).getByText('Character limit reached.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(fake.row('chapters', 'one')?.name).toBe('x'.repeat(255));
    });
    expect(fake.saves()).toEqual([
      [
        'chapters',
        { id: 'one', manuscript_id: fake.workspace.manuscript.id, name: 'x'.repeat(255) },
      ],
    ]);
  });

  it('adds a scene under a chapter and opens it', async () => {
    const { fake, onOpen, user } = open({ ...novel, userSettings: { subchaptersAsScenes: true } });
    await choose(user, 'Chapter One', 'Add scene');
    const dialog = await screen.findByRole('dialog', { name: 'New scene' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Untitled Scene');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const added = await screen.findByRole('treeitem', { name: 'Untitled Scene' });
    expect(added).toHaveAttribute('aria-level', '3');
    const row = fake.rows('chapters').find((r) => r.name === 'Untitled Scene');
    expect(row).toMatchObject({ chapter_id: 'one', group_id: 'partOne', _order: 1 });
    expect(onOpen).toHaveBeenLastCalledWith(row?.id);
  });

  it('deletes after the confirmation, with the children when asked', async () => {
    const { fake, user } = open();
    await choose(user, 'Chapter One', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Chapter One”?' });
    expect(within(dialog).getByRole('radio', { name: 'Move it up to Part One' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Delete it too' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The chapter has been deleted!')).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.op === 'trash')).toEqual([
      { op: 'trash', kind: 'chapters', id: 'oneA' },
      { op: 'trash', kind: 'chapters', id: 'one' },
    ]);
    expect(screen.queryByRole('treeitem', { name: 'The Storm' })).not.toBeInTheDocument();
  });

  it('opens the chapter above when the open one goes to the trash', async () => {
    const { onOpen, user } = open();
    await user.click(screen.getByRole('button', { name: 'Epilogue' }));
    await choose(user, 'Epilogue', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Epilogue”?' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(onOpen).toHaveBeenLastCalledWith('oneA');
    });
  });

  it('sets a status from the menu', async () => {
    const { fake, user } = open();
    await choose(user, 'Prologue', 'Status');
    const status = await screen.findByRole('dialog', { name: 'Status of “Prologue”' });
    await user.click(within(status).getByRole('radio', { name: 'First draft' }));
    await user.click(within(status).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(fake.row('chapters', 'prologue')?.settings).toEqual({ status_id: 2 });
    });
  });

  it('sets a colour from the menu, the hex field keeping 6 characters without #', async () => {
    const { fake, user } = open();
    await choose(user, 'Prologue', 'Colour');
    const color = await screen.findByRole('dialog', { name: 'Colour of “Prologue”' });
    const hex = within(color).getByRole('textbox', { name: 'Hex colour' });
    await user.type(hex, '#12ab34ff');
    expect(hex).toHaveValue('12ab34');
    await user.click(within(color).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(fake.row('chapters', 'prologue')?.meta).toEqual({ color: '12AB34' });
    });
  });

  it('duplicates a chapter with its subchapters and copies their text', async () => {
    const fake = buildWorkspace(novel);
    const copy = vi.fn(() => Promise.resolve());
    function Duplicating() {
      const workspace = useFakeWorkspace(fake);
      return (
        <Binder
          workspace={workspace}
          activeChapterId={null}
          onOpenChapter={() => undefined}
          copyChapterText={copy}
        />
      );
    }
    renderWithProviders(<Duplicating />);
    const user = userEvent.setup({ delay: null });
    await choose(user, 'Chapter One', 'Duplicate');
    expect(
      await screen.findByRole('treeitem', { name: 'Copy of Chapter One' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(copy).toHaveBeenCalledTimes(2);
    });
    expect(copy).toHaveBeenNthCalledWith(1, 'one', expect.any(String));
  });

  it('lets a reader navigate but not change anything', async () => {
    const { fake, onOpen, user } = open({ ...novel, canWrite: false });
    expect(screen.queryByRole('button', { name: 'Add chapter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Options for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();
    item('Prologue').focus();
    await user.keyboard('{F2}{Delete}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Epilogue' }));
    expect(onOpen).toHaveBeenCalledWith('epilogue');
    expect(fake.calls).toEqual([]);
  });
});
