import { afterEach, describe, expect, it } from 'vitest';

import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import { fixedOffsetClock } from './clock';

const T0 = 1_800_000_000_000;

afterEach(async () => {
  await disposeTestEngines();
});

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
