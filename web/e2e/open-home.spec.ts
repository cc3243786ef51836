import { expect, test } from './support/fixtures';

test('an anonymous visitor opening the home page learns what Quire is and can log in', async ({
  page,
}) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Write your next book with Quire' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Write your next book with Quire · Quire');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
});
