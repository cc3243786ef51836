import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Manuscript } from '@/storage';
import { createManualTimers } from '@/testing/manual-timers';
import type { ManualTimers } from '@/testing/manual-timers';
import { createTestEngine, disposeTestEngines, TEST_USER } from '@/testing/sync-harness';

import { RETRY_BASE_MS, STUCK_SYNC_RESET_MS, SYNC_DEBOUNCE_MS } from './outbox';

const T0 = 1_800_000_000_000;
const marks = { user_id: TEST_USER, pending: 0 as const, pending_ops: [] };

function serverManuscript(id: string, overrides: Partial<Manuscript> = {}): Manuscript {
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

function setup() {
  const timers: ManualTimers = createManualTimers(T0);
  const made = createTestEngine({
    timers,
    clock: { now: timers.now, offset: () => 0, sync: () => Promise.resolve() },
  });
  const { outbox, port, writer } = made.engine;
  /** A manuscript both the device and the server have. */
  async function known(id: string, overrides: Partial<Manuscript> = {}) {
    made.remote.seed('manuscripts', serverManuscript(id, overrides));
    await made.db.manuscripts.put({ ...serverManuscript(id, overrides), ...marks });
  }
  /** Lets the debounce pass and waits for the runs it starts. */
  async function afterDebounce() {
    timers.advance(SYNC_DEBOUNCE_MS);
    await outbox.idle();
  }
  return { ...made, timers, outbox, port, writer, known, afterDebounce };
}

afterEach(async () => {
  await disposeTestEngines();
});

describe('the queue', () => {
  it('syncs a changed manuscript 1 s after its last change', async () => {
    const t = setup();
    const book = await t.port.saveManuscript({ title: 'Draft' });
    t.timers.advance(600);
    await t.port.saveManuscript({ id: book.id, title: 'Draft two' });
    t.timers.advance(SYNC_DEBOUNCE_MS - 1);
    await t.outbox.idle();
    expect(t.remote.calls).toEqual([]);

    await t.afterDebounce();
    expect(t.remote.calls).toEqual([`PUT manuscripts/put/${book.id}`]);
    expect(t.remote.rows.manuscripts.get(book.id)?.title).toBe('Draft two');
    expect(await t.db.manuscripts.get(book.id)).toMatchObject({ pending: 0 });
  });

  it('syncs one manuscript at a time', async () => {
    const t = setup();
    const first = await t.port.saveManuscript({ title: 'First' });
    const second = await t.port.saveManuscript({ title: 'Second' });
    const held = t.remote.hold(`PUT manuscripts/put/${first.id}`);
    t.timers.advance(SYNC_DEBOUNCE_MS);
    await vi.waitFor(() => {
      expect(t.remote.calls).toEqual([`PUT manuscripts/put/${first.id}`]);
    });
    expect(t.outbox.isSyncing()).toBe(true);
    expect(t.outbox.queued()).toEqual([`manuscript:${second.id}`]);

    held.release();
    await t.outbox.idle();
    expect(t.remote.calls).toEqual([
      `PUT manuscripts/put/${first.id}`,
      `PUT manuscripts/put/${second.id}`,
    ]);
  });

  it('queues folders under a key of their own and sends a new folder before a manuscript filed in it', async () => {
    const t = setup();
    t.remote.online = false;
    const folder = await t.port.saveFolder({ name: 'Saga' });
    const book = await t.port.saveManuscript({ title: 'Inside', folder_id: folder.id });
    expect(t.outbox.queued()).toEqual(['folders', `manuscript:${book.id}`]);
    await t.afterDebounce();
    t.remote.online = true;
    t.remote.calls.length = 0;

    // The manuscript's retry comes first; it takes its folder along.
    await t.port.saveManuscript({ id: book.id, title: 'Inside, renamed' });
    await t.afterDebounce();
    expect(t.remote.calls).toEqual([
      `PUT folders/put/${folder.id}`,
      `PUT manuscripts/put/${book.id}`,
    ]);
    expect(t.remote.rows.manuscripts.get(book.id)?.folder_id).toBe(folder.id);
  });

  it('tries again later, waiting longer each time, when the server does not answer', async () => {
    const t = setup();
    t.remote.online = false;
    await t.port.saveFolder({ name: 'Offline' });
    await t.afterDebounce();
    expect(t.remote.calls).toHaveLength(1);
    t.timers.advance(RETRY_BASE_MS - 1);
    await t.outbox.idle();
    expect(t.remote.calls).toHaveLength(1);
    t.timers.advance(1);
    await t.outbox.idle();
    expect(t.remote.calls).toHaveLength(2);
    t.timers.advance(2 * RETRY_BASE_MS);
    await t.outbox.idle();
    expect(t.remote.calls).toHaveLength(3);

    t.remote.online = true;
    t.timers.advance(4 * RETRY_BASE_MS);
    await t.outbox.idle();
    expect(t.outbox.queued()).toEqual([]);
    expect(await t.db.folders.where('pending').equals(1).count()).toBe(0);
  });

  it('stops its timers and forgets the queue when paused (logout)', async () => {
    const t = setup();
    await t.port.saveFolder({ name: 'Left behind' });
    t.outbox.pause();
    expect(t.timers.pending()).toBe(0);
    await t.afterDebounce();
    expect(t.remote.calls).toEqual([]);

    t.outbox.resume();
    await t.outbox.flushPending();
    expect(t.remote.calls).toEqual([expect.stringMatching(/^PUT folders\/put\//)]);
  });
});

describe('a manuscript’s parts', () => {
  it('sends each part by update type, through the route its kind names', async () => {
    const t = setup();
    await t.known('BookDune00000000000001');
    const group = await t.writer.save('groups', {
      manuscript_id: 'BookDune00000000000001',
      name: 'Act I',
    });
    const chapter = await t.writer.save('chapters', {
      manuscript_id: 'BookDune00000000000001',
      group_id: group.id,
      name: 'Arrakis',
    });
    const note = await t.writer.save('notes', {
      manuscript_id: 'BookDune00000000000001',
      title: 'Spice',
    });
    expect(t.outbox.queued()).toEqual(['manuscript:BookDune00000000000001']);
    await t.afterDebounce();
    expect(t.remote.calls).toEqual([
      `PUT groups/put/${group.id}`,
      `PUT chapters/put/${chapter.id}`,
      `PUT notes/put/${note.id}`,
    ]);
    expect(t.remote.rows.chapters.get(chapter.id)).not.toHaveProperty('kind');
    expect(await t.db.contents.get(chapter.id)).toMatchObject({ kind: 'chapters', pending: 0 });
  });

  it('marks the manuscript synced only if no part failed', async () => {
    const t = setup();
    await t.known('BookDune00000000000001');
    await t.writer.save('chapters', { manuscript_id: 'BookDune00000000000001', name: 'Refused' });
    await t.writer.save('notes', { manuscript_id: 'BookDune00000000000001', title: 'Kept' });
    t.remote.refuse('PUT chapters/put/', 'invalid_fields');
    await t.afterDebounce();
    expect(t.problems).toEqual([
      expect.objectContaining({ type: 'refused', kind: 'chapters', code: 'invalid_fields' }),
    ]);
    expect(t.remote.rows.notes.size).toBe(1);
    expect((await t.db.manuscripts.get('BookDune00000000000001'))?.synced_at).toBe(T0 - 10_000);

    t.timers.advance(5_000);
    await t.writer.save('chapters', { manuscript_id: 'BookDune00000000000001', name: 'Accepted' });
    await t.afterDebounce();
    expect((await t.db.manuscripts.get('BookDune00000000000001'))?.synced_at).toBe(t.timers.now());
  });

  it('sends a chapter again after its manuscript when the server does not know the manuscript yet', async () => {
    const t = setup();
    const book = 'BookDune00000000000001';
    // Made here and not yet on the server (its own put not queued in this run).
    await t.db.manuscripts.put({
      ...serverManuscript(book),
      ...marks,
      pending: 1,
      pending_ops: ['put'],
    });
    await t.writer.save('chapters', { manuscript_id: book, name: 'Arrives first' });
    t.remote.refuse('PUT chapters/put/', 'not_found', 404);
    await t.afterDebounce();
    expect(t.problems).toEqual([]);
    const [chapter] = await t.db.contents.toArray();
    expect(chapter?.pending).toBe(1);

    await t.db.manuscripts.update(book, { pending: 0, pending_ops: [] });
    t.remote.seed('manuscripts', serverManuscript(book));
    t.timers.advance(RETRY_BASE_MS);
    await t.outbox.idle();
    expect(t.remote.rows.chapters.size).toBe(1);
    expect((await t.db.contents.toArray())[0]?.pending).toBe(0);
  });

  it('replays a part’s put and trash calls in order', async () => {
    const t = setup();
    await t.known('BookDune00000000000001');
    t.remote.online = false;
    const todo = await t.writer.save('to_dos', {
      manuscript_id: 'BookDune00000000000001',
      title: 'Map',
    });
    await t.writer.trash('to_dos', todo.id);
    await t.afterDebounce();
    t.remote.online = true;
    t.remote.calls.length = 0;
    await t.outbox.flushPending();
    expect(t.remote.calls).toEqual([`PUT to_dos/put/${todo.id}`, `DELETE to_dos/${todo.id}`]);
    expect(await t.db.contents.get(todo.id)).toMatchObject({ pending: 0, pending_ops: [] });
  });

  it('removes a manuscript the server says is deleted, and reports it not found', async () => {
    const t = setup();
    await t.known('BookGone00000000000001');
    t.remote.seed(
      'manuscripts',
      serverManuscript('BookGone00000000000001', { deleted_at: T0 - 5_000 }),
    );
    const chapter = await t.writer.save('chapters', {
      manuscript_id: 'BookGone00000000000001',
      name: 'Lost',
    });
    await t.afterDebounce();
    expect(t.problems).toEqual([
      { type: 'removed', kind: 'manuscripts', id: 'BookGone00000000000001', code: 'not_found' },
    ]);
    expect(await t.db.manuscripts.get('BookGone00000000000001')).toBeUndefined();
    expect(await t.db.contents.get(chapter.id)).toBeUndefined();
    expect(t.outbox.queued()).toEqual([]);
  });

  it('keeps a change made while the put was on its way, and sends it after', async () => {
    const t = setup();
    const book = await t.port.saveManuscript({ title: 'First' });
    const held = t.remote.hold('PUT manuscripts/put/');
    t.timers.advance(SYNC_DEBOUNCE_MS);
    await vi.waitFor(() => {
      expect(t.outbox.isSyncing()).toBe(true);
    });
    await t.port.saveManuscript({ id: book.id, title: 'Second' });
    held.release();

    await t.afterDebounce();
    expect(t.remote.calls).toEqual([
      `PUT manuscripts/put/${book.id}`,
      `PUT manuscripts/put/${book.id}`,
    ]);
    expect(t.remote.rows.manuscripts.get(book.id)?.title).toBe('Second');
    expect(await t.db.manuscripts.get(book.id)).toMatchObject({ title: 'Second', pending: 0 });
  });

  it('resets a sync running over 60 s and tries it again later', async () => {
    const t = setup();
    const book = await t.port.saveManuscript({ title: 'Stuck' });
    const held = t.remote.hold('PUT manuscripts/put/');
    t.timers.advance(SYNC_DEBOUNCE_MS);
    await vi.waitFor(() => {
      expect(t.outbox.isSyncing()).toBe(true);
    });
    t.timers.advance(STUCK_SYNC_RESET_MS);
    await vi.waitFor(() => {
      expect(t.outbox.isSyncing()).toBe(false);
    });
    expect(t.outbox.queued()).toEqual([`manuscript:${book.id}`]);
    held.release();

    await t.afterDebounce();
    expect(t.remote.calls).toEqual([
      `PUT manuscripts/put/${book.id}`,
      `PUT manuscripts/put/${book.id}`,
    ]);
    expect(await t.db.manuscripts.get(book.id)).toMatchObject({ pending: 0 });
  });
});
