import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

import { eastOffset } from '@/lib/writing/calendar';
import { buildWorkspace, TEST_MANUSCRIPT_ID, useFakeWorkspace } from '@/testing/build-workspace';
import type { FakeWorkspace, WorkspaceSeed } from '@/testing/build-workspace';
import { renderWithProviders } from '@/testing/render-with-providers';

import { manuscriptWords } from '../stats/manuscript-words';
import { manuscriptTodayNet, manuscriptTodayWords } from '../stats/today-words';
import type { ChapterRow, MetaSection } from '../workspace/types';
import { PropertiesPanel } from './properties-panel';

beforeAll(() => {
  // jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

const CHAPTER = 'ChapterOne000000000001';
const OTHER = 'ChapterTwo000000000001';

function Harness({ fake, chapterId }: { fake: FakeWorkspace; chapterId: string | null }) {
  const workspace = useFakeWorkspace(fake);
  const chapter = workspace.chapters.find((c) => c.id === chapterId) ?? null;
  const [now] = useState(() => Date.now());
  const input = { ...workspace, now, offsetMin: eastOffset(new Date(now).getTimezoneOffset()) };
  const today = { words: manuscriptTodayWords(input), net: manuscriptTodayNet(input) };
  return (
    <PropertiesPanel
      workspace={workspace}
      chapter={chapter}
      chapterWords={chapter ? 120 : null}
      manuscriptWords={manuscriptWords(workspace.manuscript, workspace.chapters)}
      today={today}
    />
  );
}

/** Today's local date, `YYYY-MM-DD`. */
function localToday(): string {
  const today = new Date();
  return `${String(today.getFullYear())}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
}

function section(id: string, title: string, order: number): MetaSection {
  return { id, title, content: `About ${title}`, order };
}

function setup(seed: WorkspaceSeed = {}, chapter: Partial<ChapterRow> = {}) {
  const fake = buildWorkspace({
    chapters: [
      {
        id: CHAPTER,
        name: 'The Beginning',
        stats: { words: 100 },
        settings: { status_id: -1, shared: false },
        meta: { chapter_type: 'chapter', sections: [] },
        ...chapter,
      },
      { id: OTHER, name: 'The Middle', stats: { words: 300 } },
    ],
    ...seed,
  });
  renderWithProviders(<Harness fake={fake} chapterId={CHAPTER} />);
  const chapterSaves = () =>
    fake
      .saves()
      .filter(([kind]) => kind === 'chapters')
      .map(([, changes]) => changes);
  return { fake, user: userEvent.setup(), chapterSaves };
}

describe('the properties sidebar', () => {
  it('shows the chapter’s name and live word count, or asks for a chapter', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'The Beginning' })).toBeInTheDocument();
    expect(screen.getByTestId('chapter-words')).toHaveTextContent('120 words');
    expect(screen.getByTestId('manuscript-words')).toHaveTextContent('400 words');
  });

  it('writes the chosen status as settings.status_id, keeping the other settings', async () => {
    const { user, chapterSaves } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Revised' }));
    expect(chapterSaves()).toEqual([
      { id: CHAPTER, manuscript_id: TEST_MANUSCRIPT_ID, settings: { status_id: 3, shared: false } },
    ]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Revised');
  });

  it('keeps at most 6 characters of a hex colour and strips the #', async () => {
    const { user, chapterSaves } = setup();
    const hex = screen.getByRole('textbox', { name: /Hex color/ });
    await user.type(hex, '#ab#cdef99');
    expect(hex).toHaveValue('abcdef');
    expect(chapterSaves()).toEqual([
      {
        id: CHAPTER,
        manuscript_id: TEST_MANUSCRIPT_ID,
        meta: { chapter_type: 'chapter', sections: [], color: 'ABCDEF' },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'No color' }));
    expect(chapterSaves().at(-1)).toMatchObject({ meta: { color: null } });
    expect(hex).toHaveValue('');
  });

  it('adds a note section with a fresh id and saves its edits on blur and after a pause', async () => {
    const { user, chapterSaves } = setup();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const added = chapterSaves()[0]?.meta as { sections: MetaSection[] };
    expect(added.sections).toEqual([
      { id: expect.stringMatching(/^section-\d{6}$/) as string, title: '', content: '', order: 0 },
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Setting');
    await user.tab();
    expect(chapterSaves().at(-1)?.meta).toMatchObject({
      sections: [{ title: 'Setting', content: '', order: 0 }],
    });

    const saves = chapterSaves().length;
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Rain');
    expect(chapterSaves()).toHaveLength(saves);
    await waitFor(() => {
      expect(chapterSaves().at(-1)?.meta).toMatchObject({
        sections: [{ title: 'Setting', content: 'Rain' }],
      });
    });
    expect(chapterSaves()).toHaveLength(saves + 1);
  });

  it('moves a section and renumbers the order from 0', async () => {
    const sections = [
      section('section-000001', 'Setting', 0),
      section('section-000002', 'Cast', 5),
    ];
    const { user, chapterSaves } = setup({}, { meta: { sections } });
    await user.click(screen.getByRole('button', { name: 'Move up: Cast' }));
    expect(chapterSaves().at(-1)?.meta).toEqual({
      sections: [
        { ...sections[1], order: 0 },
        { ...sections[0], order: 1 },
      ],
    });
    expect(
      screen
        .getAllByRole('textbox', { name: 'Title' })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Cast', 'Setting']);
  });

  it('deletes a section after confirmation, with the notice', async () => {
    const sections = [
      section('section-000001', 'Setting', 0),
      section('section-000002', 'Cast', 1),
    ];
    const { user, chapterSaves } = setup({}, { meta: { sections } });
    await user.click(screen.getByRole('button', { name: 'Delete note: Setting' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this note?'),
    ).toBeInTheDocument();
    expect(chapterSaves()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(chapterSaves().at(-1)?.meta).toEqual({ sections: [{ ...sections[1], order: 0 }] });
    expect(await screen.findByText('The note has been deleted!')).toBeInTheDocument();
  });

  it('shows everything read-only to a Viewer and refuses to remove a section', async () => {
    const sections = [section('section-000001', 'Setting', 0)];
    const { user, fake } = setup({ canWrite: false }, { meta: { sections } });
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Hex color/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Include in manuscript word count' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete note: Setting' }));
    expect(
      await screen.findByText('You are not allowed to remove content on this manuscript.'),
    ).toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('shows the manuscript’s today’s words: the net across its chapters, never below 0', () => {
    const date = localToday();
    setup({
      chapters: [
        { id: CHAPTER, name: 'The Beginning', goals: { today_words: 45, today_words_date: date } },
        { id: OTHER, name: 'The Middle', goals: { today_words: -12, today_words_date: date } },
      ],
    });
    expect(screen.getByTestId('today-words')).toHaveTextContent('33 words');
  });

  it('writes the chapter’s word goal and shows its progress', async () => {
    const date = localToday();
    const { user, chapterSaves } = setup(
      {},
      { goals: { words: 0, today_words: 45, today_words_date: date } },
    );
    expect(screen.getByTestId('today-words')).toHaveTextContent('45 words');
    const goal = screen.getByRole('textbox', { name: 'Chapter word goal' });
    await user.clear(goal);
    await user.type(goal, '240');
    await user.tab();
    expect(chapterSaves().at(-1)).toEqual({
      id: CHAPTER,
      manuscript_id: TEST_MANUSCRIPT_ID,
      goals: { words: 240, today_words: 45, today_words_date: date },
    });
    expect(screen.getByText('120 of 240 words')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: "Progress toward the chapter's goal" }),
    ).toHaveAttribute('aria-valuenow', '50');
  });

  it('shows the manuscript’s goal, and the daily goal only while the deadline is ahead', () => {
    setup({ manuscript: { goals: { words: 50_000, deadline: '2999-12-31', daysoff: [] } } });
    expect(screen.getByTestId('manuscript-goal')).toHaveTextContent('50,000 words');
    expect(screen.getByTestId('daily-goal')).toBeInTheDocument();
  });

  it('shows no daily goal once the deadline has passed', () => {
    setup({ manuscript: { goals: { words: 50_000, deadline: '2001-01-01' } } });
    expect(screen.getByTestId('manuscript-goal')).toBeInTheDocument();
    expect(screen.queryByTestId('daily-goal')).not.toBeInTheDocument();
  });

  it('sets the manuscript’s word goal, deadline and days off, and shows the daily goal', async () => {
    const { user, fake } = setup();
    expect(screen.getByText('No word goal for this manuscript.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Manuscript word goal' }), '1000');
    await user.tab();
    await waitFor(() => {
      expect(screen.getByTestId('manuscript-goal')).toHaveTextContent('1,000 words');
    });
    const deadline = screen.getByLabelText('Deadline');
    await user.type(deadline, '2999-12-31');
    await user.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sun' }));

    expect(fake.manuscriptCalls).toEqual([
      { goals: { words: 1000 } },
      { goals: { deadline: '2999-12-31' } },
      { goals: { daysoff: [6] } },
      { goals: { daysoff: [6, 0] } },
    ]);
    expect(fake.workspace.manuscript.goals).toEqual({
      words: 1000,
      deadline: '2999-12-31',
      daysoff: [6, 0],
    });
    expect(screen.getByTestId('daily-goal')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sun' })).toBeChecked();

    await user.clear(deadline);
    expect(fake.manuscriptCalls.at(-1)).toEqual({ goals: { deadline: null } });
    expect(screen.queryByTestId('daily-goal')).not.toBeInTheDocument();
  });

  it('shows the manuscript’s goal but no form to a reader who may not change it', () => {
    setup({ canWrite: false, manuscript: { goals: { words: 5000 } } });
    expect(screen.getByTestId('manuscript-goal')).toHaveTextContent('5,000 words');
    expect(screen.queryByRole('textbox', { name: 'Manuscript word goal' })).toBeNull();
    expect(screen.queryByLabelText('Deadline')).toBeNull();
  });

  it('excludes the chapter from the manuscript’s word count with the toggle', async () => {
    const { user, fake } = setup({
      manuscript: { settings: { chapters_excluded_for_word_count: [OTHER] } },
    });
    expect(screen.getByTestId('manuscript-words')).toHaveTextContent('100 words');
    await user.click(screen.getByRole('switch', { name: 'Include in manuscript word count' }));
    expect(fake.manuscriptCalls).toEqual([
      { settings: { chapters_excluded_for_word_count: [OTHER, CHAPTER] } },
    ]);
    expect(screen.getByTestId('manuscript-words')).toHaveTextContent('0 words');
  });
});
