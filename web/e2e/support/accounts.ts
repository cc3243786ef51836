import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

export interface Writer {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A writer with an address no other test uses (the server keeps its data for the run). */
export function newWriter(name = 'Ana Writer'): Writer {
  counter += 1;
  const unique = `${String(Date.now())}-${String(process.pid)}-${String(counter)}`;
  return { name, email: `writer-${unique}@example.com`, password: 'correct-horse-7' };
}

/**
 * Creates the account through the API, then ends the session sign-up started, so that only the
 * browsers' sessions remain. Both calls carry the CSRF header the web app sends: logging out
 * changes state, so the server refuses it without the header, GET though it is.
 */
export async function signUpThroughApi(request: APIRequestContext, writer: Writer): Promise<void> {
  const response = await request.post('/api/v4/users/', {
    headers: { 'X-Requested-With': 'quire' },
    data: {
      name: writer.name,
      email: writer.email,
      password: writer.password,
      password_confirmation: writer.password,
    },
  });
  expect(response.ok()).toBe(true);
  const logout = await request.get('/api/v4/auth/logout', {
    headers: { 'X-Requested-With': 'quire' },
  });
  expect(logout.ok()).toBe(true);
}

/** Logs in on the login page and waits for the manuscripts. */
export async function logInThroughPage(page: Page, writer: Writer): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(writer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(writer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manuscripts' })).toBeVisible();
}
