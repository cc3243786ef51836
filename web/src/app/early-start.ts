/**
 * What a page load starts before React and the router exist, so that it runs while the rest of
 * the app's code is evaluated instead of after it: on the editor's URL, when someone may be
 * signed in on this device, the cached user's read (the guards wait for it), the editor's code,
 * this device's databases and the rows of the chapter the editor will show (the URL's
 * `?chapter=`, else the manuscript's last one; `sync/collab/read-ahead.ts`), so that the
 * chapter's text is on screen sooner after a load. Only reads: whoever needs the answers still
 * asks for them, and gets them sooner.
 * Imported first by `main.tsx` (it starts when evaluated: an ES module's own imports are
 * evaluated before it, whatever their place in it); it must stay light (no React, no router).
 */
import { session } from '@/lib/session';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { appDatabase } from '@/storage';
import { collabDatabase } from '@/sync/collab/collab-db';
import { readAhead } from '@/sync/collab/read-ahead';

const EDITOR_PATH = /^\/manuscript\/([^/]+)\/?$/;

function quietly(read: Promise<unknown>): void {
  // The real reader meets, and handles, any failure of its own read.
  read.catch(() => undefined);
}

/** The manuscript settings' `last_active_chapter` (the chapter last open), if it names one. */
function lastActiveChapter(settings: unknown): string | null {
  if (typeof settings !== 'object' || settings === null) return null;
  const last = (settings as { last_active_chapter?: unknown }).last_active_chapter;
  return typeof last === 'string' && last !== '' ? last : null;
}

/**
 * Other routes read the session when their guard asks (a marketing page never opens the shared
 * database for it); and without the "might be logged in" marker (logged out, or never signed
 * in here) the editor's address only leads to login, so nothing is read or created for it.
 */
export function startEarly(
  location: Pick<Location, 'pathname' | 'search'>,
  mightBeLoggedIn: boolean = readStorage(storageKeys.mightBeLoggedIn) !== null,
): void {
  const editor = EDITOR_PATH.exec(location.pathname);
  if (!editor || !mightBeLoggedIn) return;
  quietly(session.peekUser());
  quietly(import('@/features/editor/manuscript-page'));
  const manuscriptId = decodeURIComponent(editor[1] ?? '');
  const collab = collabDatabase();
  const requested = new URLSearchParams(location.search).get('chapter');
  if (requested) readAhead(collab, requested);
  else quietly(collab.open());
  quietly(
    appDatabase()
      .manuscripts.get(manuscriptId)
      .then((manuscript) => {
        const last = lastActiveChapter(manuscript?.settings);
        if (!requested && last) readAhead(collab, last);
      }),
  );
}

if (typeof window !== 'undefined') {
  startEarly(window.location);
}
