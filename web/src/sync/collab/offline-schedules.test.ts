/**
 * Randomized offline schedules: two devices (each its own `quire-collab` and `quire-app`), each
 * with one or two tabs (a connection, a backlog and a sync status per tab, one tab leading),
 * type, delete, switch chapters, reload, close and open tabs and go on and off line in an order
 * a seeded PRNG picks. After every move the rule is checked: a tab's status says "synced" (and
 * no open chapter on the device is saving or saved locally) only when the server holds all the
 * device holds. At the end, back online, every word typed and not deleted is on the server and
 * every device says synced. A failing seed is replayed by putting it in `SEEDS`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';

import { AppDatabase } from '@/storage';
import {
  createSyncStatus,
  summarizeSync,
  type SyncStatus,
  type TabChannel,
} from '@/sync/sync-status';
import { seededRandom } from '@/testing/seeded-random';

import { createChapterBacklog, type ChapterBacklog } from './backlog';
import {
  createCollabConnection,
  type ChapterHandle,
  type CollabConnection,
} from './collab-connection';
import { CollabDatabase } from './collab-db';
import { FakeHocuspocusServer, FakeSocket } from './testing/fake-hocuspocus-server';
import { unsyncedChapterIds } from './unsynced';

const USER = 'UserAnaWriter000000001';
const CHAPTERS = ['ChapterAaaaaaaaaaaaaa1', 'ChapterBbbbbbbbbbbbbb2', 'ChapterCcccccccccccccc3'];
const MOVES = 30;
/**
 * Seeds 1–25 run in `make test` (about 40 s); `FIRST_SEED=… SEEDS=…` picks others (1–60 pass),
 * and `DEBUG_SCHEDULE=1` prints each tab's sync status when a schedule does not settle. They
 * found: a chapter closed before the socket connected never syncing when reopened, a chapter
 * opened while the socket was closing never connecting, an open chapter's status hiding edits
 * another tab stored, and a tab's status lagging ten seconds behind another tab's.
 */
const FIRST_SEED = Number(process.env.FIRST_SEED ?? 1);
const SEEDS = Array.from({ length: Number(process.env.SEEDS ?? 25) }, (_, i) => FIRST_SEED + i);
const silentLog = { warn: () => undefined };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The chapter's local persistence, ten times faster (250 ms writes become 25 ms). */
const fastPersistence = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, Math.ceil(ms / 10)),
  clearTimeout: (handle: unknown) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** A BroadcastChannel among one device's tabs: a message reaches every other tab, later. */
function channelHub() {
  const members = new Set<TabChannel & { closed: boolean }>();
  return {
    join(): TabChannel {
      const member: TabChannel & { closed: boolean } = {
        closed: false,
        onmessage: null,
        postMessage(message) {
          if (member.closed) return;
          for (const other of members) {
            if (other === member) continue;
            const data = structuredClone(message);
            setTimeout(() => {
              if (!other.closed) other.onmessage?.({ data });
            }, 0);
          }
        },
        close() {
          member.closed = true;
          members.delete(member);
        },
      };
      members.add(member);
      return member;
    },
  };
}

interface Tab {
  name: string;
  connection: CollabConnection;
  backlog: ChapterBacklog;
  status: SyncStatus;
  handle: ChapterHandle | null;
  chapter: string | null;
}

interface Device {
  name: string;
  db: CollabDatabase;
  appDb: AppDatabase;
  online: boolean;
  sockets: Set<FakeSocket>;
  WebSocket: new (url: string) => FakeSocket;
  tabs: Tab[];
  leader: Tab | null;
  hub: ReturnType<typeof channelHub>;
  onlineListeners: Set<() => void>;
  pendingRows: string[];
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

let runs = 0;

async function runSchedule(seed: number): Promise<void> {
  runs += 1;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('pick from nothing');
    return item;
  };
  const server = new FakeHocuspocusServer();
  /** Where an offline device's sockets go: nothing answers. */
  const nowhere = new FakeHocuspocusServer();
  nowhere.accepting = false;
  const log: string[] = [];
  const typed = new Map<string, string>(); // marker → chapter
  const deleted = new Set<string>();
  let words = 0;
  let tabs = 0;

