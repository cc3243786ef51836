import { expect, test } from './support/fixtures';

test('an anonymous visitor opening the home page is forwarded to login', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · Quire');
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
});
