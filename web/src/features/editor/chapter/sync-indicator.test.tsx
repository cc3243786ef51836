import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import type { PendingRow, SyncSnapshot, SyncStatus } from '@/sync';
import type { ChapterStatus } from '@/sync/collab';
import { fakeChapterHandle } from '@/testing/fake-chapter-handle';
import { renderWithProviders } from '@/testing/render-with-providers';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';
import type { TestEngine } from '@/testing/sync-harness';

import { EditorDataProvider, editorDataOf } from '../workspace/editor-data';
import { indicatorText, SyncIndicator } from './sync-indicator';

const THIS = 'ChapterThis0000000001';
const OTHER = 'ChapterOther000000002';
const THIRD = 'ChapterThird000000003';

const none: SyncSnapshot = { known: true, online: true, chapters: [], refused: [], rows: [] };
const row: PendingRow = {
  table: 'notes',
  kind: 'notes',
  id: 'NoteRow00000000000001',
  manuscriptId: 'ManuscriptM0000000001',
  name: 'Harbour sketch',
};

function snap(extra: Partial<SyncSnapshot>): SyncSnapshot {
  return { ...none, ...extra };
}

/** A sync status whose snapshot the test sets. */
function fakeSync(initial: SyncSnapshot): SyncStatus & { set(next: SyncSnapshot): void } {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    rescan: () => Promise.resolve(),
    stop: () => undefined,
    set(next) {
      snapshot = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

let made: TestEngine | null = null;

afterEach(async () => {
  await changeLocale('en');
  made = null;
  await disposeTestEngines();
});

/** The signed-in writer's store, where the chapters' names are read. */
function store(): TestEngine {
  made ??= createTestEngine();
  return made;
}

/** A stored chapter of the writer, named `name`. */
function storeChapter(id: string, name: string): Promise<void> {
  const row = { id, kind: 'chapters' as const, name, manuscript_id: 'ManuscriptM0000000001' };
  return store().store('contents', [{ ...row, user_id: TEST_USER }]);
}

/** Renders the indicator over the writer's store. */
function renderIndicator(element: ReactElement) {
  return renderWithProviders(
    <EditorDataProvider data={editorDataOf(store().engine)}>{element}</EditorDataProvider>,
  );
}

describe('indicatorText', () => {
  const cases: [string, ChapterStatus, SyncSnapshot | null, ReturnType<typeof indicatorText>][] = [
    ['saving passes through', 'saving', snap({ chapters: [OTHER] }), { key: 'saving' }],
    ['denied passes through', 'denied', snap({ chapters: [OTHER] }), { key: 'denied' }],
    ['read-only passes through', 'read-only', snap({ rows: [row] }), { key: 'read-only' }],
    ['no sync status: the chapter’s own', 'synced', null, { key: 'synced' }],
    ['synced when known and nothing waits', 'synced', none, { key: 'synced' }],
    [
      'not synced before the store was read',
      'synced',
      snap({ known: false }),
      { key: 'saved-locally' },
    ],
    ['this chapter unacknowledged', 'saved-locally', none, { key: 'saved-locally' }],
    [
      'this chapter listed as waiting, alone',
      'saved-locally',
      snap({ chapters: [THIS] }),
      { key: 'saved-locally' },
    ],
    [
      'other chapters wait',
      'synced',
      snap({ chapters: [OTHER, THIRD] }),
      { key: 'waiting_chapters', count: 2 },
    ],
    [
      'other chapters and this one wait',
      'saved-locally',
      snap({ chapters: [THIS, OTHER] }),
      { key: 'waiting_chapters', count: 2 },
    ],
    [
      'this one (not yet in the list) and another wait',
      'saved-locally',
      snap({ chapters: [OTHER] }),
      { key: 'waiting_chapters', count: 2 },
    ],
    [
      'rows only',
      'synced',
      snap({ rows: [row, { ...row, id: 'NoteRow00000000000002' }] }),
      { key: 'waiting_changes', count: 2 },
    ],
    [
      'chapters before rows',
      'synced',
      snap({ chapters: [OTHER], rows: [row] }),
      { key: 'waiting_chapters', count: 1 },
    ],
    ['this one waits, rows too', 'saved-locally', snap({ rows: [row] }), { key: 'saved-locally' }],
  ];

  it.each(cases)('%s', (_name, status, snapshot, expected) => {
    expect(indicatorText(THIS, status, snapshot)).toEqual(expected);
  });
});

describe('SyncIndicator', () => {
  it('says Synced when the chapter and everything else is on the server', async () => {
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    renderIndicator(<SyncIndicator handle={handle} sync={fakeSync(none)} />);
    expect(await screen.findByText('Synced')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show what is waiting to sync' })).toBeNull();
  });

  it('counts the chapters waiting, and says Synced once the server has them', async () => {
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    const sync = fakeSync(snap({ chapters: [OTHER, THIRD] }));
    renderIndicator(<SyncIndicator handle={handle} sync={sync} />);
    expect(await screen.findByText('2 chapters waiting to sync')).toBeInTheDocument();
    expect(screen.queryByText('Synced')).toBeNull();

    act(() => {
      sync.set(none);
    });
    expect(await screen.findByText('Synced')).toBeInTheDocument();
  });

  it('lists a waiting chapter by name and a pending change in the popover', async () => {
    await storeChapter(OTHER, 'The Lighthouse');
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    const sync = fakeSync(snap({ online: false, chapters: [OTHER], rows: [row] }));
    renderIndicator(<SyncIndicator handle={handle} sync={sync} />);
    expect(await screen.findByText('1 chapter waiting to sync')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show what is waiting to sync' }));
    expect(await screen.findByText('The Lighthouse')).toBeInTheDocument();
    expect(screen.getByText('Note: Harbour sketch')).toBeInTheDocument();
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
  });

  it('names a chapter with no name as untitled, and marks a refused one', async () => {
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    const sync = fakeSync(snap({ chapters: [OTHER], refused: [OTHER] }));
    renderIndicator(<SyncIndicator handle={handle} sync={sync} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show what is waiting to sync' }),
    );
    expect(
      await screen.findByText('Untitled chapter — the server refused it (no access)'),
    ).toBeInTheDocument();
  });

  it('says how many changes wait when only rows do', async () => {
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    renderIndicator(<SyncIndicator handle={handle} sync={fakeSync(snap({ rows: [row] }))} />);
    expect(await screen.findByText('1 change waiting to sync')).toBeInTheDocument();
  });

  it('speaks Spanish when the language is es', async () => {
    await changeLocale('es');
    await storeChapter(OTHER, 'El faro');
    const handle = fakeChapterHandle({ chapterId: THIS, status: 'synced' });
    renderIndicator(
      <SyncIndicator handle={handle} sync={fakeSync(snap({ chapters: [OTHER, THIRD] }))} />,
    );
    expect(await screen.findByText('2 capítulos pendientes de sincronizar')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver lo que falta por sincronizar' }));
    expect(await screen.findByText('El faro')).toBeInTheDocument();
    expect(screen.getByText('Capítulo sin título')).toBeInTheDocument();
  });
});
