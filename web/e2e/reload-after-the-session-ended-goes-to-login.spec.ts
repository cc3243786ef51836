import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';

// The guard lets the cached user into the screen at once on a page load and asks the server
// after (ADR 0012, amendment); a session the server no longer knows still ends on login.
test('a writer whose session ended reloads the manuscripts and lands on login', async ({
  page,
  request,
}) => {
  const writer = newWriter('Cleo Reloader');
  await signUpThroughApi(request, writer);
  await logInThroughPage(page, writer);
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();

  // The session's cookies are gone (expired); the user is still cached on this device.
  await page.context().clearCookies();
  await page.reload();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Session expired' })).toHaveCount(0);
});