  function makeDevice(name: string): Device {
    const sockets = new Set<FakeSocket>();
    const device: Device = {
      name,
      db: new CollabDatabase(`quire-collab-schedules-${String(runs)}-${name}`),
      appDb: new AppDatabase(`quire-app-schedules-${String(runs)}-${name}`),
      online: true,
      sockets,
      WebSocket: class extends FakeSocket {
        constructor(url: string) {
          super(url, device.online ? server : nowhere);
          sockets.add(this);
        }
      },
      tabs: [],
      leader: null,
      hub: channelHub(),
      onlineListeners: new Set(),
      pendingRows: [],
    };
    return device;
  }

  function openTab(device: Device): Tab {
    tabs += 1;
    const connection = createCollabConnection({
      url: 'ws://quire.test/api/v4/collab',
      userId: USER,
      WebSocketImpl: device.WebSocket,
      db: device.db,
      log: silentLog,
      reconnect: { delay: 10, initialDelay: 0, minDelay: 10, maxDelay: 20, jitter: false },
      persistence: fastPersistence,
      subscribeOnline: (listener) => {
        device.onlineListeners.add(listener);
        return () => device.onlineListeners.delete(listener);
      },
    });
    const backlog = createChapterBacklog({
      connection,
      unsynced: () => unsyncedChapterIds(device.db, USER),
      mayRun: () => device.leader === tab && device.online,
      log: silentLog,
      chapterWaitMs: 1_500,
    });
    const status = createSyncStatus({
      appDb: device.appDb,
      collabDb: device.db,
      userId: USER,
      connection,
      backlog,
      isOnline: () => device.online,
      subscribeOnline: (listener) => {
        device.onlineListeners.add(listener);
        return () => device.onlineListeners.delete(listener);
      },
      createChannel: () => device.hub.join(),
      log: silentLog,
    });
    const tab: Tab = {
      name: `${device.name}/tab${String(tabs)}`,
      connection,
      backlog,
      status,
      handle: null,
      chapter: null,
    };
    device.tabs.push(tab);
    device.leader ??= tab;
    return tab;
  }

  async function shutTab(device: Device, tab: Tab): Promise<void> {
    tab.status.stop();
    tab.backlog.stop();
    await tab.connection.close(); // flushes every open chapter to IndexedDB
    tab.handle = null;
    device.tabs = device.tabs.filter((other) => other !== tab);
    if (device.leader === tab) {
      device.leader = device.tabs[0] ?? null;
      if (device.leader) void device.leader.backlog.send(); // taking the lead sends the backlog
    }
  }

  async function show(tab: Tab, chapter: string): Promise<ChapterHandle> {
    if (tab.handle && tab.chapter === chapter) return tab.handle;
    if (tab.handle) await tab.handle.close();
    tab.handle = null;
    tab.handle = await tab.connection.open(chapter);
    tab.chapter = chapter;
    return tab.handle;
  }

  function setOnline(device: Device, online: boolean) {
    if (device.online === online) return;
    device.online = online;
    if (!online) for (const socket of device.sockets) socket.drop();
    device.sockets.clear();
    for (const listener of [...device.onlineListeners]) listener();
    if (online) void device.leader?.backlog.send();
  }

  /** Each chapter's stored rows of the device, merged. */
  async function storedUpdates(device: Device): Promise<Map<string, Uint8Array>> {
    const rows = await device.db.updates.toArray();
    const byChapter = new Map<string, Uint8Array[]>();
    for (const row of rows) {
      if (row.user_id !== USER) continue;
      byChapter.set(row.doc, [...(byChapter.get(row.doc) ?? []), row.update]);
    }
    return new Map([...byChapter].map(([chapter, list]) => [chapter, Y.mergeUpdates(list)]));
  }

  function markersOf(update: Uint8Array): string[] {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    return doc
      .getXmlFragment('default')
      .toArray()
      .map((node) => (node instanceof Y.XmlElement ? node.toJSON() : ''))
      .map((text) => /^<paragraph>([^<]*)<\/paragraph>$/.exec(text)?.[1] ?? '')
      .filter((text) => text !== '');
  }

