import { afterEach, describe, expect, it } from 'vitest';

import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import type { LocalRecord } from './app-db';
import type { LiveQuery } from './manuscripts-port';

const BOOK = 'BookDune00000000000001';
const OTHER_USER = 'UserSomeoneElse0000001';

afterEach(async () => {
  await disposeTestEngines();
});

function row(fields: Partial<LocalRecord> & { id: string }): LocalRecord {
  return { user_id: TEST_USER, updated_at: 1, pending: 0, pending_ops: [], ...fields };
}

/** The answers of a live query, as they come. */
function follow<T>(query: LiveQuery<T>) {
  const answers: T[] = [];
  const subscription = query.subscribe({ next: (value) => answers.push(value) });
  return { answers, stop: () => subscription.unsubscribe() };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
}

describe('reading this device’s rows', () => {
  it('reads only the signed-in user’s rows, of the kind asked', async () => {
    const { engine, store } = createTestEngine();
    await store('manuscripts', [
      row({ id: BOOK, title: 'Dune' }),
      row({ id: 'TheirBook0000000000001', title: 'Theirs', user_id: OTHER_USER }),
    ]);
    await store('contents', [
      row({ id: 'ChapterOne000000000001', kind: 'chapters', manuscript_id: BOOK }),
      row({ id: 'GroupOne00000000000001', kind: 'groups', manuscript_id: BOOK }),
      row({ id: 'ChapterTheirs000000001', kind: 'chapters', user_id: OTHER_USER }),
    ]);
    const { reads } = engine;
    expect((await reads.manuscript(BOOK))?.title).toBe('Dune');
    expect(await reads.manuscript('TheirBook0000000000001')).toBeUndefined();
    expect((await reads.part('chapters', 'ChapterOne000000000001'))?.id).toBe(
      'ChapterOne000000000001',
    );
    expect(await reads.part('chapters', 'GroupOne00000000000001')).toBeUndefined();
    const found = await reads.parts('chapters', [
      'ChapterTheirs000000001',
      'ChapterOne000000000001',
      'Missing000000000000001',
    ]);
    expect(found.map((r) => r?.id)).toEqual([undefined, 'ChapterOne000000000001', undefined]);
  });

  it('lists a manuscript’s parts of a kind outside the trash', async () => {
    const { engine, store } = createTestEngine();
    await store('words', [
      row({ id: 'Hour000000000000000001', kind: 'stats_word_counts', manuscript_id: BOOK }),
      row({
        id: 'Hour000000000000000002',
        kind: 'stats_word_counts',
        manuscript_id: BOOK,
        deleted_at: 5,
      }),
      row({ id: 'Hour000000000000000003', kind: 'stats_word_counts', manuscript_id: 'Another' }),
    ]);
    const rows = await engine.reads.partsOf('stats_word_counts', BOOK);
    expect(rows.map((r) => r.id)).toEqual(['Hour000000000000000001']);
  });

  it('follows a manuscript’s parts of a kind live, the trash in, rows deleted for good out', async () => {
    const { engine, store } = createTestEngine();
    await store('contents', [
      row({ id: 'StashOld00000000000001', kind: 'stashes', manuscript_id: BOOK, deleted_at: 5 }),
      row({ id: 'ChapterOne000000000001', kind: 'chapters', manuscript_id: BOOK }),
      row({
        id: 'StashTheirs00000000001',
        kind: 'stashes',
        manuscript_id: BOOK,
        user_id: OTHER_USER,
      }),
      row({ id: 'StashElse0000000000001', kind: 'stashes', manuscript_id: 'Another' }),
    ]);
    const stashes = follow(engine.reads.liveParts('stashes', BOOK));
    await until(() => stashes.answers.length > 0);
    expect(stashes.answers.at(-1)?.map((r) => r.id)).toEqual(['StashOld00000000000001']);
    const fresh = await engine.writer.save('stashes', { manuscript_id: BOOK, content: '<p>x</p>' });
    await until(() => stashes.answers.at(-1)?.length === 2);
    await engine.writer.hardDelete('stashes', 'StashOld00000000000001');
    await until(() => stashes.answers.at(-1)?.length === 1);
    expect(stashes.answers.at(-1)?.map((r) => r.id)).toEqual([fresh.id]);
    stashes.stop();
  });

  it('follows the user’s writing rows of every manuscript, outside the trash', async () => {
    const { engine, store } = createTestEngine();
    await store('sessions', [
      row({ id: 'Session000000000000001', kind: 'writing_sessions', manuscript_id: BOOK }),
      row({ id: 'Session000000000000002', kind: 'writing_sessions', manuscript_id: 'Another' }),
      row({
        id: 'Session000000000000003',
        kind: 'writing_sessions',
        manuscript_id: BOOK,
        deleted_at: 5,
      }),
      row({ id: 'Session000000000000004', kind: 'writing_sessions', user_id: OTHER_USER }),
    ]);
    const sessions = follow(engine.reads.liveUserParts('writing_sessions'));
    await until(() => sessions.answers.length > 0);
    expect(
      sessions.answers
        .at(-1)
        ?.map((r) => r.id)
        .sort(),
    ).toEqual(['Session000000000000001', 'Session000000000000002']);
    await engine.writer.save('writing_sessions', {
      id: 'Session000000000000005',
      manuscript_id: BOOK,
      start: 1,
      end: 2,
      words: 3,
    });
    await until(() => sessions.answers.at(-1)?.length === 3);
    expect(sessions.answers.at(-1)?.length).toBe(3);
    sessions.stop();
  });

  it('leaves rows deleted for good and manuscripts shared with the user off the shelf', async () => {
    const { engine, store } = createTestEngine();
    await store('manuscripts', [
      row({ id: BOOK, title: 'Dune', folder_id: null }),
      row({ id: 'GoneBook00000000000001', pending: 1, pending_ops: ['hard_delete'] }),
      row({ id: 'SharedBook000000000001', shared_with_me: 1 }),
    ]);
    expect((await engine.reads.shelf('manuscripts')).map((r) => r.id)).toEqual([BOOK]);
  });

  it('answers a live query again after a write through the writer', async () => {
    const { engine, store } = createTestEngine();
    await store('manuscripts', [row({ id: BOOK, title: 'Dune', folder_id: null })]);
    const manuscript = follow(engine.reads.liveManuscript(BOOK));
    const contents = follow(engine.reads.liveContents(BOOK));
    await until(() => manuscript.answers.length > 0 && contents.answers.length > 0);
    expect(contents.answers.at(-1)).toEqual([]);
    const chapter = await engine.writer.save('chapters', { manuscript_id: BOOK, name: 'One' });
    await engine.writer.saveShelfRow('manuscripts', { id: BOOK, title: 'Dune Messiah' });
    await until(() => manuscript.answers.at(-1)?.title === 'Dune Messiah');
    await until(() => contents.answers.at(-1)?.length === 1);
    expect(contents.answers.at(-1)?.map((r) => r.id)).toEqual([chapter.id]);
    expect(manuscript.answers.at(-1)?.title).toBe('Dune Messiah');
    manuscript.stop();
    contents.stop();
    const missing = follow(engine.reads.liveManuscript('Missing000000000000001'));
    await until(() => missing.answers.length > 0);
    expect(missing.answers).toEqual([null]);
    missing.stop();
  });

  it('follows a manuscript’s to-dos and the global ones, live and outside the trash', async () => {
    const { engine, store } = createTestEngine();
    await store('contents', [
      row({ id: 'TodoBook00000000000001', kind: 'to_dos', manuscript_id: BOOK, title: 'Map' }),
      row({ id: 'TodoGone00000000000001', kind: 'to_dos', manuscript_id: BOOK, deleted_at: 5 }),
      row({ id: 'ChapterOne000000000001', kind: 'chapters', manuscript_id: BOOK }),
      row({ id: 'TodoMine00000000000001', kind: 'to_dos', manuscript_id: null, title: 'Call' }),
      row({ id: 'TodoTheirs000000000001', kind: 'to_dos', user_id: OTHER_USER }),
    ]);
    const ofBook = follow(engine.reads.liveTodos(BOOK));
    const global = follow(engine.reads.liveTodos(null));
    await until(() => ofBook.answers.length > 0 && global.answers.length > 0);
    expect(ofBook.answers.at(-1)?.map((r) => r.id)).toEqual(['TodoBook00000000000001']);
    expect(global.answers.at(-1)?.map((r) => r.id)).toEqual(['TodoMine00000000000001']);
    const added = await engine.writer.save('to_dos', { manuscript_id: null, title: 'Buy ink' });
    await until(() => global.answers.at(-1)?.length === 2);
    expect(global.answers.at(-1)?.map((r) => r.id)).toContain(added.id);
    await engine.writer.trash('to_dos', 'TodoBook00000000000001');
    await until(() => ofBook.answers.at(-1)?.length === 0);
    expect(ofBook.answers.at(-1)).toEqual([]);
    ofBook.stop();
    global.stop();
  });

  it('follows the global notes and a manuscript’s notes apart, outside the trash', async () => {
    const { engine, store } = createTestEngine();
    await store('notes', [
      row({ id: 'NoteGlobal000000000001', kind: 'notes', manuscript_id: null, title: 'Idea' }),
      row({ id: 'NoteOfBook000000000001', kind: 'notes', manuscript_id: BOOK, title: 'Plot' }),
      row({ id: 'NoteTrash0000000000001', kind: 'notes', manuscript_id: null, deleted_at: 3 }),
      row({
        id: 'NoteTheirs000000000001',
        kind: 'notes',
        manuscript_id: null,
        user_id: OTHER_USER,
      }),
    ]);
    const global = follow(engine.reads.liveNotes(null));
    const ofBook = follow(engine.reads.liveNotes(BOOK));
    await until(() => global.answers.length > 0 && ofBook.answers.length > 0);
    expect(global.answers.at(-1)?.map((r) => r.id)).toEqual(['NoteGlobal000000000001']);
    expect(ofBook.answers.at(-1)?.map((r) => r.id)).toEqual(['NoteOfBook000000000001']);
    const written = await engine.writer.save('notes', { manuscript_id: null, title: 'New' });
    await until(() => global.answers.at(-1)?.length === 2);
    expect(global.answers.at(-1)?.map((r) => r.id)).toContain(written.id);
    await engine.writer.trash('notes', 'NoteGlobal000000000001');
    await until(() => global.answers.at(-1)?.length === 1);
    expect(global.answers.at(-1)?.map((r) => r.id)).toEqual([written.id]);
    expect(ofBook.answers.at(-1)?.map((r) => r.id)).toEqual(['NoteOfBook000000000001']);
    global.stop();
    ofBook.stop();
  });
});
