import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import { i18n } from '@/lib/i18n';
import type { LocalRecord } from '@/storage';
import { axeViolations } from '@/testing/axe';
import { buildLocalRow } from '@/testing/build-local-row';
import { renderWithProviders } from '@/testing/render-with-providers';
import { stubApi, success } from '@/testing/stub-api';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';
import type { OpenedChapter } from '@/text-editor';

import { EditorElements } from './editor-elements';
import type { ElementsWorkspace } from './elements-store';

const BOOK = 'BookDune00000000000001';

afterEach(async () => {
  // Unmounted first, and the sync's 1 s debounce after a last write run out, before the
  // database goes.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  await disposeTestEngines();
});

/**
 * The manuscript's chapters as Yjs documents, one paragraph each, opened as the collaboration
 * connection opens them (`readOnly` ones refuse edits); `text(id)` reads one back.
 */
function chapterTexts(texts: Record<string, string>, readOnly: readonly string[] = []) {
  const docs = new Map<string, Y.Doc>();
  for (const [id, text] of Object.entries(texts)) {
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    doc.getXmlFragment('default').insert(0, [paragraph]);
    docs.set(id, doc);
  }
  const opened: string[] = [];
  return {
    ids: [...docs.keys()],
    opened,
    text: (id: string) => docs.get(id)?.getXmlFragment('default').toJSON() ?? '',
    open(chapterId: string): Promise<OpenedChapter> {
      opened.push(chapterId);
      const doc = docs.get(chapterId);
      if (!doc) return Promise.reject(new Error(`no chapter ${chapterId}`));
      return Promise.resolve({
        fragment: doc.getXmlFragment('default'),
        writable: () => !readOnly.includes(chapterId),
        close: () => Promise.resolve(),
      });
    },
  };
}

function row(fields: Partial<LocalRecord> & { id: string }): LocalRecord {
  return buildLocalRow({ manuscript_id: BOOK, kind: 'elements', ...fields });
}

/** The editor's header entry over a real local store; the manuscript's settings kept in state. */
async function setup(
  options: {
    elements?: LocalRecord[];
    groups?: LocalRecord[];
    canWrite?: boolean;
    path?: string;
    /** The chapters' texts (none by default). */
    chapters?: ReturnType<typeof chapterTexts>;
    settings?: Record<string, unknown>;
  } = {},
) {
  const test = createTestEngine();
  test.engine.outbox.pause();
  await test.store('contents', [...(options.elements ?? []), ...(options.groups ?? [])]);
  const settingsSaves: Record<string, unknown>[] = [];
  const texts = options.chapters ?? chapterTexts({});
  const chapters = texts.ids.map((id) => ({ id }));
  function Host() {
    const [settings, setSettings] = useState<Record<string, unknown>>(options.settings ?? {});
    const workspace: ElementsWorkspace = {
      manuscript: { id: BOOK, settings },
      chapters,
      writer: test.engine.writer,
      reads: test.engine.reads,
      canWrite: options.canWrite ?? true,
      saveManuscript: (changes) => {
        settingsSaves.push(changes.settings);
        setSettings((s) => ({ ...s, ...changes.settings }));
        return Promise.resolve();
      },
    };
    return <EditorElements workspace={workspace} texts={texts} />;
  }
  renderWithProviders(<Host />, options.path ?? '/');
  const elements = async () => (await test.stored('contents')).filter((r) => r.kind === 'elements');
  return { ...test, elements, settingsSaves };
}

const paul = row({
  id: 'ElementPaul00000000001',
  name: 'Paul Atreides',
  _order: 0,
  meta: {
    type: 'character',
    nicknames: ['Usul'],
    tags: ['Atreides'],
    sections: [
      { id: 'section-000001', title: 'Goals', content: '<p>Avenge his father</p>', order: 0 },
    ],
  },
});
const knife = row({
  id: 'ElementKnife0000000001',
  name: 'Crysknife',
  _order: 1,
  meta: { type: 'object', tags: ['Fremen'] },
});

