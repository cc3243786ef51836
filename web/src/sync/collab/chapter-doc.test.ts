import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

import type { StoreProblem } from '@/storage/problems';

import {
  COLLAB_WRITE_INTERVAL_MS,
  COMPACT_AFTER_ROWS,
  COMPACT_FORCE_ROWS,
  COMPACT_PAUSE_MS,
  openChapterDoc,
  RETRY_FIRST_DELAY_MS,
  type ChapterDoc,
  type ChapterDocDeps,
} from './chapter-doc';
import { CollabDatabase } from './collab-db';

const CHAPTER = 'ChapterOne000000000001';
const USER = 'UserAnaWriter000000001';
const OTHER_USER = 'UserBenReader000000002';
let databases = 0;
const opened: CollabDatabase[] = [];

function freshDb(): CollabDatabase {
  databases += 1;
  const db = new CollabDatabase(`quire-collab-test-${String(databases)}`);
  opened.push(db);
  return db;
}

const silentLog = { warn: () => undefined };

/** A frame painted the moment it is asked for: the write waits for the timer alone. */
const paintedAtOnce = (callback: () => void) => {
  callback();
  return () => undefined;
};

function open(db: CollabDatabase, deps: ChapterDocDeps = {}, userId = USER): Promise<ChapterDoc> {
  return openChapterDoc(CHAPTER, userId, { db, log: silentLog, ...deps });
}

/** Appends a paragraph holding `text` to the chapter body, as one local transaction. */
function type(chapter: ChapterDoc, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  chapter.doc.getXmlFragment('default').push([paragraph]);
}

function body(chapter: ChapterDoc): string {
  return chapter.doc.getXmlFragment('default').toJSON();
}

/** Resolves at the next change the chapter reports (here: the end of a write). */
function nextChange(chapter: ChapterDoc): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = chapter.onChange(() => {
      unsubscribe();
      resolve();
    });
  });
}

function rows(db: CollabDatabase) {
  return db.updates.where('doc').equals(CHAPTER).toArray();
}

afterEach(async () => {
  vi.useRealTimers();
  for (const db of opened.splice(0)) await db.delete();
});

