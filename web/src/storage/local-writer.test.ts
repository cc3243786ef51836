import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import { fixedOffsetClock } from './clock';
import type { PendingChange } from './local-writer';
import { StorageQuotaError } from './quota';

const T0 = 1_800_000_000_000;

afterEach(async () => {
  await disposeTestEngines();
});

const BOOK = 'BookDune00000000000001';

function setup() {
  const made = createTestEngine({ clock: fixedOffsetClock(0, () => T0) });
  made.remote.seed('manuscripts', {
    id: 'BookDune00000000000001',
    title: 'Dune',
    folder_id: null,
    _order: 0,
    created_at: T0 - 1,
    updated_at: T0 - 1,
    deleted_at: null,
  });
  return made;
}

describe('writing a manuscript’s parts (for the editor)', () => {
  it('stamps a derived change just after the row’s own time, so a newer edit elsewhere wins', async () => {
    const { engine, db } = setup();
    const made = await engine.writer.save('chapters', {
      manuscript_id: 'BookDune00000000000001',
      name: 'Chapter 1',
    });
    await db.contents.update(made.id, { updated_at: T0 - 5_000 });
    const counted = await engine.writer.save(
      'chapters',
      { id: made.id, manuscript_id: 'BookDune00000000000001', stats: { words: 12 } },
      { derived: true },
    );
    expect(counted).toMatchObject({ name: 'Chapter 1', stats: { words: 12 }, pending: 1 });
    expect(counted.updated_at).toBe(T0 - 4_999);
    const edited = await engine.writer.save('chapters', {
      id: made.id,
      manuscript_id: 'BookDune00000000000001',
      name: 'Renamed',
    });
    expect(edited.updated_at).toBe(T0);
  });

  it('writes the row at once, with its kind and a pending put, scoped to the user', async () => {
    const { engine, db } = setup();
    const row = await engine.writer.save('elements', {
      manuscript_id: 'BookDune00000000000001',
      name: 'Paul',
      pending: 0,
      user_id: 'SomeoneElse',
    });
    expect(await db.contents.get(row.id)).toMatchObject({
      kind: 'elements',
      name: 'Paul',
      user_id: TEST_USER,
      updated_at: T0,
      created_at: T0,
      pending: 1,
      pending_ops: ['put'],
      last_synced_device_id: expect.any(String) as string,
    });
    const again = await engine.writer.save('elements', {
      id: row.id,
      manuscript_id: 'BookDune00000000000001',
      name: 'Muad’Dib',
    });
    expect(again).toMatchObject({ name: 'Muad’Dib', updated_at: T0 + 1, pending_ops: ['put'] });
  });

  it('takes a row through the trash and out of it, and deletes it for good once the server agrees', async () => {
    const { engine, db, remote } = setup();
    const note = await engine.writer.save('notes', {
      manuscript_id: 'BookDune00000000000001',
      title: 'Spice',
    });
    await engine.writer.trash('notes', note.id);
    expect((await db.notes.get(note.id))?.deleted_at).toBe(T0 + 1);
    await engine.writer.recover('notes', note.id);
    expect((await db.notes.get(note.id))?.deleted_at).toBeNull();
    await engine.outbox.flushPending();
    expect(remote.calls).toEqual([
      `PUT notes/put/${note.id}`,
      `DELETE notes/${note.id}`,
      `GET notes/undelete/${note.id}`,
    ]);

    await engine.writer.trash('notes', note.id);
    await engine.writer.hardDelete('notes', note.id);
    await engine.outbox.flushPending();
    expect(await db.notes.get(note.id)).toBeUndefined();
    expect(remote.rows.notes.has(note.id)).toBe(false);
  });
});

