import type { Page } from '@playwright/test';

import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';

/** The `data` of an API answer, asked with the browser's own session. */
async function apiData(page: Page, path: string): Promise<unknown> {
  const response = await page.request.get(`/api/v4${path}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: unknown }).data;
}

async function itemMenu(page: Page, title: string, command: string): Promise<void> {
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: command }).click();
}

test('a writer files a templated manuscript in a folder, renames it, and takes it through the trash', async ({
  page,
}) => {
  const writer = newWriter();
  await signUpThroughApi(page.request, writer);
  await logInThroughPage(page, writer);
  await expect(page.getByText('No manuscripts yet')).toBeVisible();

  // A folder, then into it.
  await page.getByRole('button', { name: 'New folder' }).first().click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByRole('textbox', { name: 'Folder name' }).fill('Saga');
  await folderDialog.getByRole('textbox', { name: 'Folder name' }).press('Enter');
  await page.getByRole('link', { name: 'Saga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saga' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Folder path' })
      .getByRole('link', { name: 'Manuscripts' }),
  ).toBeVisible();

  // A manuscript from a template, inside the folder.
  await page.getByRole('button', { name: 'New manuscript' }).first().click();
  const newDialog = page.getByRole('dialog', { name: 'New manuscript' });
  await newDialog.getByText('From a template').click();
  await expect(
    newDialog.getByRole('heading', { level: 3, name: 'Fiction', exact: true }),
  ).toBeVisible();
  await newDialog.getByRole('radio', { name: /Three-Act Structure/ }).click();
  await newDialog.getByRole('textbox', { name: 'Manuscript title' }).fill('The Long Night');
  await newDialog.getByRole('button', { name: 'Create' }).click();
  // It opens in the editor; back to the folder.
  await expect(page).toHaveURL(/\/manuscript\//);
  await page.goBack();
  await expect(page.getByRole('link', { name: 'The Long Night' })).toBeVisible();
  const [created] = (await apiData(page, '/manuscripts')) as { id: string; folder_id: string }[];
  expect(created).toBeDefined();
  const folders = (await apiData(page, '/folders')) as { id: string; name: string }[];
  expect(folders.map((folder) => folder.name)).toEqual(['Saga']);
  expect(created?.folder_id).toBe(folders[0]?.id);
  const tree = (await apiData(page, `/manuscripts/${created?.id ?? ''}`)) as {
    groups: { name: string }[];
  };
  expect(tree.groups.length).toBeGreaterThan(0);

  // Renamed.
  await itemMenu(page, 'The Long Night', 'Rename');
  const renameDialog = page.getByRole('dialog', { name: 'Rename manuscript' });
  await renameDialog.getByRole('textbox', { name: 'Manuscript title' }).fill('The Longest Night');
  await renameDialog.getByRole('textbox', { name: 'Manuscript title' }).press('Enter');
  await expect(page.getByRole('link', { name: 'The Longest Night' })).toBeVisible();
  await expect
    .poll(async () => ((await apiData(page, '/manuscripts')) as { title: string }[])[0]?.title)
    .toBe('The Longest Night');

  // Deleted, seen in Recently Deleted with its days left, recovered.
  await itemMenu(page, 'The Longest Night', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete manuscript' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The manuscript has been deleted!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Longest Night' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Recently Deleted' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recently Deleted' })).toBeVisible();
  const row = page
    .getByRole('list', { name: 'Recently Deleted' })
    .getByRole('listitem')
    .filter({ hasText: 'The Longest Night' });
  await expect(row).toContainText('60 days left');
  await row.getByRole('button', { name: 'Recover The Longest Night' }).click();
  await expect(page.getByText('The manuscript has been recovered!')).toBeVisible();
  await expect(page.getByText('Recently Deleted is empty')).toBeVisible();
  await expect
    .poll(async () => ((await apiData(page, '/manuscripts')) as unknown[]).length)
    .toBe(1);

  // Back in its folder; deleted again, then deleted permanently.
  await page.getByRole('link', { name: 'Manuscripts', exact: true }).click();
  await page.getByRole('link', { name: 'Saga' }).click();
  await itemMenu(page, 'The Longest Night', 'Delete');
  await page
    .getByRole('dialog', { name: 'Delete manuscript' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The manuscript has been deleted!').first()).toBeVisible();
  await page.getByRole('link', { name: 'Recently Deleted' }).click();
  await page.getByRole('button', { name: 'Delete The Longest Night permanently' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete permanently' });
  await expect(confirm).toContainText(
    'Delete “The Longest Night” permanently? This cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(
    page.getByText('The manuscripts and Folders has been Deleted Successfully!'),
  ).toBeVisible();
  await expect(page.getByText('Recently Deleted is empty')).toBeVisible();
  await expect
    .poll(async () => ((await apiData(page, '/manuscripts?deleted=true')) as unknown[]).length)
    .toBe(0);
  expect(await apiData(page, '/manuscripts')).toEqual([]);

  // After a reload the server's state is what the list shows.
  await page.reload();
  await expect(page.getByText('Recently Deleted is empty')).toBeVisible();
  await page.goto('/manuscripts');
  await expect(page.getByRole('link', { name: 'Saga' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recently Deleted' })).toHaveCount(0);
});
