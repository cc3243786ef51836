import type { Locator, Page } from '@playwright/test';

import { axeViolations } from './support/axe';
import { SYNC, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

const PHONE = { width: 390, height: 844 };

/** Today in the browser's zone (the writer has no zone set), as a date field holds it. */
function todayInPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'To-do list', exact: true }).click();
  const panel = page.getByTestId('todo-panel');
  await expect(panel).toBeVisible();
  return panel;
}

async function createTask(
  page: Page,
  panel: Locator,
  task: { title: string; priority?: string; due?: string },
): Promise<void> {
  await panel.getByRole('button', { name: 'New task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(task.title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`Notes on ${task.title}`);
  if (task.due) await dialog.getByLabel('Due date').fill(task.due);
  if (task.priority) {
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: task.priority }).click();
  }
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

function block(page: Page, title: string): Locator {
  return page.getByTestId('task-block').filter({ hasText: title });
}

async function chooseFilter(page: Page, panel: Locator, name: string): Promise<void> {
  await panel.getByRole('combobox', { name: 'Filter' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('a writer plans the day: creates a task, filters, completes, duplicates and deletes it, and sees the global list’s counts', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Tess Planner', 'The Heist');
  const today = await todayInPage(page);

  const panel = await openPanel(page);
  await expect(panel.getByText('No tasks available')).toBeVisible();
  await createTask(page, panel, { title: 'Outline the heist', priority: 'High', due: today });
  const task = block(page, 'Outline the heist');
  await expect(task).toBeVisible();
  await expect(task).toHaveAttribute('data-priority', 'high');
  await expect(task.getByText('Notes on Outline the heist')).toBeVisible();
  expect(await axeViolations(page, 'to-do panel')).toEqual([]);

  // Filters count days in the writer's zone.
  await chooseFilter(page, panel, 'Today');
  await expect(task).toBeVisible();
  await chooseFilter(page, panel, 'Tomorrow');
  await expect(panel.getByText('No tasks available')).toBeVisible();
  await chooseFilter(page, panel, 'Low');
  await expect(panel.getByText('No tasks available')).toBeVisible();
  await chooseFilter(page, panel, 'All');
  await expect(task).toBeVisible();

  // Complete it from its menu (a popup on a wide screen).
  await task.getByRole('button', { name: 'Options for Outline the heist' }).click();
  const popup = page.getByTestId('task-popup');
  await expect(popup).toBeVisible();
  expect(await axeViolations(page, 'task menu')).toEqual([]);
  await popup.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(page.getByText('The Status updated Successfully!')).toBeVisible();
  await expect(task).toHaveAttribute('data-status', 'done');

  // Duplicate: a pending copy.
  await task.getByRole('button', { name: 'Options for Outline the heist' }).click();
  await expect(popup.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText('The Task has been duplicated!')).toBeVisible();
  const copy = block(page, 'Copy of Outline the heist');
  await expect(copy).toHaveAttribute('data-status', 'pending');

  // The board: the copy moves to Done with the keyboard.
  await panel.getByText('Board', { exact: true }).click();
  await panel.getByRole('group', { name: 'Copy of Outline the heist' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('board-column-done')).toContainText('Copy of Outline the heist');
  await expect(page.getByTestId('board-announcement')).toHaveText(
    '“Copy of Outline the heist” moved to Done.',
  );
  await panel.getByText('List', { exact: true }).click();

  // Delete is two steps.
  await copy.getByRole('button', { name: 'Options for Copy of Outline the heist' }).click();
  await popup.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Task' });
  await expect(confirm.getByText('Are you sure you want to delete this task?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The Task has been deleted!')).toBeVisible();
  await expect(copy).toHaveCount(0);

  // Two tasks of the writer's own, one done.
  await panel.getByRole('tab', { name: 'Global' }).click();
  await createTask(page, panel, { title: 'Buy ink' });
  await createTask(page, panel, { title: 'Call the agent', priority: 'Low' });
  const agent = block(page, 'Call the agent');
  await agent.getByRole('button', { name: 'Options for Call the agent' }).click();
  await popup.getByRole('button', { name: 'Mark as Completed' }).click();
  await expect(agent).toHaveAttribute('data-status', 'done');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Global To-Do List' }).click();
  const list = page.getByRole('dialog', { name: 'Global To-Do List' });
  await expect(list.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
  await expect(list.getByRole('tab', { name: 'Done (1)' })).toBeVisible();
  await expect(list.getByText('Buy ink', { exact: true })).toBeVisible();
  expect(await axeViolations(page, 'global to-do list')).toEqual([]);

  // The server has them: the outbox sent the global ones too.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/v4/to_dos/global');
      return response.ok() ? JSON.stringify(await response.json()) : '';
    }, SYNC)
    .toContain('Call the agent');
});

test('on a phone the task menu is a bottom sheet', async ({ page, request }) => {
  test.setTimeout(90_000);
  await writerInNewManuscript(page, request, 'Pia Phone', 'Pocket Novel');
  await page.setViewportSize(PHONE);
  // Open on the wide window, the properties become a drawer over the page on the phone's.
  const properties = page.getByRole('dialog', { name: 'Properties' });
  await expect(properties).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(properties).toBeHidden();
  const panel = await openPanel(page);
  await createTask(page, panel, { title: 'Read chapter one aloud', priority: 'Medium' });
  const task = block(page, 'Read chapter one aloud');
  await task.getByRole('button', { name: 'Options for Read chapter one aloud' }).click();
  const sheet = page.getByRole('dialog', { name: 'Read chapter one aloud' });
  await expect(sheet.getByRole('button', { name: 'Mark as Completed' })).toBeVisible();
  await expect(page.getByTestId('task-popup')).toHaveCount(0);
  // Once it has slid up, it sits on the bottom edge of the screen (its border may overhang).
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box
        ? Math.abs(box.y + box.height - PHONE.height) <= 4 && box.y > PHONE.height / 4
        : false;
    })
    .toBe(true);
  expect(await axeViolations(page, 'task bottom sheet')).toEqual([]);
  await sheet.getByRole('button', { name: 'High' }).click();
  await expect(page.getByText('The Priority updated Successfully!')).toBeVisible();
  await expect(task).toHaveAttribute('data-priority', 'high');
});
