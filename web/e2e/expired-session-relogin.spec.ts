import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';

test('a session revoked from another device asks for the password and then carries on', async ({
  page,
  browser,
  request,
}) => {
  const writer = newWriter('Bea Novelist');
  await signUpThroughApi(request, writer);
  await logInThroughPage(page, writer);

  // A second device signs in as the same writer and logs the first one out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInThroughPage(otherPage, writer);
  await otherPage.goto('/account/security');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  const revoke = otherPage.getByRole('button', { name: /^Log out / });
  await expect(revoke).toHaveCount(1);
  await revoke.click();
  await expect(otherPage.getByText('The device has been logged out.')).toBeVisible();
  await expect(revoke).toHaveCount(0);
  await other.close();

  // Back on the first device, the server ends its live channel (4001): the app checks the
  // session at once, the refresh is refused, and the re-login modal appears by itself.
  const modal = page.getByRole('dialog', { name: 'Session expired' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    'Your session has expired. Please log in again to keep working.',
  );
  await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Log in' }).click();
  await expect(modal.getByText('Password is required.')).toBeVisible();
  await expect(modal.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();

  await modal.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await modal.getByRole('button', { name: 'Log in' }).click();

  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  // The restored session reaches the server again: this device is listed as the current one.
  await expect(page.getByText('This device')).toBeVisible();
});