describe('the elements board', { timeout: 30_000 }, () => {
  it('opens from the editor header and searches names, nicknames and section text', async () => {
    await setup({ elements: [paul, knife] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Story elements' }));
    const board = await screen.findByTestId('elements-board');
    expect(within(board).getAllByTestId('element-card')).toHaveLength(2);
    const search = within(board).getByRole('searchbox', { name: 'Search elements' });
    await user.type(search, 'usul');
    expect(within(board).getAllByTestId('element-card')).toHaveLength(1);
    expect(within(board).getByText('Paul Atreides')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'avenge');
    expect(within(board).getByText('Paul Atreides')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(within(board).queryAllByTestId('element-card')).toHaveLength(0);
    expect(within(board).getByRole('status')).toHaveTextContent(
      'No elements match the search or filters.',
    );
  });

  it('filters by kind and by tag', async () => {
    await setup({ elements: [paul, knife], path: '/?elements=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('elements-board');
    await user.click(within(board).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Object' }));
    expect(
      within(board)
        .getAllByTestId('element-card')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Crysknife')]);
    await user.click(within(board).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'All kinds' }));
    await user.click(within(board).getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'Atreides' }));
    expect(
      within(board)
        .getAllByTestId('element-card')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Paul Atreides')]);
  });

  it('opens an element from the keyboard and moves one later in its group', async () => {
    const { elements } = await setup({ elements: [paul, knife], path: '/?elements=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('elements-board');
    await user.click(within(board).getByRole('button', { name: 'Move Paul Atreides later' }));
    await waitFor(async () => {
      const orders = Object.fromEntries(
        (await elements()).map((e) => [String(e.name), e._order] as const),
      );
      expect(orders).toEqual({ Crysknife: 0, 'Paul Atreides': 1 });
    });
    // Last now: focus moves to the button still of use, not lost with the moved card.
    await waitFor(() => {
      expect(
        within(board).getByRole('button', { name: 'Move Paul Atreides earlier' }),
      ).toHaveFocus();
    });
    within(board).getByRole('button', { name: 'Open Crysknife' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('element-page')).toBeVisible();
    expect(screen.getByTestId('element-name')).toHaveValue('Crysknife');
  });

  it('has no serious accessibility violations, board and page', async () => {
    await setup({ elements: [paul, knife], path: '/?elements=board' });
    await screen.findByTestId('elements-board');
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open Paul Atreides' }));
    await screen.findByTestId('element-page');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows a Viewer the elements without ways to change them', async () => {
    await setup({ elements: [paul], canWrite: false, path: '/?elements=board' });
    const board = await screen.findByTestId('elements-board');
    expect(
      within(board).getByText('You can read these elements but not change them.'),
    ).toBeVisible();
    expect(within(board).queryByRole('button', { name: 'New element' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    await setup({ elements: [paul], path: '/?elements=board' });
    const board = await screen.findByTestId('elements-board');
    expect(within(board).getByRole('button', { name: 'Nuevo elemento' })).toBeVisible();
    expect(within(within(board).getByTestId('element-card')).getByText('Personaje')).toBeVisible();
  });
});

describe('an element, created, edited and deleted', { timeout: 40_000 }, () => {
  it('creates a character with its starting sections, edits it, deletes it into the trash and recovers it', async () => {
    const { elements, settingsSaves } = await setup({ path: '/?elements=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('elements-board');
    expect(within(board).getByText(/No story elements yet/)).toBeVisible();

    await user.click(within(board).getByRole('button', { name: 'New element' }));
    const dialog = await screen.findByRole('dialog', { name: 'New story element' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Name is required.')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Chani');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const page = await screen.findByTestId('element-page');
    const sections = within(page).getAllByRole('textbox', { name: 'Section title' });
    expect(sections.map((s) => (s as HTMLInputElement).value)).toEqual([
      'Appearance',
      'Personality',
      'Backstory',
      'Goals',
    ]);
    const [created] = await elements();
    expect(created).toMatchObject({ name: 'Chani', pending: 1, meta: { type: 'character' } });
    expect((created?.meta as { sections: { id: string }[] }).sections[0]?.id).toMatch(
      /^section-\d{6}$/,
    );

    await user.type(
      within(page).getByRole('combobox', { name: 'Add a nickname' }),
      'Sihaya{Enter}',
    );
    await user.type(within(page).getByRole('combobox', { name: 'Add a tag' }), 'Fremen{Enter}');
    await waitFor(async () => {
      const [stored] = await elements();
      expect(stored?.meta).toMatchObject({
        nicknames: [{ label: 'Sihaya' }],
        tags: ['Fremen'],
      });
    });
    expect(settingsSaves).toContainEqual({ tags: ['Fremen'] });

    await user.click(within(page).getByRole('button', { name: 'Delete element' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const back = await screen.findByTestId('elements-board');
    await waitFor(async () => {
      expect((await elements())[0]?.deleted_at).toEqual(expect.any(Number));
    });
    const trashRow = await within(back).findByTestId('element-trash-row');
    expect(trashRow).toHaveTextContent('60 days left');
    await user.click(within(trashRow).getByRole('button', { name: 'Recover Chani' }));
    expect(await within(back).findByRole('button', { name: 'Open Chani' })).toBeVisible();
  });

  it('writes plain-string nicknames back as {id, label} on the next nickname edit', async () => {
    const { elements } = await setup({ elements: [paul], path: `/?elements=${paul.id}` });
    const user = userEvent.setup();
    const page = await screen.findByTestId('element-page');
    expect(within(page).getByText('Usul')).toBeVisible();
    await user.type(
      within(page).getByRole('combobox', { name: 'Add a nickname' }),
      'Muad’Dib{Enter}',
    );
    await waitFor(async () => {
      const [stored] = await elements();
      expect(stored?.meta).toMatchObject({
        nicknames: [
          { id: 'nickname-0', label: 'Usul' },
          { id: expect.any(String) as string, label: 'Muad’Dib' },
        ],
        sections: [{ id: 'section-000001', title: 'Goals' }],
      });
    });
  });

  it('keeps a custom type in the manuscript and files a new element under it', async () => {
    const { elements, settingsSaves } = await setup({ path: '/?elements=board' });
    const user = userEvent.setup();
    const board = await screen.findByTestId('elements-board');
    await user.click(within(board).getByRole('button', { name: 'New custom type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom type' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type name' }), 'Starship');
    await user.click(within(dialog).getByRole('radio', { name: 'Ship' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create type' }));
    await waitFor(() => {
      expect(settingsSaves.at(-1)).toMatchObject({
        elements_custom_others: [{ name: 'Starship', icon: 'ship', image: null }],
      });
    });
    const type = (settingsSaves.at(-1)?.elements_custom_others as { id: number }[])[0];
    expect(type?.id).toBeGreaterThanOrEqual(1);
    expect(type?.id).toBeLessThanOrEqual(1_000_000);

    await user.click(within(board).getByRole('button', { name: 'New element' }));
    const create = await screen.findByRole('dialog', { name: 'New story element' });
    await user.type(within(create).getByRole('textbox', { name: 'Name' }), 'Heighliner');
    await user.click(within(create).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Starship' }));
    await user.click(within(create).getByRole('button', { name: 'Create' }));
    await screen.findByTestId('element-page');
    await waitFor(async () => {
      expect((await elements())[0]?.pending).toBe(1);
    });
    const [stored] = await elements();
    expect(stored?.meta).toMatchObject({
      type: 'other',
      type_other: 'Starship',
      type_other_id: type?.id,
    });
  });

  it('refuses a file that is not a picture, uploads one that is and makes the first main', async () => {
    const calls = stubApi({ 'POST /uploads/': success({ url: '/api/v4/uploads/Up1' }) });
    const { elements } = await setup({ elements: [paul], path: `/?elements=${paul.id}` });
    const user = userEvent.setup({ applyAccept: false });
    const page = await screen.findByTestId('element-page');
    const input = within(page).getByTestId('element-image-input');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(page).findByRole('alert')).toHaveTextContent(
      'Choose a PNG, JPEG, GIF or WebP picture.',
    );
    expect(calls).toHaveLength(0);
    await user.upload(
      input,
      new File([new Uint8Array([137, 80])], 'paul.png', { type: 'image/png' }),
    );
    expect(
      await within(page).findByRole('img', { name: 'Picture 1 of Paul Atreides' }),
    ).toBeVisible();
    expect(within(page).getByText('Main picture')).toBeVisible();
    const [stored] = await elements();
    expect(stored?.meta).toMatchObject({ images: [{ value: '/api/v4/uploads/Up1', main: true }] });
  });
});

describe('an element’s names in the chapters', { timeout: 40_000 }, () => {
  /** Creates a character named `name` from the board; resolves once the dialog is gone. */
  async function createCharacter(name: string) {
    const user = userEvent.setup();
    const board = await screen.findByTestId('elements-board');
    await user.click(within(board).getByRole('button', { name: 'New element' }));
    const dialog = await screen.findByRole('dialog', { name: 'New story element' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    return user;
  }

  it('become mentions on creating it, a nickname added later too, and text again on deleting it', async () => {
    const chapters = chapterTexts({
      c1: 'Ishmael sailed. Call me Ish.',
      c2: 'Queequeg met Ishmael.',
    });
    const { elements } = await setup({
      elements: [paul],
      chapters,
      path: '/?elements=board',
    });
    const user = await createCharacter('Ishmael');
    const page = await screen.findByTestId('element-page');
    const [created] = (await elements()).filter((e) => e.name === 'Ishmael');
    const id = created?.id ?? '';
    expect(chapters.text('c1')).toBe(
      `<paragraph><mention id="${id}" label="Ishmael"></mention> sailed. Call me Ish.</paragraph>`,
    );
    expect(chapters.text('c2')).toBe(
      `<paragraph>Queequeg met <mention id="${id}" label="Ishmael"></mention>.</paragraph>`,
    );

    await user.type(within(page).getByRole('combobox', { name: 'Add a nickname' }), 'Ish{Enter}');
    await waitFor(() => {
      expect(chapters.text('c1')).toBe(
        `<paragraph><mention id="${id}" label="Ishmael"></mention> sailed. Call me ` +
          `<mention id="${id}" label="Ish"></mention>.</paragraph>`,
      );
    });

    await user.click(within(page).getByRole('button', { name: 'Delete element' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(chapters.text('c1')).toBe('<paragraph>Ishmael sailed. Call me Ish.</paragraph>');
    });
    expect(chapters.text('c2')).toBe('<paragraph>Queequeg met Ishmael.</paragraph>');

    // Recovered, it is mentioned again (auto-suggest is on).
    const board = await screen.findByTestId('elements-board');
    const trashRow = await within(board).findByTestId('element-trash-row');
    await user.click(within(trashRow).getByRole('button', { name: 'Recover Ishmael' }));
    await waitFor(() => {
      expect(chapters.text('c2')).toBe(
        `<paragraph>Queequeg met <mention id="${id}" label="Ishmael"></mention>.</paragraph>`,
      );
    });
  });

  it('leave the text alone when the manuscript turned auto-suggest off', async () => {
    const chapters = chapterTexts({ c1: 'Ishmael sailed.' });
    await setup({
      chapters,
      settings: { elements: { auto_suggest: false } },
      path: '/?elements=board',
    });
    await createCharacter('Ishmael');
    await screen.findByTestId('element-page');
    expect(chapters.opened).toEqual([]);
    expect(chapters.text('c1')).toBe('<paragraph>Ishmael sailed.</paragraph>');
  });

  it('that cannot become mentions leave no element: the spec’s message, and it is gone', async () => {
    const chapters = chapterTexts({ c1: 'Ishmael sailed.', c2: 'Ishmael slept.' }, ['c2']);
    const { elements } = await setup({ chapters, path: '/?elements=board' });
    await createCharacter('Ishmael');
    expect(await screen.findByText('Failed to apply mention to manuscript.')).toBeVisible();
    // Deleted for good (the server is told); neither on the board nor in the trash.
    await waitFor(async () => {
      const [stored] = await elements();
      expect(stored?.pending_ops).toContain('hard_delete');
    });
    expect(chapters.text('c1')).toBe('<paragraph>Ishmael sailed.</paragraph>');
    const board = screen.getByTestId('elements-board');
    await waitFor(() => {
      expect(within(board).queryByTestId('element-trash-row')).toBeNull();
    });
    expect(within(board).queryByTestId('element-card')).toBeNull();
    expect(screen.queryByTestId('element-page')).toBeNull();
  });
});
