import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { session } from '@/lib/session';
import type { SessionSyncOptions } from '@/sync';
import { buildUser } from '@/testing/build-user';
import { renderRoutes } from '@/testing/render-with-providers';

import { UserSync } from './user-sync';

const started = vi.hoisted(
  () => [] as { options: SessionSyncOptions; stop: ReturnType<typeof vi.fn> }[],
);

vi.mock('@/sync', () => ({
  startSessionSync: (options: SessionSyncOptions) => {
    const stop = vi.fn();
    started.push({ options, stop });
    return { stop };
  },
}));

function renderShell() {
  renderRoutes(
    [
      { path: '/manuscripts', element: <UserSync /> },
      { path: '/auth/logout', element: <h1>Logging out</h1> },
    ],
    '/manuscripts',
  );
}

describe('the app shell’s sync', () => {
  it('starts the signed-in user’s sync and stops it on logout', () => {
    started.length = 0;
    act(() => {
      session.setUser(buildUser({ id: 'UserAnaWriter000000001' }));
    });
    renderShell();
    expect(started.map((run) => run.options.userId)).toEqual(['UserAnaWriter000000001']);

    act(() => {
      session.clear();
    });
    expect(started[0]?.stop).toHaveBeenCalledTimes(1);
  });

  it('waits for the server to verify a session that a screen opened on the cached user', () => {
    started.length = 0;
    const user = buildUser({ id: 'UserAnaWriter000000001' });
    const unverified = { user, initialised: false, needsToLoginAgain: false };
    const getState = vi.spyOn(session, 'getState').mockReturnValue(unverified);
    renderShell();
    expect(started).toHaveLength(0);

    getState.mockRestore();
    act(() => {
      session.setUser(user);
    });
    expect(started.map((run) => run.options.userId)).toEqual(['UserAnaWriter000000001']);
  });

  it('goes to logout when the sync says so, telling why when the local database failed', async () => {
    started.length = 0;
    act(() => {
      session.setUser(buildUser());
    });
    renderShell();
    act(() => {
      started[0]?.options.logout();
    });
    expect(await screen.findByRole('heading', { name: 'Logging out' })).toBeVisible();
    expect(screen.getByText(/Logged out: this device's storage stopped working/)).toBeVisible();
  });

  it('checks the session when the server ends it, pausing while the re-login modal waits', async () => {
    started.length = 0;
    act(() => {
      session.setUser(buildUser({ id: 'UserAnaWriter000000001' }));
    });
    const reload = vi.spyOn(session, 'reload').mockImplementation(() => {
      session.markNeedsToLoginAgain();
      return Promise.reject(new Error('refresh failed'));
    });
    renderShell();
    await act(async () => {
      started[0]?.options.onSessionEnded();
      await Promise.resolve();
    });
    expect(started[0]?.stop).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(started).toHaveLength(1);

    // The re-login modal succeeded: the sync starts again.
    act(() => {
      session.setUser(buildUser({ id: 'UserAnaWriter000000001' }));
    });
    expect(started).toHaveLength(2);
  });

  it('tells the user when the device is full', async () => {
    started.length = 0;
    act(() => {
      session.setUser(buildUser());
    });
    renderShell();
    act(() => {
      started[0]?.options.onQuota();
    });
    expect(await screen.findByText('This device is out of storage')).toBeVisible();
  });
});
