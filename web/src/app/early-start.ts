/**
 * What a page load starts before React and the router exist, so that it runs while the rest of
 * the app's code is evaluated instead of after it: on the editor's URL, when someone may be
 * signed in on this device, the cached user's read (the guards wait for it), the editor's code
 * and this device's databases (issue 6's open time). Only reads: whoever needs the answers
 * still asks for them, and gets them sooner.
 * Imported first by `main.tsx` (it starts when evaluated: an ES module's own imports are
 * evaluated before it, whatever their place in it); it must stay light (no React, no router).
 */
import { session } from '@/lib/session';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { appDatabase } from '@/storage';
import { collabDatabase } from '@/sync/collab/collab-db';

const EDITOR_PATH = /^\/manuscript\/([^/]+)\/?$/;

function quietly(read: Promise<unknown>): void {
  // The real reader meets, and handles, any failure of its own read.
  read.catch(() => undefined);
}

/**
 * Other routes read the session when their guard asks (a marketing page never opens the shared
 * database for it); and without the "might be logged in" marker (logged out, or never signed
 * in here) the editor's address only leads to login, so nothing is read or created for it.
 */
export function startEarly(
  location: Pick<Location, 'pathname'>,
  mightBeLoggedIn: boolean = readStorage(storageKeys.mightBeLoggedIn) !== null,
): void {
  const editor = EDITOR_PATH.exec(location.pathname);
  if (!editor || !mightBeLoggedIn) return;
  quietly(session.peekUser());
  quietly(import('@/features/editor/manuscript-page'));
  const manuscriptId = decodeURIComponent(editor[1] ?? '');
  quietly(appDatabase().manuscripts.get(manuscriptId));
  quietly(collabDatabase().docs.count());
}

if (typeof window !== 'undefined') {
  startEarly(window.location);
}
