import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { buildUser } from '@/testing/build-user';
import { createFakeReadPort } from '@/testing/fake-read-port';
import type { FakeRows } from '@/testing/fake-read-port';
import { renderWithProviders } from '@/testing/render-with-providers';

import { MyStatsModal } from './my-stats-modal';
import type { FetchNanowrimo } from './nanowrimo-api';

const USER = buildUser({ settings: { timezone: 'Europe/Madrid' } });
const BOOK = 'BookDune00000000000001';
// Friday 27 November 2026, 11:00 in Madrid.
const NOW = Date.parse('2026-11-27T10:00:00Z');

const hour = (id: string, iso: string, words: number): LocalRecord => ({
  id,
  user_id: USER.id,
  kind: 'stats_word_counts',
  manuscript_id: BOOK,
  date: Date.parse(iso),
  words,
  updated_at: 1,
  pending: 0,
  pending_ops: [],
});

const session = (id: string, start: string, end: string): LocalRecord => ({
  id,
  user_id: USER.id,
  kind: 'writing_sessions',
  manuscript_id: BOOK,
  start: Date.parse(start),
  end: Date.parse(end),
  words: 0,
  updated_at: 1,
  pending: 0,
  pending_ops: [],
});

function rows(): FakeRows {
  return {
    manuscripts: [
      {
        id: BOOK,
        user_id: USER.id,
        title: 'Dune',
        goals: { words: 1000, deadline: '2026-12-31', daysoff: [] },
        stats: { words: 400 },
        updated_at: 1,
        pending: 0,
        pending_ops: [],
      },
    ],
    parts: [
      hour('Hour000000000000000001', '2026-11-26T23:00:00Z', 120), // today at 00:00 in Madrid
      hour('Hour000000000000000002', '2026-11-26T22:00:00Z', 80), // yesterday at 23:00
      hour('Hour000000000000000003', '2026-11-25T09:00:00Z', 200),
      session('Session000000000000001', '2026-11-27T08:00:00Z', '2026-11-27T08:25:30Z'),
      session('Session000000000000002', '2026-11-26T09:00:00Z', '2026-11-26T09:10:00Z'),
    ],
  };
}

function renderModal(
  fetchNanowrimo: FetchNanowrimo = vi.fn(),
  saveFile = vi.fn(),
  loadRecords: () => Promise<void> = () => Promise.resolve(),
) {
  const reads = createFakeReadPort(rows, USER.id);
  renderWithProviders(
    <MyStatsModal
      opened
      onClose={vi.fn()}
      user={USER}
      reads={reads}
      loadRecords={loadRecords}
      now={() => NOW}
      fetchNanowrimo={fetchNanowrimo}
      saveFile={saveFile}
    />,
  );
  return { saveFile };
}

