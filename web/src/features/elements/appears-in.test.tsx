import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { buildLocalRow } from '@/testing/build-local-row';
import { createFakeMentionIndex, type FakeMentions } from '@/testing/fake-mention-index';
import { renderWithProviders } from '@/testing/render-with-providers';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import type { AppearsInSource } from './appears-in';
import { EditorElements } from './editor-elements';
import type { ChapterTexts } from './element-mentions';
import type { ElementsWorkspace } from './elements-store';

const BOOK = 'BookKarenina000000001';
const ANNA = 'ElementAnna0000000001';
const KITTY = 'ElementKitty000000001';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
  await disposeTestEngines();
});

const element = (id: string, name: string, order: number): LocalRecord =>
  buildLocalRow({
    id,
    name,
    _order: order,
    manuscript_id: BOOK,
    kind: 'elements',
    meta: { type: 'character' },
  });

/** The binder's chapters, in its order. */
const chapters = [
  { id: 'one', name: 'The Station' },
  { id: 'two', name: '' },
  { id: 'three', name: 'The Ball' },
];

const mentions: FakeMentions = {
  // Listed out of the binder's order: the page follows the binder.
  three: {
    [ANNA]: { count: 1, lines: [{ text: 'Anna danced with Vronsky.', mention: 'Anna' }] },
  },
  one: {
    [ANNA]: {
      count: 4,
      lines: [
        { text: 'Anna stepped off the train.', mention: 'Anna' },
        { text: '…and then Anna saw him…', mention: 'Anna' },
      ],
    },
  },
  two: {},
};

/** No chapter text is changed here: nothing is created, renamed or deleted. */
const noTexts: ChapterTexts = {
  open: (id) => Promise.reject(new Error(`no chapter ${id} in this test`)),
};

async function setup(path: string, loading = false) {
  const test = createTestEngine();
  test.engine.outbox.pause();
  await test.store('contents', [element(ANNA, 'Anna Karenina', 0), element(KITTY, 'Kitty', 1)]);
  const index = createFakeMentionIndex(mentions, loading);
  const appearsIn: AppearsInSource = { index, chapters };
  function Host() {
    const workspace: ElementsWorkspace = {
      manuscript: { id: BOOK, settings: {} },
      writer: test.engine.writer,
      reads: test.engine.reads,
      canWrite: true,
      saveManuscript: () => Promise.resolve(),
      chapters: [],
    };
    const location = useLocation();
    return (
      <>
        <EditorElements workspace={workspace} texts={noTexts} appearsIn={appearsIn} />
        <div data-testid="address">{location.search}</div>
      </>
    );
  }
  renderWithProviders(<Host />, path);
  return { index, user: userEvent.setup() };
}

describe('an element’s “Appears in”', { timeout: 30_000 }, () => {
  it('lists the chapters mentioning it in the binder’s order, with counts and first lines', async () => {
    await setup(`/?elements=${ANNA}`);
    const section = await screen.findByRole('region', { name: 'Appears in' });
    const list = within(section).getByRole('list', { name: 'Appears in' });
    const items = [...list.querySelectorAll(':scope > li')].map((item) => item as HTMLElement);
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      'The Station',
      'The Ball',
    ]);
    const station = items[0];
    if (!station) throw new Error('no chapter listed');
    expect(station).toHaveTextContent('4 mentions');
    expect(
      within(within(station).getByRole('list', { name: 'First lines in The Station' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Anna stepped off the train.', '…and then Anna saw him…']);
    // The mention stands out in its line.
    expect(within(station).getAllByText('Anna', { selector: 'strong' })).toHaveLength(2);
    expect(items[1]).toHaveTextContent('1 mention');
    expect(await axeViolations()).toEqual([]);
  });

  it('opens a chapter in the editor from the keyboard', async () => {
    const { user } = await setup(`/?elements=${ANNA}`);
    const ball = await screen.findByRole('button', { name: 'The Ball' });
    ball.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('?chapter=three');
    expect(screen.queryByTestId('element-page')).not.toBeInTheDocument();
  });

  it('filters the binder to those chapters', async () => {
    const { user } = await setup(`/?elements=${ANNA}&chapter=two`);
    await user.click(await screen.findByRole('button', { name: 'Show in structure' }));
    expect(screen.getByTestId('address')).toHaveTextContent(`?chapter=two&mentions_of=${ANNA}`);
  });

  it('says when no chapter mentions the element, and while it is still reading', async () => {
    const { index } = await setup(`/?elements=${KITTY}`, true);
    const section = await screen.findByRole('region', { name: 'Appears in' });
    expect(within(section).getByRole('status')).toHaveTextContent('Reading the chapters…');
    expect(within(section).queryByText('Not mentioned in any chapter yet.')).toBeNull();
    act(() => {
      index.set(mentions);
    });
    expect(within(section).queryByRole('status')).toBeNull();
    expect(within(section).getByText('Not mentioned in any chapter yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show in structure' })).toBeNull();
    // A mention typed in a chapter reaches the page.
    act(() => {
      index.set({
        ...mentions,
        two: { [KITTY]: { count: 1, lines: [{ text: 'Kitty', mention: 'Kitty' }] } },
      });
    });
    expect(within(section).getByRole('button', { name: 'Untitled' })).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    await setup(`/?elements=${ANNA}`);
    const section = await screen.findByRole('region', { name: 'Aparece en' });
    expect(section).toHaveTextContent('4 menciones');
    expect(
      within(section).getByRole('button', { name: 'Mostrar en la estructura' }),
    ).toBeInTheDocument();
  });
});
