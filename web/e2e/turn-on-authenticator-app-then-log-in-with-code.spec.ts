import { logInThroughPage, newWriter, signUpThroughApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { currentTimeStep, totpCode } from './support/totp';

test('a writer turns on an authentication app and then logs in with its code', async ({
  page,
  request,
}) => {
  const writer = newWriter('Cai Poet');
  await signUpThroughApi(request, writer);
  await logInThroughPage(page, writer);

  await page.goto('/account/security');
  await page.getByRole('radio', { name: 'Authentication App (recommended)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authentication app' });
  await expect(
    setup.getByRole('img', { name: 'QR code for your authentication app' }),
  ).toBeVisible();
  const secret = (await setup.locator('pre').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);

  const step = currentTimeStep();
  await setup.getByLabel('Verification code').fill('12345');
  await setup.getByRole('button', { name: 'Verify' }).click();
  await expect(setup.getByText('Please enter six-digits code.')).toBeVisible();
  await setup.getByLabel('Verification code').fill(totpCode(secret, step));
  await setup.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Two-factor authentication is on.').first()).toBeVisible();
  await expect(
    page.getByText('Two-factor authentication uses your authentication app.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page
    .getByRole('dialog', { name: 'Logout' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email').fill(writer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText('Enter the six-digit code from your authentication app.'),
  ).toBeVisible();
  // Each time step works once; the server accepts the next one too (one step of clock skew).
  await page.getByLabel('Verification code').fill(totpCode(secret, step + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
});