describe('openChapterDoc', () => {
  it('stores the text and loads it back into a new document', async () => {
    const db = freshDb();
    const first = await open(db);
    type(first, 'It was a dark and stormy night');
    await first.close();
    first.doc.destroy();

    const again = await open(db);
    expect(body(again)).toBe('<paragraph>It was a dark and stormy night</paragraph>');
    expect(again.hasUnsavedLocalChanges()).toBe(false);
    await again.close();
    // Loading applied the stored rows without writing them again.
    expect(await rows(db)).toHaveLength(1);
  });

  it('coalesces 50 updates typed within 200 ms into one write, 250 ms after the first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const db = freshDb();
    const chapter = await open(db, { afterPaint: paintedAtOnce });
    const add = vi.spyOn(db.updates, 'add');
    for (let i = 0; i < 50; i += 1) {
      type(chapter, `word${String(i)}`);
      vi.advanceTimersByTime(4);
    }
    expect(add).not.toHaveBeenCalled();
    expect(chapter.hasUnsavedLocalChanges()).toBe(true);

    const written = nextChange(chapter);
    vi.advanceTimersByTime(COLLAB_WRITE_INTERVAL_MS - 200);
    await written;
    expect(add).toHaveBeenCalledTimes(1);
    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    const [row] = await rows(db);
    const restored = new Y.Doc();
    Y.applyUpdate(restored, row?.update ?? new Uint8Array());
    expect(restored.getXmlFragment('default').length).toBe(50);

    // The next edit waits its own 250 ms.
    type(chapter, 'later');
    vi.advanceTimersByTime(COLLAB_WRITE_INTERVAL_MS - 1);
    await Promise.resolve();
    expect(add).toHaveBeenCalledTimes(1);
    const second = nextChange(chapter);
    vi.advanceTimersByTime(1);
    await second;
    expect(add).toHaveBeenCalledTimes(2);
    await chapter.close();
  });

  it('holds a due write until the frame being drawn is painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let painted: (() => void) | null = null;
    const db = freshDb();
    const chapter = await open(db, {
      afterPaint: (callback) => {
        painted = callback;
        return () => {
          painted = null;
        };
      },
    });
    const add = vi.spyOn(db.updates, 'add');
    type(chapter, 'typed');
    vi.advanceTimersByTime(COLLAB_WRITE_INTERVAL_MS);
    await Promise.resolve();
    expect(add).not.toHaveBeenCalled();
    expect(painted).not.toBeNull();

    const written = nextChange(chapter);
    (painted as unknown as () => void)();
    await written;
    expect(add).toHaveBeenCalledTimes(1);
    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    // A flush does not wait for it, and cancels it.
    type(chapter, 'more');
    vi.advanceTimersByTime(COLLAB_WRITE_INTERVAL_MS);
    expect(painted).not.toBeNull();
    await chapter.flush();
    expect(painted).toBeNull();
    expect(add).toHaveBeenCalledTimes(2);
    await chapter.close();
  });

  it('writes at once on pagehide, without waiting for the timer', async () => {
    let pageHide: () => void = () => undefined;
    const db = freshDb();
    const chapter = await open(db, {
      subscribePageHide: (listener) => {
        pageHide = listener;
        return () => undefined;
      },
      setTimeout: () => 'never fires',
      clearTimeout: () => undefined,
    });
    type(chapter, 'Closing the tab now');
    pageHide();
    await vi.waitFor(async () => {
      expect(await rows(db)).toHaveLength(1);
    });
    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    await chapter.close();
  });

  it('keeps the bytes when the device is full, reports it once and retries until stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const db = freshDb();
    const problems: StoreProblem[] = [];
    const chapter = await open(db, { reportProblem: (problem) => problems.push(problem) });
    const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    vi.spyOn(db.updates, 'add').mockRejectedValueOnce(full()).mockRejectedValueOnce(full());

    type(chapter, 'First words');
    await chapter.flush();
    expect(problems).toEqual([{ type: 'quota' }]);
    expect(chapter.hasUnsavedLocalChanges()).toBe(true);
    expect(await rows(db)).toHaveLength(0);

    type(chapter, 'More words'); // waits for the retry, merged with the kept bytes
    const secondFailure = nextChange(chapter);
    vi.advanceTimersByTime(RETRY_FIRST_DELAY_MS);
    await secondFailure;
    expect(problems).toHaveLength(1);
    expect(await rows(db)).toHaveLength(0);

    const stored = nextChange(chapter);
    vi.advanceTimersByTime(2 * RETRY_FIRST_DELAY_MS); // the delay doubled
    await stored;
    expect(await rows(db)).toHaveLength(1);

    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    await chapter.close();
    const again = await open(db);
    expect(body(again)).toBe('<paragraph>First words</paragraph><paragraph>More words</paragraph>');
    await again.close();
  });

  it('compacts a long log in one transaction and keeps the rows another tab appended', async () => {
    const db = freshDb();
    let clock = 0;
    const tabA = await open(db, { now: () => clock });
    const tabB = await open(db);
    type(tabB, 'Typed in tab B');
    await tabB.flush();
    const other = await open(db, {}, OTHER_USER);
    type(other, 'Another account on this device');
    await other.close();

    // Tab A counts the rows it wrote itself: after the 101st, the first write once the writer
    // has paused replaces the log.
    for (let i = 0; i <= COMPACT_AFTER_ROWS; i += 1) {
      clock += 100;
      type(tabA, `line ${String(i)}`);
      await tabA.flush();
    }
    expect((await rows(db)).filter((row) => row.user_id === USER)).toHaveLength(
      COMPACT_AFTER_ROWS + 2,
    );
    clock += COMPACT_PAUSE_MS;
    await tabA.flush();
    const own = (await rows(db)).filter((row) => row.user_id === USER);
    expect(own).toHaveLength(1);
    expect(await db.docs.get(CHAPTER)).toMatchObject({ user_id: USER });
    expect((await rows(db)).filter((row) => row.user_id === OTHER_USER)).toHaveLength(1);
    // Tab A took tab B's row into its document before replacing the log.
    expect(body(tabA)).toContain('Typed in tab B');

    type(tabB, 'Tab B again');
    await tabB.close();
    await tabA.close();
    const reader = await open(db);
    expect(body(reader)).toContain('Typed in tab B');
    expect(body(reader)).toContain('Tab B again');
    expect(body(reader)).toContain(`line ${String(COMPACT_AFTER_ROWS)}`);
    expect(body(reader)).not.toContain('Another account');
    await reader.close();
  });

  it('compacts a long log only once the writer pauses, unless it grows too long', async () => {
    const db = freshDb();
    let clock = 0;
    const timers: { at: number; run: () => void }[] = [];
    const chapter = await open(db, {
      now: () => clock,
      afterPaint: paintedAtOnce,
      setTimeout: (run, ms) => {
        const timer = { at: clock + ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer) => {
        timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1);
      },
    });
    /** Moves the clock on by `ms`, running the timers that fall due, and what they write. */
    const pass = async (ms: number) => {
      clock += ms;
      for (const timer of timers.filter((t) => t.at <= clock)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
      await chapter.flush();
    };
    const ownRows = async () => (await rows(db)).filter((row) => row.user_id === USER).length;

    // Typing steadily, a key every 250 ms: the log grows past 100 rows and is not compacted.
    for (let i = 0; i < COMPACT_AFTER_ROWS + 20; i += 1) {
      type(chapter, `line ${String(i)}`);
      await pass(250);
    }
    expect(await ownRows()).toBe(COMPACT_AFTER_ROWS + 20);
    // The writer stops: the compaction waits for the pause, then replaces the log.
    await pass(COMPACT_PAUSE_MS - 300);
    expect(await ownRows()).toBe(COMPACT_AFTER_ROWS + 20);
    await pass(300);
    expect(await ownRows()).toBe(1);

    // Typing that never pauses still compacts when the log reaches its limit.
    for (let i = 0; i < COMPACT_FORCE_ROWS; i += 1) {
      type(chapter, `more ${String(i)}`);
      await pass(250);
      if ((await ownRows()) === 1 && i > 0) break;
    }
    expect(await ownRows()).toBe(1);
    expect(chapter.doc.getXmlFragment('default').length).toBeGreaterThan(COMPACT_FORCE_ROWS);
    await chapter.close();
    const again = await open(db);
    expect(again.doc.getXmlFragment('default').length).toBe(
      chapter.doc.getXmlFragment('default').length,
    );
    await again.close();
  });

  it('compacts on open when more than 20 rows are stored', async () => {
    const db = freshDb();
    const writer = await open(db);
    for (let i = 0; i < 21; i += 1) {
      type(writer, `line ${String(i)}`);
      await writer.flush();
    }
    await writer.close();
    expect(await rows(db)).toHaveLength(21);

    const reader = await open(db);
    await reader.flush();
    expect(await rows(db)).toHaveLength(1);
    expect(reader.doc.getXmlFragment('default').length).toBe(21);
    expect((await db.docs.get(CHAPTER))?.compacted_at).toEqual(expect.any(Number));
    await reader.close();
  });

  it('loses neither tab’s words when two tabs edit the same chapter', async () => {
    const db = freshDb();
    const tabA = await open(db);
    const tabB = await open(db);
    type(tabA, 'from A');
    type(tabB, 'from B');
    await Promise.all([tabA.close(), tabB.close()]);

    const reader = await open(db);
    expect(body(reader)).toContain('from A');
    expect(body(reader)).toContain('from B');
    await reader.close();
  });

  it('remembers what the server acknowledged across a reload, and an edit made after it', async () => {
    const db = freshDb();
    const chapter = await open(db);
    type(chapter, 'Acked');
    expect(chapter.unacked()).toBe(true);
    chapter.markAcked();
    expect(chapter.unacked()).toBe(false);
    await chapter.close();

    const again = await open(db);
    expect(again.unacked()).toBe(false);
    type(again, 'Typed after the ack');
    expect(again.unacked()).toBe(true);
    await again.close();

    const third = await open(db);
    expect(third.unacked()).toBe(true);
    await third.close();
  });

  it('counts a deletion made after the ack as unacknowledged, though it moves no clock', async () => {
    const db = freshDb();
    const chapter = await open(db);
    type(chapter, 'A sentence the writer will cut');
    chapter.markAcked();
    await chapter.close();

    const again = await open(db);
    const before = Y.encodeStateVector(again.doc);
    again.doc.getXmlFragment('default').delete(0, 1);
    expect(Y.encodeStateVector(again.doc)).toEqual(before);
    expect(again.unacked()).toBe(true);
    await again.close();

    const third = await open(db);
    expect(body(third)).toBe('');
    expect(third.unacked()).toBe(true);
    await third.close();
  });

  it('does not store an acknowledgement taken over by an edit made before the write', async () => {
    const db = freshDb();
    const chapter = await open(db);
    type(chapter, 'Acked');
    chapter.markAcked();
    type(chapter, 'Not yet acked');
    await chapter.close();

    const again = await open(db);
    expect(again.unacked()).toBe(true);
    await again.close();
  });

  it('stores the server’s updates but not local edits while those are refused', async () => {
    const db = freshDb();
    const chapter = await open(db);
    const server = { name: 'the provider' };
    chapter.treatAsRemote(server);
    chapter.setLocalEditsRefused(true);

    type(chapter, 'Not allowed');
    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    const remote = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('From the server')]);
    remote.getXmlFragment('default').push([paragraph]);
    Y.applyUpdate(chapter.doc, Y.encodeStateAsUpdate(remote), server);
    expect(chapter.hasUnsavedLocalChanges()).toBe(false);
    await chapter.close();

    const again = await open(db);
    expect(body(again)).toBe('<paragraph>From the server</paragraph>');
    await again.close();
  });
});
