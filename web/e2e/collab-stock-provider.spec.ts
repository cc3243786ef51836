import { randomInt } from 'node:crypto';

import { expect, test as base } from '@playwright/test';

import { newWriter } from './support/accounts';
import { ApiSession } from './support/api-session';
import { StockClient } from './support/stock-provider';

/**
 * `/api/v4/collab` speaks Hocuspocus v4 well enough for the stock `@hocuspocus/provider` (the
 * npm package, unmodified) to be a complete client of the real server: authentication by the
 * session cookie, first sync, acknowledgements, live updates both ways, what a later device gets,
 * and the scopes of the people a manuscript is shared with. No browser: the providers run in Node.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new entity id, as the client makes them: 22 characters of [A-Za-z0-9]. */
function newId(): string {
  return Array.from({ length: 22 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

const test = base.extend<{
  /** Opens `chapterId` on a new socket with a new `Y.Doc` and a stock provider: a device. */
  openChapter: (session: ApiSession, chapterId: string) => StockClient;
  /** A new writer, signed up over the API. */
  signedUp: (name: string) => Promise<ApiSession>;
}>({
  openChapter: async ({ baseURL }, provide) => {
    const clients: StockClient[] = [];
    await provide((session, chapterId) => {
      const client = new StockClient(baseURL ?? '', session.cookie, chapterId);
      clients.push(client);
      return client;
    });
    await Promise.all(clients.map((client) => client.close()));
  },
  signedUp: async ({ baseURL }, provide) => {
    await provide((name) => ApiSession.signUp(baseURL ?? '', newWriter(name)));
  },
});

/** A manuscript with one chapter, made over the API as the web app's outbox would. */
async function newChapter(owner: ApiSession): Promise<{ manuscriptId: string; chapterId: string }> {
  const manuscriptId = newId();
  const chapterId = newId();
  await owner.call('PUT', `manuscripts/put/${manuscriptId}`, { title: 'The Night Train' });
  await owner.call('PUT', `chapters/put/${chapterId}`, {
    manuscript_id: manuscriptId,
    name: 'Departure',
  });
  return { manuscriptId, chapterId };
}

test('two devices write one chapter live through the stock provider, and the server keeps it', async ({
  openChapter,
  signedUp,
}) => {
  const nora = await signedUp('Nora Stock-Provider');
  const { chapterId } = await newChapter(nora);
  // Each device is its own socket and document; one session serves them all, like tabs.
  const laptop = openChapter(nora, chapterId);
  const phone = openChapter(nora, chapterId);
  expect(await laptop.authenticated()).toBe('read-write');
  expect(await phone.authenticated()).toBe('read-write');
  await Promise.all([laptop.synced(), phone.synced()]);
  expect(laptop.body()).toBe('');

  // The laptop writes; the server acknowledges it (once stored) and the phone gets it live.
  laptop.appendParagraph('The night train left at nine.');
  expect(laptop.provider.unsyncedChanges).toBeGreaterThan(0);
  await laptop.acknowledged();
  await phone.holds('The night train left at nine.');

  // The phone types into the same paragraph; the laptop gets it live.
  phone.typeAtEndOf(0, ' Nobody waved.');
  await phone.acknowledged();
  await laptop.holds('Nobody waved.');
  const written = '<paragraph>The night train left at nine. Nobody waved.</paragraph>';
  expect(laptop.body()).toBe(written);
  expect(phone.body()).toBe(written);
  expect([...laptop.acks, ...phone.acks]).not.toContain(false);

  // Both devices leave; a third one opening the chapter gets all of it from the server. (The
  // room stays in memory for a while after the last device leaves: that the log holds the text
  // is what the acknowledgements promised; the restart test in Rust proves it.)
  await Promise.all([laptop.close(), phone.close()]);
  const tablet = openChapter(nora, chapterId);
  expect(await tablet.authenticated()).toBe('read-write');
  await tablet.synced();
  expect(tablet.body()).toBe(written);

  // REST readers (an older client, exports) see the same text, derived from the document.
  const content = (await nora.call('GET', `chapters/content/${chapterId}`)) as {
    content: string;
    words: number;
  };
  expect(content.content).toBe('<p>The night train left at nine. Nobody waved.</p>');
  expect(content.words).toBe(8);
});

test('a stranger is refused the chapter, a Viewer reads it and its edits stay its own', async ({
  openChapter,
  signedUp,
}) => {
  const [owner, viewerSession, strangerSession] = await Promise.all([
    signedUp('Olga Owner'),
    signedUp('Vic Viewer'),
    signedUp('Stan Stranger'),
  ]);
  const { manuscriptId, chapterId } = await newChapter(owner);
  await owner.call('POST', 'manuscripts/share', {
    manuscript_id: manuscriptId,
    email: viewerSession.email,
    permissions: 3,
  });

  const author = openChapter(owner, chapterId);
  expect(await author.authenticated()).toBe('read-write');
  await author.synced();
  author.appendParagraph('Only the author writes here.');
  await author.acknowledged();

  // Someone the manuscript is not shared with: refused, as if the chapter did not exist.
  const stranger = openChapter(strangerSession, chapterId);
  expect(await stranger.authenticationFailed()).toBe('not_found');
  expect(stranger.scope).toBeNull();

  // A Viewer gets the text read-only; its first sync holds nothing new and is acknowledged.
  const viewer = openChapter(viewerSession, chapterId);
  expect(await viewer.authenticated()).toBe('readonly');
  await viewer.synced();
  await viewer.acknowledged();
  expect(viewer.body()).toBe('<paragraph>Only the author writes here.</paragraph>');

  // Its own edit is answered with a refusal and stays pending on the Viewer…
  const answersBefore = viewer.acks.length;
  viewer.appendParagraph('A Viewer’s scribble.');
  await viewer.answered(answersBefore + 1);
  expect(viewer.acks.at(-1)).toBe(false);
  expect(viewer.provider.unsyncedChanges).toBeGreaterThan(0);

  // …and never reaches the author: the author's next edit is acknowledged after the room
  // handled the Viewer's, so anything relayed would have arrived before that acknowledgement.
  author.typeAtEndOf(0, ' Still.');
  await author.acknowledged();
  expect(author.body()).toBe('<paragraph>Only the author writes here. Still.</paragraph>');
  await viewer.holds('Still.');
});
