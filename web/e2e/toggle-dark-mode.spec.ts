import { expect, test } from './support/fixtures';

test('toggling dark mode flips the colour scheme and it persists', async ({ page }) => {
  const html = page.locator('html');
  await page.goto('/auth/login');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});