describe('the one writer’s rules, for every kind', () => {
  it('hands every write to the sync engine, queued under the row’s manuscript', async () => {
    const { engine } = setup();
    const told: PendingChange[] = [];
    engine.onChanged((changes) => told.push(...changes));
    const folder = await engine.writer.saveShelfRow('folders', { name: 'Drafts' });
    const book = await engine.writer.saveShelfRow('manuscripts', { title: 'Dune' });
    const chapter = await engine.writer.save('chapters', { manuscript_id: book.id, name: 'One' });
    const todo = await engine.writer.save('to_dos', { manuscript_id: null, title: 'Call' });
    await engine.writer.trash('chapters', chapter.id);
    expect(told).toEqual([
      { kind: 'folders', id: folder.id, manuscript_id: null },
      { kind: 'manuscripts', id: book.id, manuscript_id: book.id },
      { kind: 'chapters', id: chapter.id, manuscript_id: book.id },
      { kind: 'to_dos', id: todo.id, manuscript_id: null },
      { kind: 'chapters', id: chapter.id, manuscript_id: book.id },
    ]);
  });

  it('keeps the server’s fields and the local marks out of a caller’s hands', async () => {
    const { engine } = setup();
    const row = await engine.writer.save('chapters', {
      manuscript_id: BOOK,
      name: 'One',
      kind: 'groups',
      created_at: 1,
      updated_at: 2,
      deleted_at: 3,
      synced_at: 4,
      days_left: 5,
      pending_ops: ['hard_delete'],
      last_synced_device_id: 'another-device',
    });
    expect(row).toMatchObject({
      kind: 'chapters',
      created_at: T0,
      updated_at: T0,
      deleted_at: null,
      synced_at: null,
      pending_ops: ['put'],
    });
    expect(row).not.toHaveProperty('days_left');
    expect(row.last_synced_device_id).not.toBe('another-device');
  });

  it('stamps a part later than its last change, even with a slow clock, and queues one put', async () => {
    const { engine, store, stored } = setup();
    await store('contents', [
      {
        id: 'ChapterFuture000000001',
        kind: 'chapters',
        manuscript_id: BOOK,
        name: 'Ahead',
        created_at: T0 - 1,
        updated_at: T0 + 50_000,
        user_id: TEST_USER,
        pending: 0,
        pending_ops: [],
      },
    ]);
    const first = await engine.writer.save('chapters', {
      id: 'ChapterFuture000000001',
      manuscript_id: BOOK,
      name: 'Renamed',
    });
    const second = await engine.writer.save('chapters', {
      id: 'ChapterFuture000000001',
      manuscript_id: BOOK,
      name: 'Renamed again',
    });
    expect([first.updated_at, second.updated_at]).toEqual([T0 + 50_001, T0 + 50_002]);
    expect((await stored('contents'))[0]).toMatchObject({
      created_at: T0 - 1,
      pending: 1,
      pending_ops: ['put'],
    });
  });

  it('refuses to change a row deleted for good, or a manuscript someone else shares', async () => {
    const { engine, store } = setup();
    const chapter = await engine.writer.save('chapters', { manuscript_id: BOOK, name: 'Gone' });
    await engine.writer.trash('chapters', chapter.id);
    await engine.writer.hardDelete('chapters', chapter.id);
    await expect(
      engine.writer.save('chapters', { id: chapter.id, manuscript_id: BOOK, name: 'Back?' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await store('manuscripts', [
      {
        id: 'SharedBook000000000001',
        title: 'Theirs',
        folder_id: null,
        updated_at: T0 - 1,
        user_id: TEST_USER,
        shared_with_me: 1,
        owner_id: 'UserSomeoneElse0000001',
        pending: 0,
        pending_ops: [],
      },
    ]);
    await expect(
      engine.writer.saveShelfRow('manuscripts', { id: 'SharedBook000000000001', title: 'Mine?' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('makes no trash call that changes nothing: a row already in the trash, or recovering a live one', async () => {
    const { engine, stored } = setup();
    const told: PendingChange[] = [];
    const note = await engine.writer.save('notes', { manuscript_id: BOOK, title: 'Spice' });
    engine.onChanged((changes) => told.push(...changes));
    await engine.writer.recover('notes', note.id);
    await engine.writer.hardDelete('notes', note.id);
    await engine.writer.trash('notes', note.id);
    await engine.writer.trash('notes', note.id);
    expect(told).toHaveLength(1);
    expect((await stored('notes'))[0]?.pending_ops).toEqual(['put', 'delete']);
  });

  it('keeps a place on the device without making the manuscript newer or pending', async () => {
    const { engine, stored } = setup();
    const book = await engine.writer.saveShelfRow('manuscripts', { title: 'Dune' });
    await engine.outbox.flushPending();
    await engine.writer.keepOnDevice(book.id, { 'settings.last_active_chapter': 'ChapterOne' });
    expect((await stored('manuscripts'))[0]).toMatchObject({
      updated_at: book.updated_at,
      pending: 0,
      settings: { last_active_chapter: 'ChapterOne' },
    });
  });

  it('rejects a part’s write on a full device with StorageQuotaError and reports it', async () => {
    const { engine, db, problems } = setup();
    vi.spyOn(db.contents, 'put').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    await expect(
      engine.writer.save('chapters', { manuscript_id: BOOK, name: 'Too much' }),
    ).rejects.toBeInstanceOf(StorageQuotaError);
    expect(problems).toEqual([{ type: 'quota' }]);
  });
});
