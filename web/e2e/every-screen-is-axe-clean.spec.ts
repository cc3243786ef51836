/**
 * Every screen passes axe-core's WCAG 2 A and AA rules with no serious or critical violation,
 * in the light and dark themes and in English and Spanish: the signed-out pages, the
 * manuscripts list and its trash, the editor (text with a comment and a footnote, and each of
 * its panels open), the story elements board and an element's page, the research board and a
 * research's page, account settings and the other signed-in pages.
 */
import type { Page } from '@playwright/test';

import en from '../src/i18n/en.json' with { type: 'json' };
import es from '../src/i18n/es.json' with { type: 'json' };
import { ACCOUNT_SECTIONS, MARKETING_PAGES } from '../src/lib/paths';
import { axeViolations } from './support/axe';
import {
  SYNC,
  caretAtEnd,
  chapterText,
  expectChapterStatus,
  writerInNewManuscript,
} from './support/editor';
import { expect, test } from './support/fixtures';

type Locale = 'en' | 'es';
type Scheme = 'light' | 'dark';

/** The interface's own text for `key` in `locale`, so the test finds controls in either language. */
function says(locale: Locale, key: string): string {
  let node: unknown = locale === 'es' ? es : en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node;
}

/** Chooses the interface's language and theme as the app keeps them, then reloads. */
async function appearAs(page: Page, locale: Locale, scheme: Scheme): Promise<void> {
  await page.evaluate(
    (look) => {
      localStorage.setItem('quire.locale', look.locale);
      localStorage.setItem('quire.color_scheme', look.scheme);
    },
    { locale, scheme },
  );
  await page.reload();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', locale);
  // A signed-in writer's theme is a setting of their account, which wins over this device's.
  if ((await html.getAttribute('data-mantine-color-scheme')) !== scheme) {
    const toggle = scheme === 'dark' ? 'theme.switch_to_dark' : 'theme.switch_to_light';
    await page
      .getByRole('button', { name: says(locale, toggle) })
      .first()
      .click();
  }
  await expect(html).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** Opens `path` and waits for its main heading before axe reads it. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(SYNC);
}

const SIGNED_OUT = ['/', '/auth/login', '/auth/sign_up', '/auth/reset_password', '/no-such-page'];
const SIGNED_IN = [
  '/manuscripts',
  '/manuscripts?view=trash',
  ...ACCOUNT_SECTIONS.map((section) => `/account/${section}`),
  '/knowledge_base',
  '/beta_reader/request_feedback',
  '/ambassador-dashboard',
  '/verify_email_help',
];

for (const locale of ['en', 'es'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every screen is axe-clean (${scheme}, ${locale})`, async ({ page, request }) => {
      // Five minutes: the signed-out pages, the editor and its panels, the story elements and
      // research screens, and the signed-in pages, each looked at by axe.
      test.setTimeout(300_000);
      const found: string[] = [];
      const check = async (screen: string) => {
        found.push(...(await axeViolations(page, `${screen} (${scheme}, ${locale})`)));
      };

      await page.goto('/auth/login');
      await appearAs(page, locale, scheme);
      for (const path of [...SIGNED_OUT, ...MARKETING_PAGES.map((p) => p.path)]) {
        await visit(page, path);
        await check(path);
      }

      // The writer's own screens: made in English (the helpers speak it), then looked at in
      // the language and theme under test.
      await appearAs(page, 'en', scheme);
      await writerInNewManuscript(page, request, 'Axe Writer', 'The Lighthouse Keeper');
      const text = chapterText(page);
      await text.click();
      await page.keyboard.type('The keeper climbed the stairs at dusk.');
      await text.getByText('The keeper climbed').click();
      await page.keyboard.press('Home');
      await page.keyboard.press('Control+Shift+ArrowRight');
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      await page.getByRole('textbox', { name: 'New comment' }).fill('Which lighthouse?');
      await page.getByRole('button', { name: 'Add comment' }).click();
      await caretAtEnd(page);
      await page.getByRole('button', { name: 'Footnote', exact: true }).click();
      await page.getByRole('textbox', { name: 'Footnote 1' }).fill('Built in 1871.');
      await expectChapterStatus(page, 'Synced');
      await page.getByRole('button', { name: 'Story elements' }).click();
      await page.getByRole('button', { name: 'New element' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('The Keeper');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByTestId('element-page')).toBeVisible();
      await page.getByRole('combobox', { name: 'Add a nickname' }).fill('Old Tom');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Back to the board' }).click();
      const board = page.url();
      await page.keyboard.press('Escape');
      await expect(page).not.toHaveURL(/elements=/);
      await page.getByTestId('research-button').click();
      await page.getByRole('button', { name: 'New research' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Lighthouses');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByTestId('research-page')).toBeVisible();
      await page.getByRole('button', { name: 'Add a link' }).click();
      await page.getByRole('textbox', { name: 'Address' }).fill('example.com/lights');
      await page.getByRole('textbox', { name: 'Title' }).fill('Lights of the coast');
      await page.getByRole('button', { name: 'Add link' }).click();
      await page.getByRole('button', { name: 'Add a note' }).click();
      await expect(page.getByTestId('research-item')).toHaveCount(2);
      await page.getByRole('button', { name: 'Back to the board' }).click();
      const researchBoard = page.url();
      await page.keyboard.press('Escape');
      await expect(page).not.toHaveURL(/research=/);

      await appearAs(page, locale, scheme);
      await expect(
        page.getByRole('textbox', { name: says(locale, 'chapter_editor.editor_label') }),
      ).toContainText('The keeper climbed', SYNC);
      await check('editor');
      const panels: [string, string][] = [
        ['workspace.toggle_properties', 'properties'],
        ['chapter_editor.find.open', 'find and replace'],
        ['chapter_editor.page_setup.open', 'page setup'],
        ['workspace.history', 'version history'],
      ];
      for (const [key, name] of panels) {
        await page
          .getByRole('button', { name: says(locale, key) })
          .first()
          .click();
        await check(`editor, ${name}`);
        await page.keyboard.press('Escape');
      }
      await page.goto(board);
      await expect(page.getByTestId('elements-board')).toBeVisible(SYNC);
      await check('story elements board');
      await page
        .getByRole('button', {
          name: says(locale, 'elements.open_element').replace('{{name}}', 'The Keeper'),
        })
        .click();
      await expect(page.getByTestId('element-page')).toBeVisible();
      await check('story element page');
      await page.goto(researchBoard);
      await expect(page.getByTestId('research-board')).toBeVisible(SYNC);
      await check('research board');
      await page
        .getByRole('button', {
          name: says(locale, 'research.open_research').replace('{{name}}', 'Lighthouses'),
        })
        .click();
      await expect(page.getByTestId('research-page')).toBeVisible();
      await check('research page');

      for (const path of SIGNED_IN) {
        await visit(page, path);
        await check(path);
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
