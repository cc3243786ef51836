import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { GROWING_PAGE } from '@/lib/use-growing-list';
import { axeViolations } from '@/testing/axe';
import { buildWorkspace, TEST_MANUSCRIPT_ID, useFakeWorkspace } from '@/testing/build-workspace';
import type { FakeWorkspace } from '@/testing/build-workspace';
import { renderWithProviders } from '@/testing/render-with-providers';

import { dayIn, dayText, dueDateOf, writerZone } from './due-dates';
import { EditorTodos } from './editor-todos';
import { GlobalTodoButton } from './global-todo-button';

const CHAPTER = 'ChapterOne000000000001';
const OTHER = 'ChapterTwo000000000001';
const zone = writerZone(null);
const todayText = () => dayText(dayIn(Date.now(), zone));

function Harness({ fake }: { fake: FakeWorkspace }) {
  const workspace = useFakeWorkspace(fake);
  return (
    <>
      <EditorTodos workspace={workspace} chapterId={CHAPTER} />
      <GlobalTodoButton reads={workspace.reads} writer={workspace.writer} />
    </>
  );
}

async function setup(seed: (fake: FakeWorkspace) => Promise<void> = () => Promise.resolve()) {
  const fake = buildWorkspace({
    chapters: [
      { id: CHAPTER, name: 'One' },
      { id: OTHER, name: 'Two' },
    ],
  });
  await seed(fake);
  const user = userEvent.setup();
  renderWithProviders(<Harness fake={fake} />);
  return { fake, user };
}

const saveTodo = (fake: FakeWorkspace, fields: Record<string, unknown>) =>
  fake.workspace.writer.save('to_dos', {
    manuscript_id: TEST_MANUSCRIPT_ID,
    status: 'pending',
    ...fields,
  });

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'To-do list' }));
  return screen.findByTestId('todo-panel');
}

function blockOf(title: string): HTMLElement {
  const block = screen
    .getAllByTestId('task-block')
    .find((element) => within(element).queryByText(title) !== null);
  if (!block) throw new Error(`no block ${title}`);
  return block;
}

