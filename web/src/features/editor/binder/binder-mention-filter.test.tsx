import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { axeViolations } from '@/testing/axe';
import { buildWorkspace, useFakeWorkspace } from '@/testing/build-workspace';
import type { FakeWorkspace, WorkspaceSeed } from '@/testing/build-workspace';
import { createFakeMentionIndex, type FakeMentionIndex } from '@/testing/fake-mention-index';
import { renderWithProviders } from '@/testing/render-with-providers';

import { Binder } from './binder';

const ANNA = 'ElementAnna0000000001';
const LEVIN = 'ElementLevin000000001';

const novel: WorkspaceSeed = {
  groups: [{ id: 'partOne', name: 'Part One', type: 'chapters', _order: 1 }],
  chapters: [
    { id: 'prologue', name: 'Prologue', _order: 0 },
    { id: 'one', name: 'Chapter One', group_id: 'partOne', _order: 0 },
    { id: 'oneA', name: 'The Storm', chapter_id: 'one', group_id: 'partOne', _order: 0 },
    { id: 'two', name: 'Chapter Two', group_id: 'partOne', _order: 1 },
    { id: 'epilogue', name: 'Epilogue', _order: 2 },
  ],
  elements: [
    { id: ANNA, name: 'Anna', _order: 0, meta: { type: 'character' } },
    { id: LEVIN, name: 'Levin', _order: 1, meta: { type: 'character' } },
  ],
};

function Harness(props: {
  fake: FakeWorkspace;
  index: FakeMentionIndex;
  onOpen: (id: string) => void;
}) {
  const workspace = useFakeWorkspace(props.fake);
  const [active, setActive] = useState<string | null>('prologue');
  const location = useLocation();
  return (
    <>
      <Binder
        workspace={workspace}
        activeChapterId={active}
        onOpenChapter={(id) => {
          props.onOpen(id);
          setActive(id);
        }}
        copyChapterText={() => Promise.resolve()}
        mentions={props.index}
      />
      <div data-testid="address">{location.search}</div>
    </>
  );
}

function open(path = '/') {
  const fake = buildWorkspace(novel);
  const index = createFakeMentionIndex({
    prologue: { [LEVIN]: { count: 1 } },
    oneA: { [ANNA]: { count: 2 } },
    two: { [ANNA]: { count: 1 }, [LEVIN]: { count: 3 } },
    epilogue: {},
  });
  const onOpen = vi.fn<(id: string) => void>();
  renderWithProviders(<Harness fake={fake} index={index} onOpen={onOpen} />, path);
  return { fake, index, onOpen, user: userEvent.setup({ delay: null }) };
}

/** The filter's spoken count. */
const count = () => {
  const region = screen.getByTestId('binder-mention-count');
  expect(region).toHaveAttribute('aria-live', 'polite');
  return region;
};

const names = () =>
  within(screen.getByRole('tree', { name: 'Manuscript structure' }))
    .getAllByRole('treeitem')
    .map(
      (row) =>
        `${row.getAttribute('aria-level') ?? ''} ${row.querySelector('[id^="binder-name"]')?.textContent ?? ''}`,
    );

describe('the binder filtered by a story element', { timeout: 20_000 }, () => {
  it('shows only the chapters mentioning the element, in their places, with a spoken count', async () => {
    const { user, onOpen, index } = open();
    expect(index.subscribers()).toBe(0);
    await user.click(await screen.findByRole('combobox', { name: 'Chapters mentioning' }));
    await user.click(await screen.findByRole('option', { name: 'Anna' }));

    expect(names()).toEqual(['1 Part One', '2 Chapter One', '3 The Storm', '2 Chapter Two']);
    expect(count()).toHaveTextContent('2 chapters');
    expect(screen.getByTestId('address')).toHaveTextContent(`?mentions_of=${ANNA}`);
    // Filtered, rows are not dragged; they still open.
    expect(screen.queryByRole('button', { name: /^Drag / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Chapter Two' }));
    expect(onOpen).toHaveBeenLastCalledWith('two');
    expect(await axeViolations()).toEqual([]);

    // The text changes: the filter follows.
    act(() => {
      index.set({ epilogue: { [ANNA]: { count: 1 } } });
    });
    expect(names()).toEqual(['1 Epilogue']);
    expect(count()).toHaveTextContent('1 chapter');

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(names()).toHaveLength(6);
    expect(screen.getByTestId('address')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Drag Prologue' })).toBeInTheDocument();
  });

  it('takes the element from the page’s address (the element page’s “Show in structure”)', async () => {
    const { index } = open(`/?mentions_of=${LEVIN}`);
    expect(await screen.findByRole('combobox', { name: 'Chapters mentioning' })).toHaveValue(
      'Levin',
    );
    expect(names()).toEqual(['1 Prologue', '1 Part One', '2 Chapter Two']);
    // Still reading the chapters: said so, and the chapters found so far are shown.
    act(() => {
      index.set({ two: { [LEVIN]: { count: 1 } } }, true);
    });
    expect(count()).toHaveTextContent('Reading the chapters…');
    expect(names()).toEqual(['1 Part One', '2 Chapter Two']);
  });

  it('says when no chapter mentions the element', async () => {
    const { user, index } = open();
    index.set({});
    await user.click(await screen.findByRole('combobox', { name: 'Chapters mentioning' }));
    await user.click(await screen.findByRole('option', { name: 'Levin' }));
    expect(screen.queryAllByRole('treeitem')).toEqual([]);
    expect(count()).toHaveTextContent('0 chapters');
  });
});
