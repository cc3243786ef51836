import { afterEach, describe, expect, it } from 'vitest';

import type { LiveQuery } from '@/storage';
import { createTestEngine, disposeTestEngines } from '@/testing/sync-harness';

import { createChapterStashes } from './chapter-stashes';
import type { StashRow } from './stash-rules';

/** The newest stash the live query answered. */
function newest(rows: StashRow[] | undefined): StashRow {
  const [row] = rows ?? [];
  if (!row) throw new Error('no stash');
  return row;
}

const BOOK = 'BookDune00000000000001';
const CHAPTER = 'ChapterOne000000000001';

afterEach(async () => {
  await disposeTestEngines();
});

function follow<T>(query: LiveQuery<T>) {
  const answers: T[] = [];
  const subscription = query.subscribe({ next: (value) => answers.push(value) });
  return { answers, last: () => answers.at(-1), stop: () => subscription.unsubscribe() };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

function setUp() {
  const t = createTestEngine();
  const now = Date.now();
  t.remote.seed('manuscripts', { id: BOOK, title: 'Dune', updated_at: now, deleted_at: null });
  const stashes = createChapterStashes({
    reads: t.engine.reads,
    writer: t.engine.writer,
    manuscriptId: BOOK,
    chapterId: CHAPTER,
  });
  return { ...t, stashes };
}

describe('a chapter’s stashes, local first', () => {
  it('keeps a stash, marks it deleted, restores it, and removes it on a second delete — here and on the server', async () => {
    const { engine, remote, stashes } = setUp();
    const live = follow(stashes.live);
    await stashes.add('<p>Cut <em>aside</em></p>');
    await until(() => live.last()?.length === 1);
    const [kept] = live.last() ?? [];
    if (!kept) throw new Error('no stash');
    expect(kept).toMatchObject({
      chapter_id: CHAPTER,
      manuscript_id: BOOK,
      content: '<p>Cut <em>aside</em></p>',
      enabled: true,
      deleted_at: null,
    });
    await engine.outbox.flushPending();
    expect(remote.rows.stashes.get(kept.id)?.content).toBe('<p>Cut <em>aside</em></p>');

    await stashes.remove(kept);
    await until(() => (live.last()?.[0]?.deleted_at ?? null) !== null);
    await engine.outbox.flushPending();
    expect(remote.rows.stashes.get(kept.id)?.deleted_at).not.toBeNull();

    await stashes.restore(kept.id);
    await until(() => live.last()?.[0]?.deleted_at === null);
    await engine.outbox.flushPending();
    expect(remote.rows.stashes.get(kept.id)?.deleted_at).toBeNull();

    await stashes.remove(newest(live.last()));
    await until(() => (live.last()?.[0]?.deleted_at ?? null) !== null);
    await stashes.remove(newest(live.last()));
    await until(() => live.last()?.length === 0);
    await engine.outbox.flushPending();
    expect(remote.rows.stashes.has(kept.id)).toBe(false);
    live.stop();
  });

  it('lists only this chapter’s stashes, newest first', async () => {
    const { engine, stashes } = setUp();
    const other = createChapterStashes({
      reads: engine.reads,
      writer: engine.writer,
      manuscriptId: BOOK,
      chapterId: 'ChapterTwo000000000001',
    });
    const live = follow(stashes.live);
    await stashes.add('<p>first</p>');
    await other.add('<p>elsewhere</p>');
    await new Promise((r) => setTimeout(r, 5));
    await stashes.add('<p>second</p>');
    await until(() => live.last()?.length === 2);
    expect(live.last()?.map((row) => row.content)).toEqual(['<p>second</p>', '<p>first</p>']);
    live.stop();
  });
});
