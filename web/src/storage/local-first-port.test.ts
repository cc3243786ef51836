import { afterEach, describe, expect, it, vi } from 'vitest';

import type { FakeShelfRemote } from '@/testing/fake-shelf-remote';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import type { AppDatabase } from './app-db';
import { fixedOffsetClock } from './clock';
import type { Folder, Manuscript } from './entities';
import { MOVED_UP_ORDER_OFFSET } from './local-writer';
import type { LiveQuery, ManuscriptsPort } from './manuscripts-port';
import type { StoreProblem } from './problems';
import { StorageQuotaError } from './quota';

const USER = 'UserAnaWriter000000001';
const T0 = 1_800_000_000_000;

interface Setup {
  db: AppDatabase;
  remote: FakeShelfRemote;
  port: ManuscriptsPort;
  problems: StoreProblem[];
}

function setup({
  userId = USER,
  db,
  localNow = () => T0,
}: { userId?: string; db?: AppDatabase; localNow?: () => number } = {}): Setup {
  let tick = T0;
  const made = createTestEngine({
    userId,
    db,
    clock: fixedOffsetClock(0, localNow),
    remoteNow: () => (tick += 1000),
  });
  return { db: made.db, remote: made.remote, port: made.engine.port, problems: made.problems };
}

afterEach(async () => {
  await disposeTestEngines();
});

/** The first value of a live query. */
function firstValue<T>(query: LiveQuery<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const subscription = query.subscribe({
      next: (value) => {
        resolve(value);
        queueMicrotask(() => {
          subscription.unsubscribe();
        });
      },
      error: reject,
    });
  });
}

function serverFolder(overrides: Partial<Folder> & { id: string }): Folder {
  return {
    name: 'Drafts',
    folder_id: null,
    _order: 0,
    created_at: T0 - 10_000,
    updated_at: T0 - 10_000,
    synced_at: T0 - 10_000,
    deleted_at: null,
    ...overrides,
  };
}

function serverManuscript(overrides: Partial<Manuscript> & { id: string }): Manuscript {
  return {
    title: 'Dune',
    folder_id: null,
    _order: 0,
    created_at: T0 - 10_000,
    updated_at: T0 - 10_000,
    synced_at: T0 - 10_000,
    deleted_at: null,
    ...overrides,
  };
}