describe('the to-do panel', () => {
  it('creates a chapter task with a priority and a due date stored in UTC; the panel is axe-clean', async () => {
    const { fake, user } = await setup();
    const panel = await openPanel(user);
    expect(await within(panel).findByText('No tasks available')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Title is required.')).toBeInTheDocument();
    expect(fake.calls).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Title/), 'Map the desert');
    fireEvent.change(within(dialog).getByLabelText('Due date'), {
      target: { value: todayText() },
    });
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Create New Task' })).not.toBeInTheDocument();
    });
    expect(fake.saves()).toHaveLength(1);
    expect(fake.saves()[0]?.[0]).toBe('to_dos');
    expect(fake.saves()[0]?.[1]).toMatchObject({
      manuscript_id: TEST_MANUSCRIPT_ID,
      chapter_id: CHAPTER,
      global: false,
      title: 'Map the desert',
      status: 'pending',
      priority: 'high',
      due_date: dueDateOf(todayText(), zone),
      notes: [],
    });
    const block = blockOf('Map the desert');
    expect(block).toHaveAttribute('data-priority', 'high');
    expect(block.style.borderLeft).toContain('rgb(255, 115, 150)');
  });

  it('lists each tab’s tasks and filters by due date and priority', async () => {
    const { user } = await setup(async (fake) => {
      await saveTodo(fake, {
        chapter_id: CHAPTER,
        title: 'Here today',
        priority: 'low',
        due_date: dueDateOf(todayText(), zone),
      });
      await saveTodo(fake, { chapter_id: OTHER, title: 'In chapter two', priority: 'high' });
      await saveTodo(fake, { chapter_id: null, title: 'Whole book' });
      await saveTodo(fake, { manuscript_id: null, title: 'Buy ink', global: true });
    });
    const panel = await openPanel(user);
    expect(await within(panel).findByText('Here today')).toBeInTheDocument();
    expect(within(panel).queryByText('In chapter two')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'All chapters' }));
    expect(within(panel).getByText('In chapter two')).toBeInTheDocument();
    expect(within(panel).getByText('Here today')).toBeInTheDocument();

    await user.click(within(panel).getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    expect(within(panel).getByText('Here today')).toBeInTheDocument();
    expect(within(panel).queryByText('In chapter two')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    expect(within(panel).getByText('In chapter two')).toBeInTheDocument();
    expect(within(panel).queryByText('Here today')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'Manuscript' }));
    expect(within(panel).getByText('No tasks available')).toBeInTheDocument();
    await user.click(within(panel).getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(within(panel).getByText('Whole book')).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'Global' }));
    expect(within(panel).getByText('Buy ink')).toBeInTheDocument();
  });

  it('completes, re-opens, prioritises, duplicates and deletes through the item menu', async () => {
    const { fake, user } = await setup(async (f) => {
      await saveTodo(f, {
        id: 'TodoMap000000000000001',
        chapter_id: CHAPTER,
        title: 'Map',
        priority: 'low',
        notes: [{ id: 'n' }],
      });
    });
    const panel = await openPanel(user);
    await within(panel).findByText('Map');
    expect(within(blockOf('Map')).getByText('1 note')).toBeInTheDocument();
    const menuButton = () =>
      within(blockOf('Map')).getByRole('button', { name: 'Options for Map' });

    await user.click(menuButton());
    let popup = await screen.findByTestId('task-popup');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(popup).getByRole('button', { name: 'High' }));
    expect(await screen.findByText('The Priority updated Successfully!')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByTestId('task-popup')).not.toBeInTheDocument();
    });
    expect(fake.row('to_dos', 'TodoMap000000000000001')).toMatchObject({ priority: 'high' });
    // The menu is built when first used; focus still comes back to its button.
    expect(menuButton()).toHaveFocus();

    await user.keyboard('{Enter}');
    popup = await screen.findByTestId('task-popup');
    await waitFor(() => {
      expect(popup).toContainElement(document.activeElement as HTMLElement);
    });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByTestId('task-popup')).not.toBeInTheDocument();
    });
    expect(menuButton()).toHaveFocus();

    await user.click(menuButton());
    popup = await screen.findByTestId('task-popup');
    await user.click(within(popup).getByRole('button', { name: 'Mark as Completed' }));
    expect(await screen.findByText('The Status updated Successfully!')).toBeInTheDocument();
    expect(fake.row('to_dos', 'TodoMap000000000000001')).toMatchObject({ status: 'done' });

    await user.click(menuButton());
    popup = await screen.findByTestId('task-popup');
    expect(within(popup).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(popup).queryByText('Priority')).not.toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('The Task has been duplicated!')).toBeInTheDocument();
    const copy = fake.rows('to_dos').find((row) => row.title === 'Copy of Map');
    expect(copy).toMatchObject({ status: 'pending', priority: 'high', chapter_id: CHAPTER });

    await user.click(menuButton());
    popup = await screen.findByTestId('task-popup');
    await user.click(within(popup).getByRole('button', { name: 'Completed' }));
    await waitFor(() => {
      expect(fake.row('to_dos', 'TodoMap000000000000001')).toMatchObject({ status: 'pending' });
    });

    await user.click(menuButton());
    popup = await screen.findByTestId('task-popup');
    await user.click(within(popup).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Task' });
    expect(
      within(confirm).getByText('Are you sure you want to delete this task?'),
    ).toBeInTheDocument();
    // The menu stays a second after Delete, then closes.
    expect(screen.getByTestId('task-popup')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByTestId('task-popup')).not.toBeInTheDocument();
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The Task has been deleted!')).toBeInTheDocument();
    expect(fake.calls.at(-1)).toEqual({
      op: 'trash',
      kind: 'to_dos',
      id: 'TodoMap000000000000001',
    });
  });

  it('saves a due date from the menu only when it changed', async () => {
    const { fake, user } = await setup(async (f) => {
      await saveTodo(f, {
        id: 'TodoDue000000000000001',
        chapter_id: CHAPTER,
        title: 'Due',
        due_date: dueDateOf('2026-12-01', zone),
      });
    });
    const panel = await openPanel(user);
    await within(panel).findByText('Due');
    const before = fake.calls.length;
    await user.click(within(blockOf('Due')).getByRole('button', { name: 'Options for Due' }));
    let popup = await screen.findByTestId('task-popup');
    await user.click(within(popup).getByRole('button', { name: 'Save due date' }));
    expect(fake.calls).toHaveLength(before);

    await user.click(within(blockOf('Due')).getByRole('button', { name: 'Options for Due' }));
    popup = await screen.findByTestId('task-popup');
    fireEvent.change(within(popup).getByLabelText('Due Date'), { target: { value: '2026-12-02' } });
    await user.click(within(popup).getByRole('button', { name: 'Save due date' }));
    expect(await screen.findByText('The Due Date updated Successfully!')).toBeInTheDocument();
    expect(fake.row('to_dos', 'TodoDue000000000000001')).toMatchObject({
      due_date: dueDateOf('2026-12-02', zone),
    });
  });

  it('moves a task between the board’s columns with the keyboard, announced', async () => {
    const { fake, user } = await setup(async (f) => {
      await saveTodo(f, { id: 'TodoBoard0000000000001', chapter_id: CHAPTER, title: 'Board me' });
    });
    const panel = await openPanel(user);
    await within(panel).findByText('Board me');
    await user.click(within(panel).getByRole('radio', { name: 'Board' }));
    const pending = within(panel).getByTestId('board-column-pending');
    expect(within(pending).getByText('Pending (1)')).toBeInTheDocument();
    const card = within(pending).getByRole('group', { name: 'Board me' });
    card.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => {
      expect(within(panel).getByTestId('board-column-done')).toHaveTextContent('Board me');
    });
    expect(fake.row('to_dos', 'TodoBoard0000000000001')).toMatchObject({ status: 'done' });
    expect(screen.getByTestId('board-announcement')).toHaveTextContent('“Board me” moved to Done.');
    expect(await axeViolations()).toEqual([]);

    // The mouse: dragging a card onto the other column.
    const done = within(panel).getByRole('group', { name: 'Board me' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(done, { dataTransfer });
    act(() => {
      fireEvent.dragOver(within(panel).getByTestId('board-column-pending'), { dataTransfer });
      fireEvent.drop(within(panel).getByTestId('board-column-pending'), { dataTransfer });
    });
    await waitFor(() => {
      expect(fake.row('to_dos', 'TodoBoard0000000000001')).toMatchObject({ status: 'pending' });
    });
  });
});