  /** The rule under test: "synced" only when the server holds everything the device holds. */
  async function checkSyncedMeansOnServer(where: string): Promise<void> {
    for (const device of [devices[0], devices[1]]) {
      const busy = device.tabs.some((tab) => {
        const status = tab.handle?.status();
        return status === 'saving' || status === 'saved-locally';
      });
      const synced = device.tabs.filter(
        (tab) => summarizeSync(tab.status.getSnapshot()).state === 'synced',
      );
      if (busy || synced.length === 0) continue;
      const said = synced.map((tab) => tab.name).join(', ');
      for (const [chapter, update] of await storedUpdates(device)) {
        const serverDoc = server.doc(chapter);
        const missing = markersOf(update).filter(
          (marker) => !deleted.has(marker) && !server.text(chapter).includes(`>${marker}<`),
        );
        expect(
          { missing, contained: Y.snapshotContainsUpdate(Y.snapshot(serverDoc), update) },
          `${where}: ${said} said synced, but the server lacks ${device.name}'s ${chapter}`,
        ).toEqual({ missing: [], contained: true });
      }
    }
  }

  const devices: [Device, Device] = [makeDevice('laptop'), makeDevice('desktop')];
  cleanups.push(async () => {
    for (const device of devices) {
      for (const tab of [...device.tabs]) await shutTab(device, tab);
      await device.db.delete();
      await device.appDb.delete();
    }
  });
  for (const device of devices) openTab(device);

  type Move = () => Promise<string | null>;
  const withOpenChapter = (device: Device) => device.tabs.filter((tab) => tab.handle !== null);

  const moves: [number, (device: Device) => Move | null][] = [
    [
      6,
      (device) => async () => {
        const tab = pick(device.tabs);
        const chapter = pick(CHAPTERS);
        const handle = await show(tab, chapter);
        words += 1;
        const marker = `w${String(seed)}x${String(words)}`;
        const paragraph = new Y.XmlElement('paragraph');
        paragraph.insert(0, [new Y.XmlText(marker)]);
        handle.fragment.push([paragraph]);
        typed.set(marker, chapter);
        return `${tab.name} types ${marker} in ${chapter.slice(0, 8)}`;
      },
    ],
    [
      2,
      (device) => async () => {
        const tab = pick(device.tabs);
        const chapter = pick(CHAPTERS.filter((id) => id !== tab.chapter));
        await show(tab, chapter);
        return `${tab.name} switches to ${chapter.slice(0, 8)}`;
      },
    ],
    [
      3,
      (device) => () => {
        setOnline(device, !device.online);
        return Promise.resolve(`${device.name} goes ${device.online ? 'online' : 'offline'}`);
      },
    ],
    [
      2,
      (device) => {
        const open = withOpenChapter(device);
        if (device.online || open.length === 0) return null;
        return async () => {
          const tab = pick(open);
          const chapter = tab.chapter ?? pick(CHAPTERS);
          const leads = device.leader === tab;
          await shutTab(device, tab);
          const fresh = openTab(device);
          if (leads) device.leader = fresh;
          await show(fresh, chapter);
          return `${tab.name} reloads offline as ${fresh.name} on ${chapter.slice(0, 8)}`;
        };
      },
    ],
    [
      1,
      (device) => {
        if (device.tabs.length < 2) return null;
        return async () => {
          const tab = pick(device.tabs);
          await shutTab(device, tab);
          return `${tab.name} is closed`;
        };
      },
    ],
    [
      1,
      (device) => {
        if (device.tabs.length >= 2) return null;
        return async () => {
          const tab = openTab(device);
          if (random() < 0.5) await show(tab, pick(CHAPTERS));
          return `${tab.name} opens${tab.chapter ? ` on ${tab.chapter.slice(0, 8)}` : ''}`;
        };
      },
    ],
    [
      1,
      (device) => {
        const others = device.tabs.filter((tab) => tab !== device.leader);
        if (others.length === 0) return null;
        return () => {
          const tab = pick(others);
          device.leader = tab;
          void tab.backlog.send();
          return Promise.resolve(`${tab.name} takes the lead`);
        };
      },
    ],
    [
      2,
      (device) => {
        const candidates = withOpenChapter(device).flatMap((tab) =>
          (tab.handle?.fragment.toArray() ?? []).flatMap((node, index) => {
            const text = node instanceof Y.XmlElement ? node.toJSON() : '';
            const marker = /^<paragraph>([^<]*)<\/paragraph>$/.exec(text)?.[1];
            return marker ? [{ tab, index, marker }] : [];
          }),
        );
        if (candidates.length === 0) return null;
        return () => {
          const { tab, index, marker } = pick(candidates);
          tab.handle?.fragment.delete(index, 1);
          deleted.add(marker);
          return Promise.resolve(
            `${tab.name} deletes ${marker}${device.online ? '' : ' (offline)'}`,
          );
        };
      },
    ],
    [
      1,
      (device) => () => {
        const waiting = device.pendingRows.pop();
        if (waiting) {
          return device.appDb.contents
            .update(waiting, { pending: 0 })
            .then(() => `${device.name}'s outbox row ${waiting} is accepted`);
        }
        const id = `Row${String(seed)}x${String(words)}${device.name}`;
        device.pendingRows.push(id);
        return device.appDb.contents
          .put({ id, kind: 'chapters', user_id: USER, updated_at: 1, pending: 1, pending_ops: [] })
          .then(() => `${device.name} has outbox row ${id} pending`);
      },
    ],
  ];

