import { axeViolations } from './support/axe';
import { SYNC, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/offline';

/** A 1×1 PNG: the server keeps a picture only when its bytes are of its type. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ServerElement {
  id: string;
  name?: string;
  meta?: {
    type?: string;
    type_other_id?: number;
    nicknames?: { id: string; label: string }[];
    images?: { value: string; main: boolean }[];
    sections?: { title: string; content: string }[];
  };
}

/**
 * A writer builds a world: a custom type, a character with a nickname, a tag, a section written
 * and a picture uploaded, and an element of the custom type; the board filters by kind and
 * searches nicknames; the server gets every element; offline, a reload shows them again.
 */
test('a writer builds story elements, filters the board, and finds them again after an offline reload', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(150_000);
  await writerInNewManuscript(page, request, 'Wren Worlds', 'Desert Planet');
  const manuscriptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await waitForServiceWorker(page);

  await page.getByRole('button', { name: 'Story elements' }).click();
  const board = page.getByTestId('elements-board');
  await expect(board).toBeVisible();
  await expect(page).toHaveURL(/elements=board/);

  // A custom type with an icon from the set.
  await board.getByRole('button', { name: 'New custom type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'New custom type' });
  await typeDialog.getByRole('textbox', { name: 'Type name' }).fill('Starship');
  await typeDialog.getByRole('radio', { name: 'Ship' }).check();
  await typeDialog.getByRole('button', { name: 'Create type' }).click();
  await expect(typeDialog).toBeHidden();

  // A character: nickname, tag, a section written, a picture.
  await board.getByRole('button', { name: 'New element' }).click();
  const create = page.getByRole('dialog', { name: 'New story element' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Paul Atreides');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const elementPage = page.getByTestId('element-page');
  await expect(elementPage).toBeVisible();
  await expect(page).toHaveURL(/elements=(?!board)\w+/);
  await elementPage.getByRole('combobox', { name: 'Add a nickname' }).fill('Usul');
  await page.keyboard.press('Enter');
  await expect(elementPage.getByTestId('element-nicknames')).toContainText('Usul');
  await elementPage.getByRole('combobox', { name: 'Add a tag' }).fill('Atreides');
  await page.keyboard.press('Enter');
  await expect(elementPage.getByTestId('element-tags')).toContainText('Atreides');
  const goals = elementPage.getByRole('textbox', { name: 'Section text: Goals' });
  await goals.click();
  await page.keyboard.type('Avenge his father.');
  await elementPage.getByTestId('element-image-input').setInputFiles({
    name: 'paul.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(elementPage.getByRole('img', { name: 'Picture 1 of Paul Atreides' })).toBeVisible(
    SYNC,
  );
  await expect(elementPage.getByText('Main picture')).toBeVisible();
  expect(await axeViolations(page, 'element page')).toEqual([]);

  // An element of the custom type.
  await elementPage.getByRole('button', { name: 'Back to the board' }).click();
  await board.getByRole('button', { name: 'New element' }).click();
  await create.getByRole('textbox', { name: 'Name' }).fill('Heighliner');
  await create.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Starship' }).click();
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(elementPage).toBeVisible();
  await elementPage.getByRole('button', { name: 'Back to the board' }).click();

  // The board filters by kind and searches nicknames.
  const cards = board.getByTestId('element-card');
  await expect(cards).toHaveCount(2);
  await board.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Starship' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Heighliner');
  await board.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'All kinds' }).click();
  await board.getByRole('searchbox', { name: 'Search elements' }).fill('usul');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Paul Atreides');
  expect(await axeViolations(page, 'elements board')).toEqual([]);

  // The server has both elements, the nickname as {id, label}, the section and the picture.
  const serverElements = async (): Promise<ServerElement[]> => {
    const answer = await page.request.get(`/api/v4/manuscripts/${manuscriptId}`);
    const body = (await answer.json()) as { data?: { elements?: ServerElement[] | null } };
    return body.data?.elements ?? [];
  };
  await expect
    .poll(async () => {
      const paul = (await serverElements()).find((e) => e.name === 'Paul Atreides');
      return {
        nicknames: paul?.meta?.nicknames?.map((n) => n.label),
        goals: paul?.meta?.sections?.find((s) => s.title === 'Goals')?.content,
        images: paul?.meta?.images?.length,
      };
    }, SYNC)
    .toEqual({ nicknames: ['Usul'], goals: '<p>Avenge his father.</p>', images: 1 });
  const ship = (await serverElements()).find((e) => e.name === 'Heighliner');
  expect(ship?.meta).toMatchObject({ type: 'other', type_other_id: expect.any(Number) });

  // Offline, a reload comes back to the board with every element.
  await context.setOffline(true);
  await page.reload();
  await expect(board).toBeVisible(SYNC);
  await expect(cards).toHaveCount(2);
  await board.getByRole('button', { name: 'Open Paul Atreides' }).click();
  await expect(elementPage.getByTestId('element-nicknames')).toContainText('Usul');
  await expect(elementPage.getByRole('textbox', { name: 'Section text: Goals' })).toContainText(
    'Avenge his father.',
  );
  await page.goBack();
  await expect(board).toBeVisible();
  await context.setOffline(false);
});