describe('a long list of tasks', () => {
  /** The IntersectionObservers of the drawn lists; the test says when a list's end is near. */
  const observers = new Set<(entries: { isIntersecting: boolean }[]) => void>();
  class NearObserver {
    constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
    observe() {
      observers.add(this.report);
    }
    disconnect() {
      observers.delete(this.report);
    }
  }
  const endComesNear = () => {
    act(() => {
      for (const report of [...observers]) report([{ isIntersecting: true }]);
    });
  };
  afterEach(() => {
    observers.clear();
    vi.unstubAllGlobals();
  });

  it('draws a page of tasks at first and a page more as the end nears; a new filter starts again', async () => {
    vi.stubGlobal('IntersectionObserver', NearObserver);
    const total = GROWING_PAGE * 2 + 10;
    const { user } = await setup(async (f) => {
      for (let i = 1; i <= total; i += 1) {
        await saveTodo(f, {
          chapter_id: CHAPTER,
          title: `Task ${String(i)}`,
          priority: i % 2 ? 'high' : 'low',
          _order: i,
        });
      }
    });
    const panel = await openPanel(user);
    await within(panel).findByText('Task 1');
    const blocks = () => within(panel).getAllByTestId('task-block');
    expect(blocks()).toHaveLength(GROWING_PAGE);
    endComesNear();
    expect(blocks()).toHaveLength(GROWING_PAGE * 2);
    expect(within(panel).getByText(`Task ${String(GROWING_PAGE * 2)}`)).toBeInTheDocument();
    endComesNear();
    expect(blocks()).toHaveLength(total);

    await user.click(within(panel).getByRole('combobox', { name: 'Filter' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => {
      expect(panel).toHaveAttribute('data-filter', 'priority:high');
    });
    expect(blocks()).toHaveLength(GROWING_PAGE);
    endComesNear();
    expect(blocks()).toHaveLength(total / 2);
  }, 60_000);
});

describe('the Global To-Do List', () => {
  it('shows Pending and Done with counts, and No tasks available when a tab is empty', async () => {
    const { user } = await setup(async (f) => {
      await saveTodo(f, { manuscript_id: null, title: 'Call the editor', global: true });
      await saveTodo(f, { manuscript_id: null, title: 'Send proofs', global: true });
      await saveTodo(f, { chapter_id: CHAPTER, title: 'Not global' });
    });
    await user.click(screen.getByRole('button', { name: 'Global To-Do List' }));
    const modal = await screen.findByRole('dialog', { name: 'Global To-Do List' });
    expect(await within(modal).findByRole('tab', { name: 'Pending (2)' })).toBeInTheDocument();
    expect(within(modal).getByRole('tab', { name: 'Done (0)' })).toBeInTheDocument();
    expect(within(modal).getByText('Call the editor')).toBeInTheDocument();
    expect(within(modal).queryByText('Not global')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(modal).getByRole('tab', { name: 'Done (0)' }));
    expect(within(modal).getByText('No tasks available')).toBeInTheDocument();
  });
});