describe('writing locally first', () => {
  it('stamps a derived change of a manuscript just after its own time, so a newer edit elsewhere wins', async () => {
    const { db, remote, port } = setup();
    remote.online = false;
    const saved = await port.saveManuscript({ title: 'The Long Night', folder_id: null });
    await db.manuscripts.update(saved.id, { updated_at: T0 - 5_000 });
    const counted = await port.saveManuscript(
      { id: saved.id, title: 'The Long Night', stats: { words: 40 } },
      { derived: true },
    );
    expect(counted.updated_at).toBe(T0 - 4_999);
    expect(counted.pending).toBe(true);
    const renamed = await port.saveManuscript({ id: saved.id, title: 'The Longest Night' });
    expect(renamed.updated_at).toBe(T0);
  });

  it('keeps a new manuscript on the device, pending, when the server cannot be reached', async () => {
    const { db, remote, port } = setup();
    remote.online = false;

    const saved = await port.saveManuscript({ title: 'The Long Night', folder_id: null });
    await port.flushPending();

    expect(saved.id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(saved.pending).toBe(true);
    expect(saved.updated_at).toBe(T0);
    const listed = await firstValue(port.manuscripts());
    expect(listed.map((m) => [m.title, m.pending])).toEqual([['The Long Night', true]]);
    const row = await db.manuscripts.get(saved.id);
    expect(row).toMatchObject({ pending: 1, pending_ops: ['put'], user_id: USER });
    expect(remote.rows.manuscripts.size).toBe(0);
  });

  it('puts the row to the server right after the local write, then clears the mark', async () => {
    const { db, remote, port } = setup();

    const saved = await port.saveFolder({ name: 'Novels' });
    await port.flushPending();

    expect(remote.calls).toContain(`PUT folders/put/${saved.id}`);
    expect(remote.rows.folders.get(saved.id)).toMatchObject({
      name: 'Novels',
      folder_id: null,
      updated_at: T0,
      last_synced_device_id: 'pwa-AAAAAAAA-BBBBBBBB-2.4.29',
    });
    expect(await db.folders.get(saved.id)).toMatchObject({ pending: 0, pending_ops: [] });
    expect(remote.rows.folders.get(saved.id)).not.toHaveProperty('pending_ops');
  });

  it('stamps a change later than the row it changes, even with a slow clock', async () => {
    const { db, port } = setup();
    await db.manuscripts.put({
      ...serverManuscript({ id: 'FutureManuscript000001', updated_at: T0 + 50_000 }),
      user_id: USER,
      pending: 0,
      pending_ops: [],
    });
    const renamed = await port.saveManuscript({ id: 'FutureManuscript000001', title: 'Dune II' });
    expect(renamed.updated_at).toBe(T0 + 50_001);
    expect(renamed.created_at).toBe(T0 - 10_000);
  });

  it('refuses a blank name or title before anything is written', async () => {
    const { db, port } = setup();
    await expect(port.saveFolder({ name: '   ' })).rejects.toMatchObject({ code: 'name_required' });
    await expect(port.saveManuscript({ title: '' })).rejects.toMatchObject({
      code: 'manuscript_title_required',
    });
    expect(await db.folders.count()).toBe(0);
    expect(await db.manuscripts.count()).toBe(0);
  });

  it('refuses to move a folder into itself or into a folder inside it', async () => {
    const { port } = setup();
    const outer = await port.saveFolder({ name: 'Outer' });
    const inner = await port.saveFolder({ name: 'Inner', folder_id: outer.id });
    const deepest = await port.saveFolder({ name: 'Deepest', folder_id: inner.id });

    await expect(port.saveFolder({ id: outer.id, folder_id: outer.id })).rejects.toMatchObject({
      code: 'folder_cycle',
    });
    await expect(port.saveFolder({ id: outer.id, folder_id: deepest.id })).rejects.toMatchObject({
      code: 'folder_cycle',
    });
    await expect(port.saveFolder({ id: deepest.id, folder_id: null })).resolves.toMatchObject({
      folder_id: null,
    });
  });

  it('shows only the signed-in user’s rows', async () => {
    const ana = setup();
    await ana.port.saveManuscript({ title: 'Ana’s book' });
    const bea = setup({ userId: 'UserBeaWriter000000002', db: ana.db });
    expect(await firstValue(bea.port.manuscripts())).toEqual([]);
    await bea.port.flushPending();
    expect(bea.remote.calls).toEqual([]);
  });
});

describe('pending changes', () => {
  it('sends what was written offline once flushPending finds the server again', async () => {
    const { db, remote, port } = setup();
    remote.online = false;
    const folder = await port.saveFolder({ name: 'Offline folder' });
    const book = await port.saveManuscript({ title: 'Offline book', folder_id: folder.id });
    await port.saveManuscript({ id: book.id, title: 'Offline book, renamed' });
    await port.flushPending();
    expect(await db.manuscripts.where('pending').equals(1).count()).toBe(1);

    remote.online = true;
    remote.calls.length = 0;
    await port.flushPending();

    expect(remote.calls).toEqual([
      `PUT folders/put/${folder.id}`,
      `PUT manuscripts/put/${book.id}`,
    ]);
    expect(remote.rows.manuscripts.get(book.id)).toMatchObject({
      title: 'Offline book, renamed',
      folder_id: folder.id,
    });
    expect(await db.manuscripts.get(book.id)).toMatchObject({ pending: 0, pending_ops: [] });
    expect(await db.folders.get(folder.id)).toMatchObject({ pending: 0 });
  });

  it('replays an offline delete after the row’s creation, in order', async () => {
    const { db, remote, port } = setup();
    remote.online = false;
    const book = await port.saveManuscript({ title: 'Short-lived' });
    await port.deleteManuscript(book.id);
    expect(await db.manuscripts.get(book.id)).toMatchObject({ pending_ops: ['put', 'delete'] });

    remote.online = true;
    remote.calls.length = 0;
    await port.flushPending();

    expect(remote.calls).toEqual([
      `PUT manuscripts/put/${book.id}`,
      `DELETE manuscripts/${book.id}`,
    ]);
    expect(remote.rows.manuscripts.get(book.id)?.deleted_at).not.toBeNull();
    const local = await db.manuscripts.get(book.id);
    expect(local?.pending).toBe(0);
    expect(local?.deleted_at).not.toBeNull();
  });

  it('drops a change the server refuses and says so', async () => {
    const { db, remote, port, problems } = setup();
    remote.refuse('PUT manuscripts/put/', 'invalid_fields');

    const book = await port.saveManuscript({ title: 'Refused' });
    await port.flushPending();

    expect(problems).toEqual([
      { type: 'refused', kind: 'manuscripts', id: book.id, op: 'put', code: 'invalid_fields' },
    ]);
    expect(await db.manuscripts.get(book.id)).toMatchObject({ pending: 0, pending_ops: [] });
  });

  it('keeps a change pending when the session needs renewing (401)', async () => {
    const { db, remote, port, problems } = setup();
    remote.refuse('PUT folders/put/', 'expired_session', 401);
    const folder = await port.saveFolder({ name: 'Kept' });
    await port.flushPending();
    expect(problems).toEqual([]);
    expect(await db.folders.get(folder.id)).toMatchObject({ pending: 1 });
    await port.flushPending();
    expect(await db.folders.get(folder.id)).toMatchObject({ pending: 0 });
  });
});

describe('last writer wins', () => {
  it('adopts the stored row when the server has a newer one', async () => {
    const { db, remote, port } = setup();
    const id = 'SharedManuscript000001';
    await db.manuscripts.put({
      ...serverManuscript({ id, title: 'Old title' }),
      user_id: USER,
      pending: 0,
      pending_ops: [],
    });
    remote.seed(
      'manuscripts',
      serverManuscript({ id, title: 'Other device', updated_at: T0 + 5000 }),
    );

    await port.saveManuscript({ id, title: 'This device' });
    await port.flushPending();

    expect(remote.rows.manuscripts.get(id)?.title).toBe('Other device');
    expect(await db.manuscripts.get(id)).toMatchObject({
      title: 'Other device',
      updated_at: T0 + 5000,
      pending: 0,
    });
  });
});

describe('refreshFromServer', () => {
  it('replaces a local row only when the server’s is newer and the local one is not pending', async () => {
    const { db, remote, port } = setup();
    const keep = { user_id: USER, pending: 0 as const, pending_ops: [] };
    await db.manuscripts.bulkPut([
      { ...serverManuscript({ id: 'OlderLocal000000000001', title: 'Local old' }), ...keep },
      {
        ...serverManuscript({ id: 'NewerLocal000000000001', title: 'Local new', updated_at: T0 }),
        ...keep,
      },
      {
        ...serverManuscript({ id: 'PendingLocal0000000001', title: 'Local pending' }),
        user_id: USER,
        pending: 1,
        pending_ops: ['put'],
      },
    ]);
    remote.seed(
      'manuscripts',
      serverManuscript({ id: 'OlderLocal000000000001', title: 'Server', updated_at: T0 }),
    );
    remote.seed(
      'manuscripts',
      serverManuscript({ id: 'NewerLocal000000000001', title: 'Server stale' }),
    );
    remote.seed(
      'manuscripts',
      serverManuscript({ id: 'PendingLocal0000000001', title: 'Server', updated_at: T0 + 1 }),
    );
    remote.seed(
      'manuscripts',
      serverManuscript({ id: 'OnlyOnServer0000000001', title: 'New here' }),
    );

    await port.refreshFromServer();

    const titles = Object.fromEntries(
      (await db.manuscripts.toArray()).map((row) => [row.id, row.title]),
    );
    expect(titles).toEqual({
      OlderLocal000000000001: 'Server',
      NewerLocal000000000001: 'Local new',
      PendingLocal0000000001: 'Local pending',
      OnlyOnServer0000000001: 'New here',
    });
    expect(remote.calls).toEqual(
      expect.arrayContaining([
        'GET folders?deleted=false',
        'GET folders?deleted=true',
        'GET manuscripts?deleted=false',
        'GET manuscripts?deleted=true',
      ]),
    );
  });

  it('removes local rows the server no longer lists, unless they are pending', async () => {
    const { db, remote, port } = setup();
    await db.folders.bulkPut([
      {
        ...serverFolder({ id: 'GoneFolder000000000001' }),
        user_id: USER,
        pending: 0,
        pending_ops: [],
      },
      {
        ...serverFolder({ id: 'UnsentFolder0000000001' }),
        user_id: USER,
        pending: 1,
        pending_ops: ['put'],
      },
      {
        ...serverFolder({ id: 'OtherUsersFolder000001' }),
        user_id: 'UserBeaWriter000000002',
        pending: 0,
        pending_ops: [],
      },
    ]);
    remote.seed('folders', serverFolder({ id: 'TrashedFolder000000001', deleted_at: T0 - 5000 }));

    await port.refreshFromServer();

    expect((await db.folders.toArray()).map((row) => row.id).sort()).toEqual([
      'OtherUsersFolder000001',
      'TrashedFolder000000001',
      'UnsentFolder0000000001',
    ]);
  });

  it('leaves the local rows alone when a listing fails', async () => {
    const { db, remote, port } = setup();
    await db.folders.put({
      ...serverFolder({ id: 'StaysFolder00000000001' }),
      user_id: USER,
      pending: 0,
      pending_ops: [],
    });
    remote.online = false;
    await expect(port.refreshFromServer()).rejects.toMatchObject({ code: 'network_error' });
    expect(await db.folders.count()).toBe(1);
  });
});

describe('the trash', () => {
  it('moves a deleted folder’s children up to its parent, locally and on the server', async () => {
    const { db, remote, port } = setup();
    const parent = await port.saveFolder({ name: 'Parent' });
    const folder = await port.saveFolder({ name: 'Doomed', folder_id: parent.id });
    const child = await port.saveFolder({ name: 'Child', folder_id: folder.id });
    const book = await port.saveManuscript({ title: 'Inside', folder_id: folder.id, _order: 2 });
    await port.flushPending();

    await port.deleteFolder(folder.id);

    expect(await db.folders.get(folder.id)).toMatchObject({ deleted_at: T0 + 1 });
    expect(await db.folders.get(child.id)).toMatchObject({ folder_id: parent.id });
    expect(await db.manuscripts.get(book.id)).toMatchObject({
      folder_id: parent.id,
      _order: 2 + MOVED_UP_ORDER_OFFSET,
      pending: 0,
    });
    await port.flushPending();
    expect(remote.calls).toContain(`DELETE folders/${folder.id}`);
    expect(remote.rows.manuscripts.get(book.id)?.folder_id).toBe(parent.id);
  });

  it('saves at the top level a row whose folder is in the trash (the server refuses it there)', async () => {
    // This device's clock is ahead of the fake server's, so its rename is the newer write.
    const { db, remote, port } = setup({ localNow: () => T0 + 3_600_000 });
    const folder = await port.saveFolder({ name: 'Binned' });
    const book = await port.saveManuscript({ title: 'Kept', folder_id: folder.id });
    await port.deleteManuscript(book.id);
    await port.deleteFolder(folder.id);
    await port.recover('manuscripts', book.id);
    await port.flushPending();
    expect(await db.manuscripts.get(book.id)).toMatchObject({ folder_id: folder.id });

    await port.saveManuscript({ id: book.id, title: 'Kept, renamed' });
    await port.flushPending();
    expect(remote.rows.manuscripts.get(book.id)).toMatchObject({
      title: 'Kept, renamed',
      folder_id: null,
    });
  });

  it('recovers and hard-deletes single rows', async () => {
    const { db, remote, port } = setup();
    const book = await port.saveManuscript({ title: 'Back again' });
    await port.deleteManuscript(book.id);
    await port.recover('manuscripts', book.id);
    await port.flushPending();
    expect(await db.manuscripts.get(book.id)).toMatchObject({ deleted_at: null, pending: 0 });
    expect(remote.calls).toContain(`GET manuscripts/undelete/${book.id}`);

    await port.deleteManuscript(book.id);
    await port.hardDelete('manuscripts', book.id);
    expect(await firstValue(port.manuscripts())).toEqual([]);
    await port.flushPending();
    expect(remote.calls).toContain(`DELETE manuscripts/${book.id}?hard_delete=true`);
    expect(await db.manuscripts.get(book.id)).toBeUndefined();
    expect(remote.rows.manuscripts.has(book.id)).toBe(false);
  });

  it('hides a row deleted for good while offline and removes it when the server agrees', async () => {
    const { db, remote, port } = setup();
    const book = await port.saveManuscript({ title: 'Gone' });
    await port.deleteManuscript(book.id);
    await port.flushPending();
    remote.online = false;
    await port.hardDelete('manuscripts', book.id);
    await port.flushPending();
    expect(await firstValue(port.manuscripts())).toEqual([]);
    expect(await db.manuscripts.get(book.id)).toMatchObject({ pending_ops: ['hard_delete'] });

    remote.online = true;
    await port.flushPending();
    expect(await db.manuscripts.get(book.id)).toBeUndefined();
  });

  it('recovers and deletes a selection with one bulk call per kind', async () => {
    const { db, remote, port } = setup();
    const a = await port.saveManuscript({ title: 'A' });
    const b = await port.saveManuscript({ title: 'B' });
    const f = await port.saveFolder({ name: 'F' });
    for (const id of [a.id, b.id]) await port.deleteManuscript(id);
    await port.deleteFolder(f.id);
    await port.flushPending();
    remote.calls.length = 0;

    await port.recoverAll({ manuscripts: [a.id, b.id], folders: [f.id] });
    await port.flushPending();
    expect(remote.calls).toEqual([
      `GET folders/undelete/${f.id}`,
      `POST manuscripts/recover_all ${a.id},${b.id}`,
    ]);
    expect((await db.manuscripts.toArray()).map((m) => m.deleted_at)).toEqual([null, null]);

    for (const id of [a.id, b.id]) await port.deleteManuscript(id);
    await port.flushPending();
    remote.calls.length = 0;
    await port.deleteAll();
    await port.flushPending();
    expect(remote.calls).toEqual([expect.stringMatching(/^POST manuscripts\/delete_all /)]);
    expect(await db.manuscripts.count()).toBe(0);
    expect(remote.rows.manuscripts.size).toBe(0);
  });
});

describe('calls that need the server', () => {
  it('keeps a duplicate and a manuscript made from a template, without their children', async () => {
    const { db, remote, port } = setup();
    const book = await port.saveManuscript({ title: 'Original' });
    const copy = await port.duplicateManuscript(book.id, 'Copy of Original');
    const fromTemplate = await port.createFromTemplate('TplThreeActStructure01', {
      title: 'Act it out',
      folder_id: null,
    });

    expect(remote.calls).toContain(`POST manuscripts/copy ${book.id}`);
    expect(await db.manuscripts.get(copy.id)).toMatchObject({
      title: 'Copy of Original',
      pending: 0,
    });
    expect(await db.manuscripts.get(copy.id)).not.toHaveProperty('chapters');
    expect(await db.manuscripts.get(fromTemplate.id)).toMatchObject({ title: 'Act it out' });
    expect(await db.manuscripts.get(fromTemplate.id)).not.toHaveProperty('groups');
  });

  it('rejects with the network error when offline', async () => {
    const { remote, port } = setup();
    remote.online = false;
    await expect(
      port.createFromTemplate('TplThreeActStructure01', { title: 'No net', folder_id: null }),
    ).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('a full device', () => {
  it('rejects with StorageQuotaError and reports the quota problem', async () => {
    const { db, port, problems } = setup();
    vi.spyOn(db.folders, 'put').mockRejectedValue(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    await expect(port.saveFolder({ name: 'Too much' })).rejects.toBeInstanceOf(StorageQuotaError);
    expect(problems).toEqual([{ type: 'quota' }]);
  });
});
