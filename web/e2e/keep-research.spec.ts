import { SYNC, writerInNewManuscript } from './support/editor';
import { expect, test } from './support/fixtures';

interface ServerResearch {
  name?: string;
  _order?: number;
  items?: { type: string; order: number; url?: string; title?: string; content?: string }[];
}

/**
 * A writer keeps research: a research made on the board, a link (the title the writer typed)
 * and a note added to it; the server gets them, and after a reload they are still there.
 */
test('a writer adds a research with a link and a note, and finds them after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await writerInNewManuscript(page, request, 'Rhea Research', 'The Lighthouse Keeper');
  const manuscriptId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  await page.getByTestId('research-button').click();
  const board = page.getByTestId('research-board');
  await expect(board).toBeVisible();
  await expect(page).toHaveURL(/research=board/);
  await board.getByRole('button', { name: 'New research' }).click();
  const create = page.getByRole('dialog', { name: 'New research' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Lighthouses');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  const researchPage = page.getByTestId('research-page');
  await expect(researchPage).toBeVisible();
  await expect(page).toHaveURL(/research=(?!board)\w+/);

  await researchPage.getByRole('button', { name: 'Add a link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
  await linkDialog.getByRole('textbox', { name: 'Address' }).fill('example.com/fresnel');
  await linkDialog.getByRole('textbox', { name: 'Title' }).fill('The Fresnel lens');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect(linkDialog).toBeHidden();
  await researchPage.getByRole('button', { name: 'Add a note' }).click();
  const note = researchPage.getByRole('textbox', { name: 'Note 2' });
  await note.click();
  await page.keyboard.type('Lamps were lit at dusk.');

  // The server has the research, from 100, with both items.
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/v4/manuscripts/${manuscriptId}`);
      const body = (await answer.json()) as { data?: { researches?: ServerResearch[] | null } };
      const research = body.data?.researches?.find((r) => r.name === 'Lighthouses');
      return { order: research?._order, items: research?.items };
    }, SYNC)
    .toEqual({
      order: 100,
      items: [
        expect.objectContaining({
          type: 'link',
          order: 100,
          url: 'https://example.com/fresnel',
          title: 'The Fresnel lens',
        }),
        expect.objectContaining({
          type: 'note',
          order: 101,
          content: '<p>Lamps were lit at dusk.</p>',
        }),
      ],
    });

  await page.reload();
  await expect(researchPage).toBeVisible(SYNC);
  await expect(researchPage.getByRole('link', { name: /The Fresnel lens/ })).toHaveAttribute(
    'href',
    'https://example.com/fresnel',
  );
  await expect(researchPage.getByRole('textbox', { name: 'Note 2' })).toContainText(
    'Lamps were lit at dusk.',
  );
  await researchPage.getByRole('button', { name: 'Back to the board' }).click();
  await expect(board.getByTestId('research-card')).toContainText('2 items');
});
