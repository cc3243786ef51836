import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Manuscript } from '@/storage';
import { fromServer } from '@/storage/local-rows';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import { CONTENT_BATCH_SIZE } from './loader';

const T0 = 1_800_000_000_000;
const marks = { user_id: TEST_USER, pending: 0 as const, pending_ops: [] };

function manuscript(id: string, overrides: Partial<Manuscript> = {}): Manuscript {
  return {
    id,
    title: id,
    folder_id: null,
    _order: 0,
    created_at: T0 - 10_000,
    updated_at: T0 - 10_000,
    synced_at: T0 - 10_000,
    deleted_at: null,
    ...overrides,
  };
}

function chapter(id: string, manuscriptId: string, updatedAt: number) {
  return {
    id,
    manuscript_id: manuscriptId,
    name: id,
    _order: 0,
    updated_at: updatedAt,
    deleted_at: null,
  };
}

const id = (n: number) => `Book${String(n).padStart(18, '0')}`;

afterEach(async () => {
  await disposeTestEngines();
});

describe('loading', () => {
  it('shows the listed manuscripts first, then fetches their contents 5 at a time in sort order', async () => {
    const { remote, db, engine } = createTestEngine();
    // Twelve manuscripts, the newest last written.
    for (let n = 1; n <= 12; n += 1)
      remote.seed('manuscripts', manuscript(id(n), { updated_at: T0 + n }));
    remote.seed('chapters', chapter('Chapter000000000000001', id(12), T0));
    const held = remote.hold('POST manuscripts/multiple');

    const loading = engine.loader.load();
    await vi.waitFor(() => {
      expect(
        remote.calls.filter((call) => call.startsWith('POST manuscripts/multiple')),
      ).toHaveLength(1);
    });
    const shown = await db.manuscripts.toArray();
    expect(shown).toHaveLength(12);
    expect(shown.every((row) => row.content_loaded === false)).toBe(true);
    expect(await db.contents.count()).toBe(0);

    held.release();
    await loading;
    const batches = remote.calls
      .filter((call) => call.startsWith('POST manuscripts/multiple'))
      .map((call) => call.split(' ')[2]?.split(','));
    expect(batches).toEqual([
      [id(12), id(11), id(10), id(9), id(8)],
      [id(7), id(6), id(5), id(4), id(3)],
      [id(2), id(1)],
    ]);
    expect(batches[0]).toHaveLength(CONTENT_BATCH_SIZE);
    expect((await db.manuscripts.toArray()).every((row) => row.content_loaded === true)).toBe(true);
    expect(await db.contents.get('Chapter000000000000001')).toMatchObject({
      kind: 'chapters',
      pending: 0,
    });
  });

  it('marks the manuscripts of a failed batch content_load_failed and goes on', async () => {
    const { remote, db, engine } = createTestEngine();
    for (let n = 1; n <= 7; n += 1)
      remote.seed('manuscripts', manuscript(id(n), { updated_at: T0 + n }));
    await engine.loader.refreshShelf();
    remote.refuse('POST manuscripts/multiple', 'internal', 500);
    await engine.loader.loadContents();
    const rows = await db.manuscripts.orderBy('updated_at').reverse().toArray();
    expect(rows.map((row) => [row.id, row.content_loaded, row.content_load_failed])).toEqual([
      [id(7), false, true],
      [id(6), false, true],
      [id(5), false, true],
      [id(4), false, true],
      [id(3), false, true],
      [id(2), true, false],
      [id(1), true, false],
    ]);
  });

  it('replaces local rows only with newer ones and never a pending one; drops rows the server no longer has', async () => {
    const { remote, db, engine } = createTestEngine();
    const book = id(1);
    remote.seed(
      'manuscripts',
      manuscript(book, { title: 'Server, older', updated_at: T0 - 20_000 }),
    );
    await db.manuscripts.put({ ...manuscript(book, { title: 'Local, newer' }), ...marks });
    remote.seed('chapters', chapter('ChapterNewerOnServer01', book, T0 + 5));
    remote.seed('chapters', chapter('ChapterPendingHere0001', book, T0 + 5));
    const local = { ...marks, kind: 'chapters' as const };
    await db.contents.bulkPut([
      { ...chapter('ChapterNewerOnServer01', book, T0), ...local, name: 'old' },
      {
        ...chapter('ChapterPendingHere0001', book, T0),
        ...local,
        name: 'mine',
        pending: 1,
        pending_ops: ['put'],
      },
      { ...chapter('ChapterGoneOnServer001', book, T0), ...local },
      {
        ...chapter('ChapterUnsentHere00001', book, T0),
        ...local,
        pending: 1,
        pending_ops: ['put'],
      },
    ]);

    await engine.loader.loadManuscript(book);

    expect((await db.manuscripts.get(book))?.title).toBe('Local, newer');
    expect((await db.contents.get('ChapterNewerOnServer01'))?.updated_at).toBe(T0 + 5);
    expect((await db.contents.get('ChapterPendingHere0001'))?.name).toBe('mine');
    expect(await db.contents.get('ChapterGoneOnServer001')).toBeUndefined();
    expect(await db.contents.get('ChapterUnsentHere00001')).toBeDefined();
  });

  it('removes what the server reports not found or not authorized, but not a manuscript still unsent', async () => {
    const { remote, db, engine } = createTestEngine();
    await db.manuscripts.bulkPut([
      { ...manuscript('BookPurgedElsewhere001'), ...marks },
      { ...manuscript('BookNotMineAnyMore0001'), ...marks },
      {
        ...manuscript('BookMadeOffline0000001', { synced_at: null }),
        ...marks,
        pending: 1,
        pending_ops: ['put'],
      },
    ]);
    await db.contents.put({
      ...chapter('ChapterOfPurged0000001', 'BookPurgedElsewhere001', T0),
      ...marks,
      kind: 'chapters',
    });
    remote.seed('manuscripts', manuscript('BookNotMineAnyMore0001'));
    remote.forbidden.add('BookNotMineAnyMore0001');

    await engine.loader.loadContents();

    expect(remote.calls).toEqual([
      'POST manuscripts/multiple BookNotMineAnyMore0001,BookPurgedElsewhere001',
    ]);
    expect((await db.manuscripts.toArray()).map((row) => row.id)).toEqual([
      'BookMadeOffline0000001',
    ]);
    expect(await db.contents.count()).toBe(0);

    await db.manuscripts.put({ ...manuscript('BookGoneToo0000000001'), ...marks });
    await engine.loader.loadManuscript('BookGoneToo0000000001');
    expect(await db.manuscripts.get('BookGoneToo0000000001')).toBeUndefined();
  });

  it('keeps the manuscripts shared with the user apart from their own, until they are no longer shared', async () => {
    const { remote, db, engine } = createTestEngine();
    remote.seed('manuscripts', manuscript(id(1), { title: 'Mine' }));
    remote.shared.set('BookSharedByBea000001', {
      ...manuscript('BookSharedByBea000001', { title: 'Bea’s' }),
      user_id: 'UserBeaWriter000000002',
      shared_permissions: 1,
    });
    await engine.loader.refreshShelf();

    expect(await db.manuscripts.get('BookSharedByBea000001')).toMatchObject({
      shared_with_me: 1,
      owner_id: 'UserBeaWriter000000002',
      user_id: TEST_USER,
    });
    expect(await engine.loader.sharedManuscriptIds()).toEqual(['BookSharedByBea000001']);
    const own = await new Promise<string[]>((resolve) => {
      const subscription = engine.port.manuscripts().subscribe({
        next: (rows) => {
          resolve(rows.map((row) => row.title));
          queueMicrotask(() => {
            subscription.unsubscribe();
          });
        },
      });
    });
    expect(own).toEqual(['Mine']);

    remote.shared.clear();
    await engine.loader.refreshShelf();
    expect(await db.manuscripts.get('BookSharedByBea000001')).toBeUndefined();
    expect(await db.manuscripts.get(id(1))).toBeDefined();
  });

  it('keeps a shared manuscript opened by its address before the shelf listed it, and marks it shared', async () => {
    const { remote, db, engine } = createTestEngine();
    const shared = {
      ...manuscript('BookSharedByBea000001', { title: 'Bea’s' }),
      user_id: 'UserBeaWriter000000002',
    };
    // Opened by its address: stored from its own answer, which carries no shared marks.
    await db.manuscripts.put({ ...fromServer(shared, TEST_USER), content_loaded: true });
    remote.shared.set('BookSharedByBea000001', { ...shared, shared_permissions: 2 });

    await engine.loader.refreshShelf();

    expect(await db.manuscripts.get('BookSharedByBea000001')).toMatchObject({
      shared_with_me: 1,
      owner_id: 'UserBeaWriter000000002',
      shared_permissions: 2,
      content_loaded: true,
    });
  });

  it('fetches a chapter’s content only when the announced one is newer', async () => {
    const { remote, db, engine } = createTestEngine();
    const content = {
      id: 'ContentArrakis00000001',
      chapter_id: 'ChapterArrakis00000001',
      manuscript_id: id(1),
      content: '<p>new</p>',
      updated_at: T0 + 10,
    };
    remote.seed('chapter_contents', content);
    await db.contents.put({
      ...content,
      content: '<p>old</p>',
      updated_at: T0,
      ...marks,
      kind: 'chapter_contents',
    });

    await engine.loader.loadChapterContent('ChapterArrakis00000001', T0);
    expect(remote.calls).toEqual([]);
    await engine.loader.loadChapterContent('ChapterArrakis00000001', T0 + 10);
    expect(remote.calls).toEqual(['GET chapters/content/ChapterArrakis00000001']);
    expect(await db.contents.get('ContentArrakis00000001')).toMatchObject({
      content: '<p>new</p>',
      kind: 'chapter_contents',
    });
  });

  it('keeps a chapter whose server content row has the chapter’s own id', async () => {
    // The server gives a chapter's first content row the chapter's id; locally both kinds share
    // one table, and the content row must not take the chapter's place there.
    const { remote, db, engine } = createTestEngine();
    const chapter = {
      id: 'ChapterArrakis00000001',
      manuscript_id: id(1),
      title: 'Arrakis',
      _order: 0,
      created_at: T0,
      updated_at: T0,
      deleted_at: null,
    };
    await db.contents.put({ ...chapter, ...marks, kind: 'chapters' });
    remote.seed('chapter_contents', {
      id: chapter.id,
      chapter_id: chapter.id,
      manuscript_id: id(1),
      content: '<p>restored</p>',
      updated_at: T0 + 10,
    });

    await engine.loader.loadChapterContent(chapter.id, T0 + 10);

    expect(remote.calls).toEqual([`GET chapters/content/${chapter.id}`]);
    expect(await db.contents.get(chapter.id)).toMatchObject({ kind: 'chapters', title: 'Arrakis' });
  });

  it('reloads the global notes: new and newer ones kept, ones gone from the server removed, pending ones untouched', async () => {
    const { remote, db, engine } = createTestEngine();
    const note = (noteId: string, updatedAt: number, manuscriptId: string | null = null) => ({
      id: noteId,
      title: noteId,
      manuscript_id: manuscriptId,
      _order: 0,
      created_at: T0,
      updated_at: updatedAt,
      deleted_at: null,
    });
    remote.seed('notes', note('Note000000000000000001', T0 + 5));
    remote.seed('notes', note('Note000000000000000002', T0 + 5, id(1)));
    await db.notes.bulkPut([
      { ...note('Note000000000000000001', T0), ...marks, kind: 'notes' },
      { ...note('Note000000000000000009', T0), ...marks, kind: 'notes' },
      { ...note('Note000000000000000008', T0), ...marks, pending: 1 as const, kind: 'notes' },
      { ...note('Note000000000000000007', T0, id(1)), ...marks, kind: 'notes' },
    ]);

    await engine.loader.reloadGlobalNotes();

    expect(remote.calls).toContain('GET notes/global');
    const kept = (await db.notes.toArray()).map((row) => [row.id, row.updated_at]).sort();
    expect(kept).toEqual([
      ['Note000000000000000001', T0 + 5],
      ['Note000000000000000007', T0],
      ['Note000000000000000008', T0],
    ]);
  });

  it('loads the global to-dos with the rest: live ones gone from the server removed, those in the trash and unsent ones kept', async () => {
    const { remote, db, engine } = createTestEngine();
    const todo = (todoId: string, updatedAt: number, extra: Record<string, unknown> = {}) => ({
      id: todoId,
      title: todoId,
      manuscript_id: null,
      status: 'pending',
      _order: 0,
      created_at: T0,
      updated_at: updatedAt,
      deleted_at: null,
      ...extra,
    });
    remote.seed('to_dos', todo('Todo000000000000000001', T0 + 5));
    await db.contents.bulkPut([
      { ...todo('Todo000000000000000009', T0), ...marks, kind: 'to_dos' },
      { ...todo('Todo000000000000000008', T0, { deleted_at: T0 }), ...marks, kind: 'to_dos' },
      { ...todo('Todo000000000000000007', T0), ...marks, pending: 1 as const, kind: 'to_dos' },
    ]);

    await engine.loader.load();

    expect(remote.calls).toContain('GET to_dos/global');
    const kept = (await db.contents.toArray()).map((row) => [row.id, row.kind]).sort();
    expect(kept).toEqual([
      ['Todo000000000000000001', 'to_dos'],
      ['Todo000000000000000007', 'to_dos'],
      ['Todo000000000000000008', 'to_dos'],
    ]);
  });

  it('brings the global notes with the first load, so a device opened later has them', async () => {
    const { remote, db, engine } = createTestEngine();
    remote.seed('notes', {
      id: 'Note000000000000000003',
      title: 'Written elsewhere',
      manuscript_id: null,
      _order: 0,
      created_at: T0,
      updated_at: T0,
      deleted_at: null,
    });

    await engine.loader.load();

    expect(remote.calls).toContain('GET notes/global');
    expect(await db.notes.get('Note000000000000000003')).toMatchObject({
      kind: 'notes',
      title: 'Written elsewhere',
      pending: 0,
    });
  });

  it('brings every device’s word counts and sessions, keeping unsent ones and ones delivered while it asked', async () => {
    const askedAt = T0 + 60_000;
    const clock = { now: () => askedAt, sync: () => Promise.resolve(), offset: () => 0 };
    const { remote, db, engine } = createTestEngine({ clock });
    const hour = (hourId: string, updatedAt: number, extra: Record<string, unknown> = {}) => ({
      id: hourId,
      manuscript_id: id(1),
      date: T0,
      words: 120,
      _order: 0,
      created_at: T0,
      updated_at: updatedAt,
      synced_at: T0,
      deleted_at: null,
      ...extra,
    });
    remote.seed('stats_word_counts', hour('Hour000000000000000001', T0 + 5, { words: 300 }));
    remote.seed('writing_sessions', {
      ...hour('Session000000000000001', T0),
      start: T0,
      end: T0 + 60_000,
    });
    const local = (row: ReturnType<typeof hour>, extra: Record<string, unknown> = {}) => ({
      ...row,
      ...marks,
      kind: 'stats_word_counts' as const,
      ...extra,
    });
    await db.words.bulkPut([
      local(hour('Hour000000000000000001', T0)),
      // Gone from the server: removed.
      local(hour('Hour000000000000000002', T0)),
      // Not sent yet: kept.
      local(hour('Hour000000000000000003', T0), { pending: 1 as const }),
      // Delivered after the listings were asked for: kept.
      local(hour('Hour000000000000000004', T0, { synced_at: askedAt })),
    ]);

    await engine.loader.reloadWritingRecords();

    expect(remote.calls).toEqual(
      expect.arrayContaining(['GET stats_word_counts', 'GET writing_sessions']),
    );
    const words = (await db.words.toArray()).map((row) => [row.id, row.words]).sort();
    expect(words).toEqual([
      ['Hour000000000000000001', 300],
      ['Hour000000000000000003', 120],
      ['Hour000000000000000004', 120],
    ]);
    expect(await db.sessions.get('Session000000000000001')).toMatchObject({
      kind: 'writing_sessions',
      end: T0 + 60_000,
      pending: 0,
    });
  });
});
