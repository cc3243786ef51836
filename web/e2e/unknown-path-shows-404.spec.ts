import { expect, test } from './support/fixtures';

test('an unknown path shows the 404 page and Go Home leads back to the app', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Oops. Nothing here...' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go Home' }).click();

  // Home is the splash, which forwards a visitor without a session to the home page.
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Write your next book with Quire' }),
  ).toBeVisible();
});
