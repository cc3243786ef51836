import type { Page } from '@playwright/test';

import { newWriter } from './support/accounts';
import { expect, test } from './support/fixtures';

const themeColor = (page: Page) => page.locator('meta[name="theme-color"]');

test('a writer signs up, logs out and in, picks Emerald and Spanish, and both survive a reload', async ({
  page,
}) => {
  const writer = newWriter();

  await page.goto('/auth/sign_up');
  await page.getByLabel('Full name').fill(writer.name);
  await page.getByLabel('Email').fill(writer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await page.getByLabel('Confirm password').fill(writer.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Quire' })).toBeVisible();
  await expect(page.getByText(writer.email)).toBeVisible();
  // The welcome page forwards to the manuscripts by itself, a moment after sign-up.
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
  await expect(page).toHaveURL(/\/manuscripts$/);

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Logout' });
  await expect(confirm).toContainText('Are you sure you want to logout?');
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.getByLabel('Email').fill(writer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Color options' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Color options' })).toBeVisible();
  await expect(themeColor(page)).toHaveAttribute('content', '#7879f1');
  await page.getByRole('button', { name: 'Emerald' }).click();
  await expect(page.getByText('The color has been updated!')).toBeVisible();
  await expect(themeColor(page)).toHaveAttribute('content', '#10A05C');
  await expect(page.getByRole('button', { name: 'Emerald' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opciones de color' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Opciones de color' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(themeColor(page)).toHaveAttribute('content', '#10A05C');
  await expect(page.getByRole('button', { name: 'Esmeralda' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page
    .getByRole('dialog', { name: 'Cerrar sesión' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  // Logged out, the theme chosen on this device (the default) applies again.
  await expect(themeColor(page)).toHaveAttribute('content', '#7879f1');
});
