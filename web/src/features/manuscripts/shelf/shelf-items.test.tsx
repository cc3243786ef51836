import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildManuscript } from '@/testing/build-shelf';
import { renderWithProviders } from '@/testing/render-with-providers';

import { ShelfItems } from './shelf-items';
import { itemsIn } from './shelf-logic';

const LONG =
  'The Extraordinarily Long and Winding Chronicle of a Lighthouse Keeper Who Counted Every Wave ' +
  'Between Two Winters';

/** jsdom lays nothing out: a title holds three lines' worth when it is long, one otherwise. */
function layOutTitles() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(40);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.textContent === LONG ? 60 : 20;
  });
}

function renderShelf(titles: string[]) {
  const manuscripts = titles.map((title, i) => buildManuscript({ id: `m${String(i)}`, title }));
  renderWithProviders(
    <ShelfItems items={itemsIn(null, [], manuscripts)} mode="grid" commandsFor={() => []} />,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a manuscript card', () => {
  it('shows the title on up to two lines, not cut to one', () => {
    layOutTitles();
    renderShelf(['Dune']);
    const title = screen.getByText('Dune');
    expect(title).toHaveAttribute('data-line-clamp', 'true');
    expect(title.style.getPropertyValue('--text-line-clamp')).toBe('2');
    expect(title).not.toHaveAttribute('data-truncate');
  });

  it('offers the whole of a title longer than two lines in a tooltip, by keyboard too', async () => {
    layOutTitles();
    renderShelf(['Dune', LONG]);
    const user = userEvent.setup();

    await user.tab();
    expect(screen.getByRole('link', { name: 'Dune' })).toHaveFocus();
    await user.tab(); // its options menu
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.tab();
    expect(screen.getByRole('link', { name: LONG })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  });
});