  try {
    for (let step = 0; step < MOVES; step += 1) {
      const device = pick(devices);
      const ready = moves
        .map(([weight, make]) => [weight, make(device)] as const)
        .filter((entry): entry is readonly [number, Move] => entry[1] !== null);
      let roll = random() * ready.reduce((sum, [weight]) => sum + weight, 0);
      const chosen = ready.find(([weight]) => (roll -= weight) < 0) ?? ready[0];
      if (!chosen) continue;
      const said = await chosen[1]();
      if (said) log.push(said);
      const where = `after move ${String(step + 1)} (${said ?? ''})`;
      await checkSyncedMeansOnServer(where);
      await sleep(Math.floor(random() * 40));
      await checkSyncedMeansOnServer(`${where}, a moment later`);
    }

    // Back online everywhere; every device leads with one tab at least.
    log.push('all online');
    const violations: unknown[] = [];
    for (const device of devices) {
      for (const id of device.pendingRows.splice(0)) {
        await device.appDb.contents.update(id, { pending: 0 });
      }
      if (device.tabs.length === 0) openTab(device);
      device.leader ??= device.tabs[0] ?? null;
      setOnline(device, true);
      void device.leader?.backlog.send();
    }
    const settling: unknown = await expect
      .poll(
        async () => {
          // A broken rule while settling is kept, not retried away by the poll.
          await checkSyncedMeansOnServer('settling').catch((error: unknown) => {
            violations.push(error);
          });
          return devices.flatMap((device) =>
            device.tabs.flatMap((tab) => [
              `${tab.name}: ${summarizeSync(tab.status.getSnapshot()).state}`,
              ...(tab.handle ? [`${tab.name} open: ${tab.handle.status()}`] : []),
            ]),
          );
        },
        { timeout: 8_000, interval: 50 },
      )
      .toEqual(
        devices.flatMap((device) =>
          device.tabs.flatMap((tab) => [
            `${tab.name}: synced`,
            ...(tab.handle ? [`${tab.name} open: synced`] : []),
          ]),
        ),
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (settling && process.env.DEBUG_SCHEDULE) {
      for (const device of devices) {
        console.warn(device.name, 'store unsynced', await unsyncedChapterIds(device.db, USER));
        for (const tab of device.tabs) {
          console.warn(tab.name, JSON.stringify(tab.status.getSnapshot()), [
            ...tab.connection.openChapters(),
          ]);
        }
      }
    }
    const broken = violations[0] ?? settling;
    if (broken)
      throw broken instanceof Error ? broken : new Error('settling failed', { cause: broken });
    await checkSyncedMeansOnServer('at the end');
    const lost = [...typed]
      .filter(
        ([marker, chapter]) =>
          !deleted.has(marker) && !server.text(chapter).includes(`>${marker}<`),
      )
      .map(([marker]) => marker);
    const kept = [...deleted].filter((marker) =>
      CHAPTERS.some((chapter) => server.text(chapter).includes(`>${marker}<`)),
    );
    expect({ lost, kept }, 'words lost, or deletions not on the server').toEqual({
      lost: [],
      kept: [],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `seed ${String(seed)} failed (replay: FIRST_SEED=${String(seed)} SEEDS=1).\nMoves:\n  ${log.join('\n  ')}\n${message}`,
      { cause: error },
    );
  }
}

describe('randomized offline schedules', () => {
  it.each(SEEDS)(
    'seed %i: "Synced" is said only when true, and nothing typed is lost',
    async (seed) => {
      await runSchedule(seed);
    },
    30_000,
  );
});