/** A blob's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('My Stats', () => {
  it("shows the writing lifestyle in the writer's time zone, axe-clean", async () => {
    renderModal();
    expect(await screen.findByRole('tab', { name: /Your writing lifestyle/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByTestId('my-stats-minutes-today')).toHaveTextContent('25 minutes');
    expect(screen.getByTestId('my-stats-minutes-this-week')).toHaveTextContent('35 minutes');
    expect(screen.getByTestId('my-stats-minutes-total')).toHaveTextContent('35 minutes');
    // Friday has 25 minutes, Thursday 10.
    expect(screen.getByTestId('my-stats-best-days')).toHaveTextContent('Friday, Thursday');
    expect(screen.getByTestId('my-stats-streak-current')).toHaveTextContent('3 days');
    expect(screen.getByTestId('my-stats-streak-longest')).toHaveTextContent('3 days');
    // The charts' figures are in tables for screen readers.
    expect(
      screen.getByRole('table', { name: 'Minutes per day (last 30 days)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Words per hour of the day' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the word counts, the year, the goal and its projected finish, axe-clean', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('tab', { name: /Word count/ }));
    expect(screen.getByTestId('my-stats-words-today')).toHaveTextContent('120 words');
    expect(screen.getByTestId('my-stats-words-yesterday')).toHaveTextContent('80 words');
    expect(screen.getByTestId('my-stats-words-this-week')).toHaveTextContent('400 words');
    expect(screen.getByTestId('my-stats-words-total')).toHaveTextContent('400 words');
    // The year is one tab stop: the latest writing day; the arrows go from day to day.
    const heatmap = screen.getByTestId('my-stats-heatmap');
    const today = within(heatmap).getByRole('img', { name: 'November 27, 2026: 120 words' });
    const earlier = within(heatmap).getByRole('img', { name: 'November 25, 2026: 200 words' });
    expect(today).toHaveAttribute('tabindex', '0');
    expect(earlier).toHaveAttribute('tabindex', '-1');
    today.focus();
    await user.keyboard('{Home}');
    expect(earlier).toHaveFocus();
    expect(earlier).toHaveAttribute('tabindex', '0');
    expect(today).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowRight}');
    expect(within(heatmap).getByRole('img', { name: 'November 26, 2026: 80 words' })).toHaveFocus();
    const goal = screen.getByTestId('my-stats-goal');
    expect(goal).toHaveTextContent('400 of 1,000 words');
    // 400 words in 14 days: 600 more at that pace take 21 days.
    expect(goal).toHaveTextContent('At your recent pace you finish on December 18, 2026.');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the NaNoWriMo chart and exports the daily counts as CSV', async () => {
    const user = userEvent.setup();
    const fetchNanowrimo = vi.fn<FetchNanowrimo>().mockResolvedValue({
      manuscript_id: BOOK,
      from: '2026-11-01',
      to: '2026-11-30',
      days: [
        { date: '2026-11-01', words: 300, total: 300 },
        { date: '2026-11-02', words: 250, total: 550 },
      ],
      total: 550,
    });
    const { saveFile } = renderModal(fetchNanowrimo);
    await user.click(await screen.findByRole('tab', { name: /Word count/ }));
    await user.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(fetchNanowrimo).toHaveBeenCalledWith(BOOK, '2026-11-01', '2026-11-30');
    expect(await screen.findByTestId('my-stats-nanowrimo-chart')).toHaveTextContent(
      '550 words written in the range.',
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [name, blob] = saveFile.mock.calls[0] as [string, Blob];
    expect(name).toBe('word-counts-2026-11-01-2026-11-30.csv');
    const lines = (await textOf(blob)).split('\r\n');
    expect(lines[0]).toBe('date,words,total');
    expect(lines[25]).toBe('2026-11-25,200,200');
    expect(lines[26]).toBe('2026-11-26,80,280');
    expect(lines[27]).toBe('2026-11-27,120,400');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a backwards range without calling, and says the chart needs a connection offline', async () => {
    const user = userEvent.setup();
    const fetchNanowrimo = vi.fn<FetchNanowrimo>();
    renderModal(fetchNanowrimo);
    await user.click(await screen.findByRole('tab', { name: /Word count/ }));
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-12-05' } });
    await user.click(screen.getByRole('button', { name: 'Show chart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a start and an end date, the end not before the start, at most 366 days apart.',
    );
    expect(fetchNanowrimo).not.toHaveBeenCalled();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Show chart' })).toBeDisabled();
    });
    expect(
      screen
        .getAllByRole('status')
        .some((status) => status.textContent.includes('You are offline')),
    ).toBe(true);
  });

  it("asks once for every device's writing and says whose writing the figures count", async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const loadRecords = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          answer = (ok) => {
            if (ok) resolve();
            else reject(new Error('offline'));
          };
        }),
    );
    renderModal(vi.fn(), vi.fn(), loadRecords);
    expect(
      await screen.findByText('Bringing in the writing of your other devices…'),
    ).toBeInTheDocument();
    // The device's own figures show meanwhile.
    expect(screen.getByTestId('my-stats-minutes-today')).toHaveTextContent('25 minutes');
    answer(true);
    expect(
      await screen.findByText('Figures from your writing on every device.'),
    ).toBeInTheDocument();
    expect(loadRecords).toHaveBeenCalledTimes(1);
  });

  it('says the figures are this device’s when the server cannot be asked', async () => {
    renderModal(vi.fn(), vi.fn(), () => Promise.reject(new Error('offline')));
    expect(
      await screen.findByText('Offline: figures from the writing this device knows of.'),
    ).toBeInTheDocument();
  });
});
