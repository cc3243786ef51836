import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createActionLog, ACTION_LOG_RETENTION_MS } from './action-log';
import { APP_DB_SCHEMA, APP_DB_VERSION, AppDatabase } from './app-db';
import { daysLeft } from './entities';
import { askForPersistentStorage } from './persistence';
import { SHARED_DB_VERSION, SharedDatabase } from './shared-db';
import { createUserCache } from './user-cache';

const T0 = 1_800_000_000_000;
const opened: Dexie[] = [];
let count = 0;

function name(prefix: string): string {
  count += 1;
  return `${prefix}-${String(count)}`;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

describe('the local databases (spec §9)', () => {
  it('opens quire-app at version 38 with its seven tables', async () => {
    const db = new AppDatabase(name('quire-app-v'));
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(APP_DB_VERSION);
    expect(db.tables.map((table) => table.name).sort()).toEqual(Object.keys(APP_DB_SCHEMA).sort());
  });

  it('gives rows written by an older version the local marks and their kind', async () => {
    const dbName = name('quire-app-old');
    const old = new Dexie(dbName);
    old.version(37).stores({ notes: 'id', manuscripts: 'id' });
    await old.open();
    await old.table('notes').put({ id: 'NoteOld000000000000001', title: 'Old' });
    await old.table('manuscripts').put({ id: 'BookOld000000000000001', pending_ops: ['put'] });
    old.close();

    const db = new AppDatabase(dbName);
    opened.push(db);
    expect(await db.notes.get('NoteOld000000000000001')).toMatchObject({
      kind: 'notes',
      pending: 0,
      pending_ops: [],
    });
    expect(await db.manuscripts.get('BookOld000000000000001')).toMatchObject({ pending: 1 });
  });

  it('opens quire-shared at version 30 with actions and user', async () => {
    const db = new SharedDatabase(name('quire-shared-v'));
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(SHARED_DB_VERSION);
    expect(db.tables.map((table) => table.name).sort()).toEqual(['actions', 'user']);
  });

  it('keeps the signed-in user in the shared database', async () => {
    const db = new SharedDatabase(name('quire-shared-user'));
    opened.push(db);
    const cache = createUserCache(db, () => T0);
    await expect(cache.load()).resolves.toBeNull();
    await cache.save({ id: 'UserAna', name: 'Ana' });
    await expect(cache.load()).resolves.toEqual({ id: 'UserAna', name: 'Ana' });
    await cache.clear();
    await expect(cache.load()).resolves.toBeNull();
  });
});

describe('action logs (spec §7)', () => {
  it('records actions with the device, and drops those older than 3 days', async () => {
    const db = new SharedDatabase(name('quire-shared-actions'));
    opened.push(db);
    let now = T0;
    const log = createActionLog({
      db,
      deviceId: 'pwa-a-b-2.4.29',
      platform: 'web',
      userId: () => 'UserAna',
      deviceFingerprint: 'test-agent',
      now: () => now,
    });
    await log.record('old_one');
    now += ACTION_LOG_RETENTION_MS - 1;
    await log.record('recent', { related_ids: { manuscript_id: 'M1' }, details: { n: 1 } });
    // The first one is now 3 days and 1 ms old; the second 1 ms.
    now += 2;
    const kept = await log.pruneAndRead();
    expect(kept).toEqual([
      {
        id: expect.any(String) as string,
        type: 'recent',
        device_id: 'pwa-a-b-2.4.29',
        platform: 'web',
        user_id: 'UserAna',
        related_ids: { manuscript_id: 'M1' },
        details: { n: 1 },
        device_fingerprint: 'test-agent',
        created_at: T0 + ACTION_LOG_RETENTION_MS - 1,
      },
    ]);
    await log.remove(kept.map((entry) => entry.id));
    expect(await db.actions.count()).toBe(0);
  });
});

describe('persistent storage', () => {
  it('asks once the storage is not yet persistent, and copes without the API', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    await expect(
      askForPersistentStorage({ persisted: () => Promise.resolve(false), persist }),
    ).resolves.toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    await expect(
      askForPersistentStorage({ persisted: () => Promise.resolve(true), persist }),
    ).resolves.toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    await expect(askForPersistentStorage({})).resolves.toBe(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      askForPersistentStorage({ persist: () => Promise.reject(new Error('no')) }),
    ).resolves.toBe(false);
  });
});

describe('days left in the trash', () => {
  it('never shows more than 60, even for a deletion stamped a little ahead of this device', () => {
    const day = 86_400_000;
    expect(daysLeft(T0, T0)).toBe(60);
    expect(daysLeft(T0 + 40, T0)).toBe(60);
    expect(daysLeft(T0 - 1, T0)).toBe(60);
    expect(daysLeft(T0 - day, T0)).toBe(59);
    expect(daysLeft(T0 - 60 * day, T0)).toBe(0);
  });
});
